import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPicacode,
  GENERATED_PICACODE_LENGTH,
  generatePicacode,
  normalizePicacode,
  PICACODE_ALPHABET,
  picacodeSchema,
} from './picacode';

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

describe('generatePicacode', () => {
  /** A random source driven by fast-check, so shrinking finds the smallest failing sequence. */
  const source = fc.infiniteStream(fc.nat()).map((stream) => {
    const it = stream[Symbol.iterator]();
    return (n: number) => (it.next().value as number) % n;
  });

  it('makes 12-character codes of the unambiguous alphabet that every code field accepts', () => {
    fc.assert(
      fc.property(source, (randomBelow) => {
        const code = generatePicacode(randomBelow);
        expect(code).toHaveLength(GENERATED_PICACODE_LENGTH);
        expect([...code].every((c) => PICACODE_ALPHABET.includes(c))).toBe(true);
        expect(picacodeSchema.parse(code)).toBe(code);
        expect(picacodeSchema.parse(formatPicacode(code).toLowerCase())).toBe(code);
      }),
    );
  });

  it('draws from at least 2^59 codes: 31 symbols without look-alikes, 12 of them', () => {
    expect(new Set(PICACODE_ALPHABET).size).toBe(31);
    expect(PICACODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(GENERATED_PICACODE_LENGTH * Math.log2(PICACODE_ALPHABET.length)).toBeGreaterThan(59);
  });

  it('uses every symbol in every position (no position is fixed)', () => {
    for (let symbol = 0; symbol < PICACODE_ALPHABET.length; symbol++) {
      expect(generatePicacode(() => symbol)).toBe(
        PICACODE_ALPHABET[symbol]!.repeat(GENERATED_PICACODE_LENGTH),
      );
    }
  });

  it('refuses a random source that answers outside its range', () => {
    expect(() => generatePicacode(() => PICACODE_ALPHABET.length)).toThrow(RangeError);
    expect(() => generatePicacode(() => 0.5)).toThrow(RangeError);
  });
});

describe('formatPicacode', () => {
  it('groups by four for reading', () => {
    expect(formatPicacode('K7M2Q9PA4XRT')).toBe('K7M2 Q9PA 4XRT');
    expect(formatPicacode('K7M2Q9P')).toBe('K7M2 Q9P');
  });
});
