import type { CalendarEvent } from '@fotodrop/contract/api/events';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  clampDay,
  eventsIn,
  eventsOn,
  focusDayIn,
  initialMonth,
  monthRange,
  monthWeeks,
  moveDay,
  weekDays,
} from './month-grid';

const event = (id: number, start: string, end = start): CalendarEvent => ({
  id,
  slug: `${id}a1b2c3d`.slice(0, 8),
  name: `Event ${id}`,
  start_date: start,
  end_date: end,
  location: null,
  cover_url: null,
});

describe('the month grid', () => {
  it('lays a month out in weeks from Monday, or from Sunday', () => {
    // May 2026 starts on a Friday and has 31 days
    const monday = monthWeeks('2026-05', 1);
    expect(monday).toHaveLength(5);
    expect(monday[0]).toEqual([null, null, null, null, '2026-05-01', '2026-05-02', '2026-05-03']);
    expect(monday[4]).toEqual([
      '2026-05-25',
      '2026-05-26',
      '2026-05-27',
      '2026-05-28',
      '2026-05-29',
      '2026-05-30',
      '2026-05-31',
    ]);
    const sunday = monthWeeks('2026-05', 0);
    expect(sunday[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02']);
    expect(sunday).toHaveLength(6);
    // February 2027 starts on a Monday: four full weeks
    expect(monthWeeks('2027-02', 1)).toHaveLength(4);
    expect(weekDays(1)[0]).toBe('2024-01-08');
    expect(new Date(`${weekDays(0)[0]}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it('counts months over the turn of the year', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 14)).toBe('2027-07');
  });

  it('puts an event of several days on each of its days, also across months', () => {
    const events = [event(1, '2026-05-30', '2026-06-02'), event(2, '2026-05-31')];
    expect(eventsOn(events, '2026-05-29')).toEqual([]);
    expect(eventsOn(events, '2026-05-31').map((e) => e.id)).toEqual([1, 2]);
    expect(eventsOn(events, '2026-06-02').map((e) => e.id)).toEqual([1]);
    expect(eventsOn(events, '2026-06-03')).toEqual([]);
    expect(eventsIn(events, '2026-06').map((e) => e.id)).toEqual([1]);
    expect(eventsIn(events, '2026-07')).toEqual([]);
  });

  it('opens at the month of the next event, or at today while one is under way', () => {
    expect(initialMonth([event(1, '2026-07-04')], '2026-04-03')).toBe('2026-07');
    expect(initialMonth([event(1, '2026-03-30', '2026-04-05'), event(2, '2026-07-04')], '2026-04-03')).toBe(
      '2026-04',
    );
    expect(initialMonth([], '2026-04-03')).toBe('2026-04');
    // from the month of an event under way to the month the last one ends
    expect(
      monthRange([event(1, '2026-03-30', '2026-04-05'), event(2, '2026-07-04', '2026-08-01')], '2026-04-03'),
    ).toEqual({ min: '2026-03', max: '2026-08' });
  });

  it('focuses today, else the first day with an event, else the first of the month', () => {
    const events = [event(1, '2026-07-04', '2026-07-05')];
    expect(focusDayIn('2026-04', events, '2026-04-03')).toBe('2026-04-03');
    expect(focusDayIn('2026-07', events, '2026-04-03')).toBe('2026-07-04');
    expect(focusDayIn('2026-06', events, '2026-04-03')).toBe('2026-06-01');
  });

  it('moves the focused day by key as the WAI-ARIA grid pattern says', () => {
    expect(moveDay('2026-05-01', 'ArrowLeft', 1)).toBe('2026-04-30');
    expect(moveDay('2026-05-31', 'ArrowRight', 1)).toBe('2026-06-01');
    expect(moveDay('2026-05-06', 'ArrowUp', 1)).toBe('2026-04-29');
    expect(moveDay('2026-05-27', 'ArrowDown', 1)).toBe('2026-06-03');
    // Wednesday 6 May: the week runs Monday 4 to Sunday 10, or Sunday 3 to Saturday 9
    expect(moveDay('2026-05-06', 'Home', 1)).toBe('2026-05-04');
    expect(moveDay('2026-05-06', 'End', 1)).toBe('2026-05-10');
    expect(moveDay('2026-05-06', 'Home', 0)).toBe('2026-05-03');
    expect(moveDay('2026-05-06', 'End', 0)).toBe('2026-05-09');
    // a month on keeps the day, or takes the month's last one
    expect(moveDay('2026-01-31', 'PageDown', 1)).toBe('2026-02-28');
    expect(moveDay('2026-03-15', 'PageUp', 1)).toBe('2026-02-15');
    expect(moveDay('2026-03-15', 'PageDown', 1, true)).toBe('2027-03-15');
    expect(moveDay('2026-03-15', 'a', 1)).toBeNull();
    expect(clampDay('2026-03-31', { min: '2026-04', max: '2026-06' })).toBe('2026-04-01');
    expect(clampDay('2026-07-01', { min: '2026-04', max: '2026-06' })).toBe('2026-06-30');
  });
});
