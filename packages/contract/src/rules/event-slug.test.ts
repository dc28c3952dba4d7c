import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventSlugFromBytes, isEventSlug } from './event-slug';

const hex = '0123456789abcdef';

describe('isEventSlug', () => {
  it('accepts every 8-character lowercase hex string', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...hex), minLength: 8, maxLength: 8 }), (s) => {
        expect(isEventSlug(s)).toBe(true);
      }),
    );
  });

  it('rejects other lengths', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...hex), maxLength: 20 }).filter((s) => s.length !== 8),
        (s) => {
          expect(isEventSlug(s)).toBe(false);
        },
      ),
    );
  });

  it('rejects any character outside 0-9a-f, including upper case', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...hex), minLength: 7, maxLength: 7 }),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !hex.includes(c)),
        fc.integer({ min: 0, max: 7 }),
        (s, bad, at) => {
          expect(isEventSlug(s.slice(0, at) + bad + s.slice(at))).toBe(false);
        },
      ),
    );
    expect(isEventSlug('ABCDEF12')).toBe(false);
    expect(isEventSlug('abcdef12\n')).toBe(false);
  });
});

describe('eventSlugFromBytes', () => {
  it('makes a valid slug of any 4 bytes, different bytes giving different slugs', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 4, maxLength: 4 }),
        fc.uint8Array({ minLength: 4, maxLength: 4 }),
        (a, b) => {
          expect(isEventSlug(eventSlugFromBytes(a))).toBe(true);
          if (a.some((x, i) => x !== b[i])) expect(eventSlugFromBytes(a)).not.toBe(eventSlugFromBytes(b));
        },
      ),
    );
    expect(() => eventSlugFromBytes(new Uint8Array(3))).toThrow(RangeError);
  });
});
