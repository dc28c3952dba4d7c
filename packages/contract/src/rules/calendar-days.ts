/**
 * Calendar days (YYYY-MM-DD) of the insight dashboards (issue 19), on the server and in the console:
 * no time of day, no local clock.
 */

const DAY_MS = 86_400_000;

/** The calendar day of a moment in an IANA time zone. */
export function dayIn(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A day `n` days later (earlier when negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
