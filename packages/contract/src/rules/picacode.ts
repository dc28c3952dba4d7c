import { z } from 'zod';

export const PICACODE_MIN_LENGTH = 4;
export const PICACODE_MAX_LENGTH = 16;

/** What the user typed, as the server expects it: no whitespace anywhere, upper case. */
export function normalizePicacode(s: string): string {
  return s.replace(/\s+/g, '').toUpperCase();
}

/** An album code: after normalisation 4–16 characters of A–Z and 0–9. Outputs the normalised code. */
export const picacodeSchema = z
  .string()
  .transform(normalizePicacode)
  .pipe(
    z.string().regex(new RegExp(`^[A-Z0-9]{${PICACODE_MIN_LENGTH},${PICACODE_MAX_LENGTH}}$`), {
      message: 'picacode.invalid',
    }),
  );
