import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePicacode, picacodeSchema } from './picacode';

const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
const space = fc.constantFrom(' ', '\t', '\n', '\u00a0');
/** A code with whitespace sprinkled before, inside and after it. */
const typed = (min: number, max: number) =>
  fc
    .array(fc.tuple(alnum, fc.array(space, { maxLength: 2 })), { minLength: min, maxLength: max })
    .map((parts) => ({
      code: parts.map(([c]) => c.toUpperCase()).join(''),
      input: ` ${parts.map(([c, ws]) => c + ws.join('')).join('')} `,
    }));

describe('normalizePicacode', () => {
  it('removes all whitespace and upper-cases', () => {
    fc.assert(
      fc.property(typed(0, 20), ({ code, input }) => {
        expect(normalizePicacode(input)).toBe(code);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(normalizePicacode(normalizePicacode(s))).toBe(normalizePicacode(s));
      }),
    );
  });
});

describe('picacodeSchema', () => {
  it('accepts 4–16 letters and digits in any case and spacing, answering the normalised code', () => {
    fc.assert(
      fc.property(typed(4, 16), ({ code, input }) => {
        expect(picacodeSchema.parse(input)).toBe(code);
      }),
    );
  });

  it('rejects codes that are too short or too long with picacode.invalid', () => {
    fc.assert(
      fc.property(fc.oneof(typed(0, 3), typed(17, 30)), ({ input }) => {
        const result = picacodeSchema.safeParse(input);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('picacode.invalid');
      }),
    );
  });

  it('rejects punctuation and non-latin characters', () => {
    for (const bad of ['AB-123', 'ABC_12', 'ÀBCD12', 'AB12€']) {
      expect(picacodeSchema.safeParse(bad).success).toBe(false);
    }
  });
});
