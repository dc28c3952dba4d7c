// The album code's text rule without zod: the e-mail link's early calls run before the schemas'
// chunk (apps/web early-link.ts, issue 20); picacode.ts builds its schema from the same rule.

export const PICACODE_MIN_LENGTH = 4;
export const PICACODE_MAX_LENGTH = 16;

/** A normalised album code: 4–16 characters of A–Z and 0–9. */
export const PICACODE_PATTERN = new RegExp(`^[A-Z0-9]{${PICACODE_MIN_LENGTH},${PICACODE_MAX_LENGTH}}$`);

/** What the user typed, as the server expects it: no whitespace anywhere, upper case. */
export function normalizePicacode(s: string): string {
  return s.replace(/\s+/g, '').toUpperCase();
}
