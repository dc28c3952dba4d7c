import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEventSlug } from './event-slug';

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
