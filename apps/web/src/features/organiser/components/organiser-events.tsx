import type { OrganiserEvent } from '@fotodrop/contract/api/organiser';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { PageLoader } from '../../../shared/ui/spinner';

/**
 * An organiser page's events, once they are there: the loader, the page's own "not allowed" text
 * for a 403, any other error, and "no events" are said here for every organiser page.
 */
export function OrganiserEventsGate({
  events,
  notAllowed,
  children,
}: {
  events: UseQueryResult<{ results: OrganiserEvent[] }>;
  notAllowed: string;
  children: (events: OrganiserEvent[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (events.isPending) return <PageLoader />;
  if (events.isError)
    return (
      <Alert tone="error">
        {isApiError(events.error) && events.error.status === 403
          ? notAllowed
          : translateError(t, events.error)}
      </Alert>
    );
  if (events.data.results.length === 0) return <Alert tone="info">{t('organiser.no_events')}</Alert>;
  return <>{children(events.data.results)}</>;
}

/** The event chooser of the organiser pages: each event by name and start date. */
export function EventSelect({
  id,
  events,
  value,
  onChange,
}: {
  id: string;
  events: OrganiserEvent[];
  value: string;
  onChange: (slug: string) => void;
}) {
  const { t, language } = useTranslation();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('organiser.target.event')}
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        {events.map((e) => (
          <option key={e.slug} value={e.slug}>
            {`${e.name} · ${formatCalendarDate(e.start_date, language)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
