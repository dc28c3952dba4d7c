import './calendar.css';
import type { CalendarEvent } from '@fotodrop/contract/api/events';
import { isEventSlug } from '@fotodrop/contract/rules/event-slug';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useWeekStart } from '../../../shared/i18n/use-week-start';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { calendarDate, DateRange, todayIso } from '../../../shared/ui/date-text';
import { Dialog } from '../../../shared/ui/dialog';
import { LineIcon } from '../../../shared/ui/line-icon';
import { Spinner } from '../../../shared/ui/spinner';
import { calendarQuery } from '../api/events';
import {
  addMonths,
  eventsIn,
  eventsOn,
  focusDayIn,
  type IsoDay,
  type IsoMonth,
  initialMonth,
  monthOf,
  monthRange,
} from '../lib/month-grid';
import { MonthGrid } from './month-grid';

/** The calendar modal: upcoming events of this organisation on a month grid, each linking to its page. */
export function CalendarDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(calendarQuery());
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
      ) : (
        <MonthCalendar events={query.data} />
      )}
    </Dialog>
  );
}

/** "Mai 2026": a month heading starts with a capital, also where month names are lower case. */
function capitalise(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/**
 * Month navigation, the month's grid, and under it the list of the month's events (for screen
 * readers and small screens), or of the selected day's.
 */
function MonthCalendar({ events }: { events: CalendarEvent[] }) {
  const { t, language } = useTranslation();
  const weekStart = useWeekStart();
  const today = todayIso();
  const range = useMemo(() => monthRange(events, today), [events, today]);
  const [month, setMonth] = useState<IsoMonth>(() => initialMonth(events, today));
  const [focusDay, setFocusDay] = useState<IsoDay>(() => focusDayIn(month, events, today));
  const [selected, setSelected] = useState<IsoDay | null>(null);
  const headingId = useId();
  const listHeadingId = useId();

  const showMonth = (next: IsoMonth) => {
    setMonth(next);
    setFocusDay(focusDayIn(next, events, today));
    setSelected(null);
  };
  const moveFocus = (day: IsoDay) => {
    if (monthOf(day) !== month) {
      setMonth(monthOf(day));
      setSelected(null);
    }
    setFocusDay(day);
  };
  const select = (day: IsoDay) => {
    setSelected(day);
    setFocusDay(day);
  };

  const monthName = capitalise(
    new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      calendarDate(`${month}-01`),
    ),
    language,
  );
  const listed = selected ? eventsOn(events, selected) : eventsIn(events, month);
  const dayName = selected
    ? new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(calendarDate(selected))
    : '';
  const emptyText = selected
    ? t('calendar.day_empty')
    : events.length === 0
      ? t('calendar.empty')
      : t('calendar.month_empty', { month: monthName });

  return (
    <div className="month-calendar">
      <div className="month-nav">
        <button
          type="button"
          className="month-nav-btn"
          aria-label={t('calendar.previous_month')}
          disabled={month <= range.min}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <Chevron d="M15 5l-7 7 7 7" />
        </button>
        <h3 id={headingId} aria-live="polite">
          {monthName}
        </h3>
        <button
          type="button"
          className="month-nav-btn"
          aria-label={t('calendar.next_month')}
          disabled={month >= range.max}
          onClick={() => showMonth(addMonths(month, 1))}
        >
          <Chevron d="M9 5l7 7-7 7" />
        </button>
      </div>
      <MonthGrid
        month={month}
        events={events}
        today={today}
        selected={selected}
        focusDay={focusDay}
        range={range}
        weekStart={weekStart}
        onFocusDay={moveFocus}
        onSelect={select}
        labelledBy={headingId}
      />
      <section className="month-events" aria-labelledby={listHeadingId}>
        <div className="month-events-head">
          <h4 id={listHeadingId} aria-live="polite">
            {selected
              ? t('calendar.day_events', { date: dayName })
              : t('calendar.month_events', { month: monthName })}
          </h4>
          {selected && (
            <Button variant="ghost" size="sm" onClick={() => setSelected(null)}>
              {t('calendar.whole_month')}
            </Button>
          )}
        </div>
        {listed.length === 0 ? (
          <p className="month-events-empty">{emptyText}</p>
        ) : (
          <ul className="calendar-list">
            {listed.map((event) => (
              <li key={event.id}>
                <CalendarItem event={event} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Chevron({ d }: { d: string }) {
  return <LineIcon d={d} size={20} />;
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
