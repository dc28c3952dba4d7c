import { z } from 'zod';

import { normalizePicacode, PICACODE_PATTERN } from './picacode-text';

export {
  normalizePicacode,
  PICACODE_MAX_LENGTH,
  PICACODE_MIN_LENGTH,
  PICACODE_PATTERN,
} from './picacode-text';

/** An album code: after normalisation 4–16 characters of A–Z and 0–9. Outputs the normalised code. */
export const picacodeSchema = z
  .string()
  .transform(normalizePicacode)
  .pipe(
    z.string().regex(PICACODE_PATTERN, {
      message: 'picacode.invalid',
    }),
  );

/**
 * Characters of generated codes: digits and capitals without the look-alikes 0/O, 1/I/L, so a code
 * read off a card or a screen is typed right. 31 symbols, about 4.95 bits each.
 */
export const PICACODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * Length of generated codes: 31^12 ≈ 7.9 × 10^17 (≈ 59.5 bits), enough that guessing stays hopeless
 * under the wrong-code limits even for a botnet (arithmetic in docs/decisions.md, "Album code
 * guessing (issue 8)"). Shorter codes already issued (the demo's) stay valid: the schema accepts 4–16.
 */
export const GENERATED_PICACODE_LENGTH = 12;

/**
 * A new code from `randomBelow(n)`, which must return a uniformly random integer in [0, n) from a
 * cryptographic source (the server passes `crypto.randomInt`); the contract stays free of Node.
 */
export function generatePicacode(randomBelow: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < GENERATED_PICACODE_LENGTH; i++) {
    const index = randomBelow(PICACODE_ALPHABET.length);
    if (!Number.isInteger(index) || index < 0 || index >= PICACODE_ALPHABET.length) {
      throw new RangeError(`randomBelow(${PICACODE_ALPHABET.length}) returned ${index}`);
    }
    code += PICACODE_ALPHABET[index];
  }
  return code;
}

/** A code as printed or shown for reading aloud: groups of four (`K7M2 Q9PA 4XRT`); typing it back normalises the spaces away. */
export function formatPicacode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}
