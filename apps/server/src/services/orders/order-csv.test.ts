import { describe, expect, it } from 'vitest';
import { localTimes } from './order-csv';

/** What Intl says for each instant: the reference the cached offsets must match. */
function reference(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}

describe('the CSV order date in the organisation time zone', () => {
  // zones with summer time on either hemisphere, a half-hour change (Lord Howe) and a 45-minute offset
  it.each(['Europe/Ljubljana', 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'])(
    '%s: every 17 minutes of a year, summer-time changes included, as Intl writes it',
    (zone) => {
      const localTime = localTimes(zone);
      const expected = reference(zone);
      const start = Date.UTC(2026, 0, 1);
      for (let at = start; at < start + 366 * 86_400_000; at += 17 * 60_000 + 13_000) {
        const date = new Date(at);
        const want = expected(date);
        if (localTime(date) !== want) expect(localTime(date), date.toISOString()).toBe(want);
      }
      // the night Europe moves its clocks back: 01:00 UTC is 03:00, then 02:00 again
      if (zone === 'Europe/Ljubljana') {
        expect(localTime(new Date('2026-10-25T00:59:00Z'))).toBe('2026-10-25 02:59');
        expect(localTime(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25 02:00');
      }
    },
  );
});
