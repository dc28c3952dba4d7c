import type { CalendarEvent } from '@fotodrop/contract/api/events';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import {
  clampDay,
  eventsOn,
  type IsoDay,
  type IsoMonth,
  monthOf,
  monthWeeks,
  moveDay,
  type WeekStart,
  weekDays,
} from '../lib/month-grid';

/** A plural key: the catalogues hold event_count_one, _other (and _few, _many… per language). */
const EVENT_COUNT = 'calendar.event_count';

/** Events marked in one day's cell; more show as "+n" (the day's name and the list say them all). */
const MAX_MARKS = 2;

interface MonthGridProps {
  month: IsoMonth;
  events: readonly CalendarEvent[];
  today: IsoDay;
  selected: IsoDay | null;
  /** The day that takes the focus (roving tabindex); always a day of `month`. */
  focusDay: IsoDay;
  range: { min: IsoMonth; max: IsoMonth };
  weekStart: WeekStart;
  /** The focused day moved by a key; it may be in another month, which the calendar then shows. */
  onFocusDay: (day: IsoDay) => void;
  onSelect: (day: IsoDay) => void;
  /** Id of the month's heading, which names the grid. */
  labelledBy: string;
}

/**
 * A month as a grid of days, a week a row (the WAI-ARIA grid pattern): one day in the tab
 * order, arrow keys move by day and week, Home / End to the week's ends, Page Up / Down by month
 * (with Shift by year), Enter or Space selects. Days with events are marked, on a phone with a
 * dot per event and on wider screens with the events' names; an event of several days is marked
 * on each of its days, joined from one day to the next.
 */
export function MonthGrid({
  month,
  events,
  today,
  selected,
  focusDay,
  range,
  weekStart,
  onFocusDay,
  onSelect,
  labelledBy,
}: MonthGridProps) {
  const { t, language } = useTranslation();
  const table = useRef<HTMLTableElement>(null);
  // the focus follows the focused day only after a key moved it, never on open or a button press
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    table.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const weekday = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const weekdayLong = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  const dayNumber = new Intl.DateTimeFormat(language, { day: 'numeric', timeZone: 'UTC' });
  const fullDate = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
  const asDate = (day: IsoDay) => new Date(`${day}T00:00:00Z`);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(focusDay);
      return;
    }
    const next = moveDay(focusDay, event.key, weekStart, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    onFocusDay(clampDay(next, range));
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date grid is a table with role grid
    <table ref={table} className="month-grid" role="grid" aria-labelledby={labelledBy} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          {weekDays(weekStart).map((day) => (
            <th key={day} scope="col" abbr={weekdayLong.format(asDate(day))}>
              {weekday.format(asDate(day))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month, weekStart).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, i) => {
              // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell's place in its week is its identity
              if (!day) return <td key={`blank-${i}`} className="month-day is-blank" />;
              const onDay = eventsOn(events, day);
              const count = onDay.length;
              const classes = ['month-day'];
              if (count > 0) classes.push('has-events');
              if (day === today) classes.push('is-today');
              if (day < today) classes.push('is-past');
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's own keydown handles Enter and Space for its days
                <td
                  key={day}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the date grid (WAI-ARIA grid pattern)
                  role="gridcell"
                  className={classes.join(' ')}
                  data-day={day}
                  tabIndex={day === focusDay && monthOf(day) === month ? 0 : -1}
                  aria-selected={day === selected}
                  aria-current={day === today ? 'date' : undefined}
                  onClick={() => onSelect(day)}
                >
                  <span className="month-day-number" aria-hidden="true">
                    {dayNumber.format(asDate(day))}
                  </span>
                  <span className="visually-hidden">
                    {fullDate.format(asDate(day))}
                    {count > 0 && `, ${t(EVENT_COUNT, { count })}`}
                  </span>
                  {count > 0 && (
                    <span className="month-day-marks" aria-hidden="true">
                      {onDay.slice(0, MAX_MARKS).map((event) => (
                        <span
                          key={event.id}
                          className={`month-day-event${event.start_date < day ? ' is-continued' : ''}${(event.end_date || event.start_date) > day ? ' continues' : ''}`}
                        >
                          <span className="month-day-event-name">{event.name}</span>
                        </span>
                      ))}
                      {count > MAX_MARKS && <span className="month-day-more">+{count - MAX_MARKS}</span>}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
