import type { CalendarEvent } from '@fotodrop/contract/api/events';

/**
 * The calendar's date arithmetic on plain strings: days are YYYY-MM-DD and months YYYY-MM, so
 * they compare as strings and never shift with the time zone (every Date here is UTC midnight).
 */

export type IsoDay = string;
export type IsoMonth = string;

const DAY_MS = 86_400_000;
const toDate = (day: IsoDay) => new Date(`${day}T00:00:00Z`);
const toIso = (date: Date): IsoDay => date.toISOString().slice(0, 10);

export const monthOf = (day: IsoDay): IsoMonth => day.slice(0, 7);
export const firstDay = (month: IsoMonth): IsoDay => `${month}-01`;

export function addDays(day: IsoDay, days: number): IsoDay {
  return toIso(new Date(toDate(day).getTime() + days * DAY_MS));
}

export function addMonths(month: IsoMonth, months: number): IsoMonth {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + months, 1));
  return toIso(date).slice(0, 7);
}

export function lastDay(month: IsoMonth): IsoDay {
  return addDays(firstDay(addMonths(month, 1)), -1);
}

/** The same day of another month, or that month's last day when it is shorter (31 Jan → 28 Feb). */
export function sameDayIn(day: IsoDay, months: number): IsoDay {
  const month = addMonths(monthOf(day), months);
  const last = lastDay(month);
  const candidate = `${month}-${day.slice(8)}`;
  return candidate > last ? last : candidate;
}

/** 0 Sunday or 1 Monday, as the app's rule for the language says (shared/i18n `weekStart`). */
export type WeekStart = 0 | 1;

/** The day's place in its week, 0 … 6, counted from the first day of the week. */
export function weekdayIndex(day: IsoDay, weekStart: WeekStart): number {
  return (toDate(day).getUTCDay() - weekStart + 7) % 7;
}

/** The month as weeks (first day of the week first); days of the neighbouring months are null. */
export function monthWeeks(month: IsoMonth, weekStart: WeekStart): (IsoDay | null)[][] {
  const weeks: (IsoDay | null)[][] = [];
  let week: (IsoDay | null)[] = Array.from({ length: weekdayIndex(firstDay(month), weekStart) }, () => null);
  for (let day = firstDay(month); monthOf(day) === month; day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** Seven days of a fixed week in the order the grid shows them, to name the weekdays with Intl. */
export function weekDays(weekStart: WeekStart): IsoDay[] {
  // 2024-01-07 was a Sunday
  return Array.from({ length: 7 }, (_, i) => addDays('2024-01-07', weekStart + i));
}

/** Events taking place on the day: an event of several days is on each of them. */
export function eventsOn(events: readonly CalendarEvent[], day: IsoDay): CalendarEvent[] {
  return events.filter((e) => e.start_date <= day && day <= (e.end_date || e.start_date));
}

/** Events taking place on at least one day of the month. */
export function eventsIn(events: readonly CalendarEvent[], month: IsoMonth): CalendarEvent[] {
  return events.filter(
    (e) => e.start_date <= lastDay(month) && firstDay(month) <= (e.end_date || e.start_date),
  );
}

/**
 * The months the calendar can show: from the month of today (or of an event already under way)
 * to the month the last event ends in. It lists upcoming events only, so earlier months are empty.
 */
export function monthRange(
  events: readonly CalendarEvent[],
  today: IsoDay,
): { min: IsoMonth; max: IsoMonth } {
  let min = monthOf(today);
  let max = min;
  for (const e of events) {
    if (monthOf(e.start_date) < min) min = monthOf(e.start_date);
    if (monthOf(e.end_date || e.start_date) > max) max = monthOf(e.end_date || e.start_date);
  }
  return { min, max };
}

/** The month shown first: the month of the next upcoming event, today's month if one is under way. */
export function initialMonth(events: readonly CalendarEvent[], today: IsoDay): IsoMonth {
  const next = events.find((e) => (e.end_date || e.start_date) >= today);
  if (!next) return monthOf(today);
  return next.start_date > today ? monthOf(next.start_date) : monthOf(today);
}

/** The day a month's grid takes the focus on: today, else its first day with an event, else the 1st. */
export function focusDayIn(month: IsoMonth, events: readonly CalendarEvent[], today: IsoDay): IsoDay {
  if (monthOf(today) === month) return today;
  for (let day = firstDay(month); monthOf(day) === month; day = addDays(day, 1))
    if (eventsOn(events, day).length > 0) return day;
  return firstDay(month);
}

/** Where an arrow, Home / End or Page key moves the focused day; null for other keys. */
export function moveDay(day: IsoDay, key: string, weekStart: WeekStart, shift = false): IsoDay | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayIndex(day, weekStart));
    case 'End':
      return addDays(day, 6 - weekdayIndex(day, weekStart));
    case 'PageUp':
      return sameDayIn(day, shift ? -12 : -1);
    case 'PageDown':
      return sameDayIn(day, shift ? 12 : 1);
    default:
      return null;
  }
}

/** A day kept within the months the calendar can show. */
export function clampDay(day: IsoDay, range: { min: IsoMonth; max: IsoMonth }): IsoDay {
  if (day < firstDay(range.min)) return firstDay(range.min);
  if (day > lastDay(range.max)) return lastDay(range.max);
  return day;
}
