import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { RichText } from '../../../shared/i18n/rich-text';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** "I accept the terms of service and the privacy policy", with both linked. */
export function TermsLabel() {
  const { t } = useTranslation();
  return (
    <RichText
      text={t('auth.signup.accept_terms')}
      components={{
        terms: (chunk) => <Link to={paths.help.getHref('terms')}>{chunk}</Link>,
        privacy: (chunk) => <Link to={paths.help.getHref('privacy')}>{chunk}</Link>,
      }}
    />
  );
}

/** A link that opens in a new tab, saying so to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('common.opens_new_tab')}</span>
    </a>
  );
}
