import type { CalendarEvent } from '@fotodrop/contract/api/events';
import { isEventSlug } from '@fotodrop/contract/rules/event-slug';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { calendarDate, DateRange } from '../../../shared/ui/date-text';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/spinner';
import { calendarQuery } from '../api/events';

/** Events grouped by the month they start in (YYYY-MM), in the order the server lists them. */
function byMonth(events: CalendarEvent[]): [string, CalendarEvent[]][] {
  const months = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const month = event.start_date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), event]);
  }
  return [...months];
}

/** The calendar modal: upcoming events of this organisation, by month, each linking to its page. */
export function CalendarDialog({ onClose }: { onClose: () => void }) {
  const { t, language } = useTranslation();
  const query = useQuery(calendarQuery());
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('calendar.title')}
      actions={<Button onClick={onClose}>{t('dialog.close')}</Button>}
    >
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Alert tone="error">{translateError(t, query.error)}</Alert>
      ) : query.data.length === 0 ? (
        <p>{t('calendar.empty')}</p>
      ) : (
        byMonth(query.data).map(([month, events]) => (
          <section key={month} className="calendar-month" aria-labelledby={`calendar-${month}`}>
            <h3 id={`calendar-${month}`}>{monthName.format(calendarDate(`${month}-01`))}</h3>
            <ul className="calendar-list">
              {events.map((event) => (
                <li key={event.id}>
                  <CalendarItem event={event} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Dialog>
  );
}

function CalendarItem({ event }: { event: CalendarEvent }) {
  const content = (
    <>
      <strong>{event.name}</strong>
      <span>
        <DateRange start={event.start_date} end={event.end_date} />
        {event.location && ` · ${event.location}`}
      </span>
    </>
  );
  return isEventSlug(event.slug) ? (
    <Link className="calendar-item" to={paths.eventHome.getHref(event.slug)}>
      {content}
    </Link>
  ) : (
    <div className="calendar-item">{content}</div>
  );
}
