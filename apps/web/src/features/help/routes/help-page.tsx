import '../help.css';
import type { SupportSendResponse } from '@fotodrop/contract/api/support';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUser } from '../../../shared/auth/user';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { Spinner } from '../../../shared/ui/spinner';
import { faqsQuery, supportEventsQuery } from '../api/support-api';
import { FaqGroups } from '../components/faq-groups';
import { FaqSearch } from '../components/faq-search';
import { HelpLinks } from '../components/help-links';
import { SupportForm } from '../components/support-form';
import { SupportStatusNote } from '../components/support-status';
import { scrollToHash } from '../lib/hash-scroll';

/** A positive integer from the query (?event_id=), else null. */
function eventIdOf(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * /help — help and FAQ (entry spec §2): the FAQ of the site (and of one event with ?event_id=),
 * its search, hash links to groups and questions, the camera help, and the support request form.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('help.title'));
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useUser().data ?? null;
  const faqs = useQuery(faqsQuery(eventIdOf(params.get('event_id')), i18n.language));
  const support = useQuery(supportEventsQuery(user?.id ?? null));
  const [sent, setSent] = useState<{ answer: SupportSendResponse; email: string } | null>(null);
  const groups = faqs.data ?? [];
  const sentRef = useRef<HTMLDivElement>(null);

  // the form gives way to the confirmation: bring it into view and to screen readers' focus
  useEffect(() => {
    if (!sent || !sentRef.current) return;
    sentRef.current.focus({ preventScroll: true });
    sentRef.current.scrollIntoView?.({ block: 'center' });
  }, [sent]);

  // hash links work once the FAQ is on the page: the question opens and scrolls below the bar
  useEffect(() => {
    if (hash && (faqs.isSuccess || support.isSuccess)) scrollToHash(hash);
  }, [hash, faqs.isSuccess, support.isSuccess]);

  const pick = (target: string) => {
    if (target === hash) scrollToHash(target);
    else navigate({ hash: target }, { preventScrollReset: true });
  };

  return (
    <div className="page page-medium help-page">
      <h1>{t('help.title')}</h1>
      <p className="page-intro">{t('help.intro')}</p>

      {faqs.isPending ? (
        <Spinner label={t('help.loading')} />
      ) : faqs.isError ? (
        <Alert tone="error">{t('help.faq_error')}</Alert>
      ) : (
        <>
          <FaqSearch groups={groups} onPick={pick} />
          <FaqGroups groups={groups} />
        </>
      )}

      <section id="contact" className="help-contact card" tabIndex={-1} aria-labelledby="help-contact-title">
        <h2 id="help-contact-title">{t('help.contact_title')}</h2>
        {support.data && <SupportStatusNote status={support.data.support} />}
        {sent ? (
          <div ref={sentRef} className="help-sent" tabIndex={-1}>
            <Alert tone="success" title={t('help.sent.title', { id: sent.answer.id })}>
              <p>{t('help.sent.text', { email: sent.email })}</p>
              <p>
                {t('help.sent.answer_by', {
                  date: formatCalendarDate(sent.answer.answer_by, i18n.language, 'long'),
                })}
              </p>
              {!sent.answer.open && <p>{t('help.sent.closed')}</p>}
            </Alert>
          </div>
        ) : support.isPending ? (
          <Spinner label={t('help.loading')} />
        ) : (
          <SupportForm
            key={user?.id ?? 'visitor'}
            events={support.data?.results ?? []}
            defaults={{
              name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
              email: user?.email ?? '',
            }}
            onSent={(answer, email) => setSent({ answer, email })}
          />
        )}
      </section>

      <HelpLinks email={support.data?.support.email ?? null} />
    </div>
  );
}
