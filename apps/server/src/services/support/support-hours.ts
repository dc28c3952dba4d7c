import { SUPPORT_WEEKDAYS } from '@fotodrop/contract';

export interface SupportDay {
  /** Today in the support team's time zone, YYYY-MM-DD. */
  today: string;
  open: boolean;
  closedReason: 'weekend' | 'holiday' | null;
  /** The next working day after today: the day an answer can be expected by. */
  answerBy: string;
}

/** How far ahead a working day is looked for: longer than any run of holidays and weekends. */
export const HOLIDAY_LOOKAHEAD_DAYS = 31;

/** The calendar date of `at` in `timeZone` (an IANA name), YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const isWeekday = (day: string) =>
  (SUPPORT_WEEKDAYS as readonly number[]).includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/**
 * Whether support is open today where the team works (Monday to Friday, not on its holidays), and
 * by which working day it answers: a request sent today is answered by the next working day, so
 * one sent on Friday or over a weekend by Monday (or later after a holiday).
 */
export function supportDay(at: Date, timeZone: string, holidays: ReadonlySet<string>): SupportDay {
  const today = localDate(at, timeZone);
  const working = (day: string) => isWeekday(day) && !holidays.has(day);
  let answerBy = addDays(today, 1);
  for (let i = 0; i < HOLIDAY_LOOKAHEAD_DAYS && !working(answerBy); i++) answerBy = addDays(answerBy, 1);
  const closedReason = !isWeekday(today) ? 'weekend' : holidays.has(today) ? 'holiday' : null;
  return { today, open: closedReason === null, closedReason, answerBy };
}
