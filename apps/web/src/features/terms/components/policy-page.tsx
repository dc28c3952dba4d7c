import { isLanguage } from '@fotodrop/contract/languages';
import { LEGAL_CONTACT_EMAIL, POLICIES_DATE, POLICIES_VERSION } from '@fotodrop/contract/policies';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { PageLoader } from '../../../shared/ui/spinner';
import { ENGLISH_POLICY_LANGUAGES, loadPolicyTexts } from '../documents';
import type { PolicySection } from '../documents/types';

export type PolicyKind = 'terms' | 'privacy';

/** A paragraph with the contact address (`{contact}`) as a mail link. */
function Paragraph({ text }: { text: string }) {
  const parts = text.split('{contact}');
  return (
    <p>
      {parts.map((part, i) => (
        // the parts of one paragraph never reorder
        // biome-ignore lint/suspicious/noArrayIndexKey: static text split
        <span key={i}>
          {i > 0 && <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>}
          {part}
        </span>
      ))}
    </p>
  );
}

/**
 * The terms of service or the privacy policy in the current language, with the edition people
 * accept (POLICIES_VERSION) and the day it came into force.
 */
export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t, language } = useTranslation();
  const lang = isLanguage(language) ? language : 'en';
  const title = t(kind === 'terms' ? 'policy.terms_title' : 'policy.privacy_title');
  usePageTitle(title);
  const texts = useQuery({
    queryKey: ['policy-texts', lang],
    queryFn: () => loadPolicyTexts(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const other = kind === 'terms' ? paths.privacyPolicy : paths.termsOfService;

  return (
    <article className="page page-medium policy" aria-labelledby="policy-title">
      <h1 id="policy-title">{title}</h1>
      <p className="page-intro">
        {t('policy.version', {
          version: POLICIES_VERSION,
          date: formatCalendarDate(POLICIES_DATE, language, 'long'),
        })}
      </p>
      {ENGLISH_POLICY_LANGUAGES.includes(lang) && <Alert tone="info">{t('policy.english_only')}</Alert>}
      {texts.isPending && <PageLoader />}
      {texts.isError && <Alert tone="error">{translateError(t, texts.error)}</Alert>}
      {texts.data?.[kind].map((section: PolicySection) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <Paragraph key={paragraph} text={paragraph} />
          ))}
        </section>
      ))}
      <p>
        <Link to={other.getHref()}>
          {t(kind === 'terms' ? 'policy.privacy_title' : 'policy.terms_title')}
        </Link>
      </p>
    </article>
  );
}
