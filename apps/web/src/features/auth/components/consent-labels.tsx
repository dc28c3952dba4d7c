import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { RichText } from '../../../shared/i18n/rich-text';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** "I accept the terms of service and the privacy policy", with both linked. */
export function TermsLabel() {
  const { t } = useTranslation();
  return (
    <RichText
      text={t('auth.signup.accept_terms')}
      components={{
        // a new tab keeps what the form holds
        terms: (chunk) => <PolicyLink to={paths.termsOfService.getHref()}>{chunk}</PolicyLink>,
        privacy: (chunk) => <PolicyLink to={paths.privacyPolicy.getHref()}>{chunk}</PolicyLink>,
      }}
    />
  );
}

/** A link to one of our policy pages in a new tab, saying so to screen readers. */
export function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t('common.opens_new_tab')}</span>
    </Link>
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
