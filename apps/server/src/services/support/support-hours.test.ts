import { describe, expect, it } from 'vitest';
import { localDate, supportDay } from './support-hours';

const none = new Set<string>();

describe('supportDay', () => {
  it('is open on a weekday and answers by the next working day', () => {
    // Wednesday 25 November 2026, 10:00 in Rome
    expect(supportDay(new Date('2026-11-25T09:00:00Z'), 'Europe/Rome', none)).toEqual({
      today: '2026-11-25',
      open: true,
      closedReason: null,
      answerBy: '2026-11-26',
    });
  });

  it('is closed on a weekend; a Friday or Saturday request is answered on Monday', () => {
    expect(supportDay(new Date('2026-11-27T12:00:00Z'), 'Europe/Rome', none).answerBy).toBe('2026-11-30');
    const saturday = supportDay(new Date('2026-11-28T12:00:00Z'), 'Europe/Rome', none);
    expect(saturday).toMatchObject({ open: false, closedReason: 'weekend', answerBy: '2026-11-30' });
  });

  it('is closed on a holiday and skips holidays when promising an answer', () => {
    const holidays = new Set(['2026-12-25', '2026-12-28']);
    const christmas = supportDay(new Date('2026-12-25T10:00:00Z'), 'Europe/Rome', holidays);
    expect(christmas).toMatchObject({ open: false, closedReason: 'holiday', answerBy: '2026-12-29' });
  });

  it('reads the day in the organisation time zone, not the server one', () => {
    // Friday 23:30 UTC is already Saturday in Rome but still Friday in New York
    const at = new Date('2026-11-27T23:30:00Z');
    expect(localDate(at, 'Europe/Rome')).toBe('2026-11-28');
    expect(supportDay(at, 'Europe/Rome', none).open).toBe(false);
    expect(supportDay(at, 'America/New_York', none).open).toBe(true);
  });
});
