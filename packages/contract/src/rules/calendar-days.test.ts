import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetween } from './calendar-days';

describe('calendar days', () => {
  it('reads a moment as the day of the time zone', () => {
    const lateEvening = new Date('2026-03-28T23:30:00Z');
    expect(dayIn(lateEvening, 'UTC')).toBe('2026-03-28');
    expect(dayIn(lateEvening, 'Europe/Rome')).toBe('2026-03-29');
    expect(dayIn(lateEvening, 'America/Los_Angeles')).toBe('2026-03-28');
  });

  it('lists every day of a period across month ends and daylight saving changes', () => {
    expect(daysBetween('2026-03-28', '2026-04-01')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
  });
});
