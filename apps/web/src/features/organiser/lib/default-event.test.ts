import { describe, expect, it } from 'vitest';
import { defaultEvent } from './default-event';

const event = (name: string, start_date: string, end_date = start_date) => ({ name, start_date, end_date });

describe('the event an organiser page opens on', () => {
  it('is not an event that has not started, though the list puts it first', () => {
    const events = [
      event('Night Run', '2026-12-12'),
      event('Marathon', '2026-05-10'),
      event('Trail', '2026-03-01'),
    ];
    expect(defaultEvent(events, '2026-11-26')?.name).toBe('Marathon');
  });

  it('is the event running today, before one that started later but has ended', () => {
    const events = [event('Stay', '2026-11-01', '2026-12-31'), event('Party', '2026-11-20')];
    expect(defaultEvent(events, '2026-11-26')?.name).toBe('Stay');
  });

  it('is the first to start when none has started yet, and nothing without events', () => {
    const events = [event('Later', '2027-03-01'), event('Sooner', '2027-01-10')];
    expect(defaultEvent(events, '2026-11-26')?.name).toBe('Sooner');
    expect(defaultEvent([], '2026-11-26')).toBeUndefined();
  });
});
