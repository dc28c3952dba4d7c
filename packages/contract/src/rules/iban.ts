/**
 * Bank details an organisation gives for bank transfers (issue 19): the IBAN (ISO 13616: the
 * country's length, then the mod-97 check) and the BIC (ISO 9362). Both sides use these: the
 * console's form says what is wrong while typing, the server refuses the same.
 */

/** IBAN lengths of the countries in the SWIFT IBAN registry. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/** The IBAN as stored and compared: no spaces, upper case ("it60 x054…" → "IT60X054…"). */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** Why an IBAN is refused (an i18n key of the form), or null when it is a valid IBAN. */
export function ibanProblem(value: string): 'iban.invalid' | 'iban.length' | 'iban.checksum' | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'iban.invalid';
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return 'iban.invalid';
  if (iban.length !== length) return 'iban.length';
  return ibanMod97(iban) === 1 ? null : 'iban.checksum';
}

/** ISO 7064 mod 97-10 of an IBAN: its first four characters moved to the end, letters as 10..35. */
export function ibanMod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The IBAN in groups of four, as people read and type it. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The BIC as stored: no spaces, upper case. */
export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalizeBic(value));
}
