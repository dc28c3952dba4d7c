import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { RichText } from '../../../shared/i18n/rich-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Checkbox } from '../../../shared/ui/checkbox';

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

/**
 * The two consents every new account gives (sign-up, an accepted invitation): the age declaration,
 * linking the age policy when the site has one, and the terms. The caller's fieldset holds them.
 */
export function RequiredConsents({
  adult,
  terms,
  adultError,
  termsError,
}: {
  adult: UseFormRegisterReturn;
  terms: UseFormRegisterReturn;
  adultError: string | undefined;
  termsError: string | undefined;
}) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const age = config.min_required_age;
  return (
    <>
      <Checkbox
        label={t('auth.signup.adult', { age })}
        description={
          config.min_required_age_policy_url ? (
            <ExternalLink href={config.min_required_age_policy_url}>
              {t('auth.signup.age_policy')}
            </ExternalLink>
          ) : undefined
        }
        required
        error={adultError}
        errorVars={{ age }}
        {...adult}
      />
      <Checkbox label={<TermsLabel />} required error={termsError} {...terms} />
    </>
  );
}
