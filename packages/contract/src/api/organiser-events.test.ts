import { describe, expect, it } from 'vitest';
import { createEventBodySchema, isTimeZone, updateEventBodySchema } from './organiser-events';

describe('isTimeZone', () => {
  it('takes IANA names the runtime knows and nothing else', () => {
    for (const zone of ['UTC', 'Europe/Rome', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['', 'Mars/Olympus', '+02:00', 'Europe/Rome ', '../etc', 'Europe//Rome']) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });
});

describe('event bodies', () => {
  it('refuse unknown keys and values outside the lists', () => {
    expect(updateEventBodySchema.safeParse({ colour: 'blue' }).success).toBe(false);
    expect(updateEventBodySchema.safeParse({ share_mode: 'xl' }).success).toBe(false);
    expect(updateEventBodySchema.safeParse({ share_mode: 'm', time_zone: 'Europe/Rome' }).success).toBe(true);
  });

  it('need the event basics to create one', () => {
    const base = {
      organisation_id: 1,
      name: 'Run',
      kind: 'event',
      start_date: '2027-01-01',
      end_date: '2027-01-01',
      currency: 'eur',
      checkin_mode: 'none',
    };
    const parsed = createEventBodySchema.safeParse(base);
    expect(parsed.success && parsed.data.currency).toBe('EUR');
    const { name: _, ...nameless } = base;
    expect(createEventBodySchema.safeParse(nameless).success).toBe(false);
  });
});
