import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './zoned-time';

describe("the event's wall-clock times", () => {
  it('reads a time typed for the event in its own zone, summer and winter', () => {
    expect(zonedToIso('2026-06-01T09:30', 'Europe/Rome')).toBe('2026-06-01T07:30:00.000Z');
    expect(zonedToIso('2026-12-01T09:30', 'Europe/Rome')).toBe('2026-12-01T08:30:00.000Z');
    expect(zonedToIso('2026-06-01T09:30', 'America/New_York')).toBe('2026-06-01T13:30:00.000Z');
    expect(zonedToIso('', 'UTC')).toBeNull();
  });

  it('shows a stored instant as the same wall-clock time it was typed as', () => {
    expect(isoToZoned('2026-06-01T07:30:00Z', 'Europe/Rome')).toBe('2026-06-01T09:30');
    expect(isoToZoned('2026-03-29T00:59:00Z', 'Europe/Rome')).toBe('2026-03-29T01:59');
    expect(isoToZoned('2026-03-29T01:00:00Z', 'Europe/Rome')).toBe('2026-03-29T03:00');
    expect(isoToZoned(null, 'UTC')).toBe('');
  });
});
