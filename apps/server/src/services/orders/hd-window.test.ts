import { describe, expect, it } from 'vitest';
import { hdAvailability } from './hd-window';

const now = new Date('2026-06-10T12:00:00Z');
const before = new Date('2026-06-09T12:00:00Z');
const after = new Date('2026-06-11T12:00:00Z');

describe('hdAvailability', () => {
  it('serves immediate albums at once, until their end date', () => {
    const immediate = { hdServingType: 'immediate' as const, hdAvailableFrom: after, hdAvailableTo: null };
    expect(hdAvailability(immediate, now)).toBe('available');
    expect(hdAvailability({ ...immediate, hdAvailableTo: after }, now)).toBe('available');
    expect(hdAvailability({ ...immediate, hdAvailableTo: before }, now)).toBe('ended');
    expect(hdAvailability({ ...immediate, hdAvailableTo: now }, now)).toBe('ended');
  });

  it('serves delayed albums from their start date', () => {
    const delayed = { hdServingType: 'delayed' as const, hdAvailableFrom: after, hdAvailableTo: null };
    expect(hdAvailability(delayed, now)).toBe('not_yet');
    expect(hdAvailability({ ...delayed, hdAvailableFrom: now }, now)).toBe('available');
    expect(hdAvailability({ ...delayed, hdAvailableFrom: before }, now)).toBe('available');
    expect(hdAvailability({ ...delayed, hdAvailableFrom: before, hdAvailableTo: now }, now)).toBe('ended');
  });

  it('keeps a delayed album without a start date closed', () => {
    expect(
      hdAvailability({ hdServingType: 'delayed', hdAvailableFrom: null, hdAvailableTo: null }, now),
    ).toBe('not_yet');
  });
});
