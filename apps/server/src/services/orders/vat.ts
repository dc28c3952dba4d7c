/**
 * decision (issue 19): prices include VAT (albums spec §1) and the receipt says so without a rate.
 * For accounting the CSV export names the rate and the VAT inside each line: the standard rate of
 * the selling organisation's country (its `country`), as the organiser declares its sales there.
 * A country not in this table (or none set) exports rate 0 and VAT 0: the organiser's accountant
 * fills it in, rather than us guessing a wrong figure. Rates as of 2026.
 */
const STANDARD_VAT_PERCENT: Record<string, number> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
  GB: 20,
  CH: 8.1,
  NO: 25,
  UA: 20,
  AR: 21,
  CL: 19,
  CO: 19,
  MX: 16,
  PE: 18,
  UY: 22,
};

/** The standard VAT rate in percent of a country (ISO 3166-1 alpha-2); 0 when unknown. */
export function vatRateOf(country: string | null | undefined): number {
  return (country && STANDARD_VAT_PERCENT[country.toUpperCase()]) || 0;
}

/** The VAT inside a gross amount (minor units), rounded half up: gross × rate / (100 + rate). */
export function vatIncluded(grossMinor: number, ratePercent: number): number {
  if (ratePercent <= 0) return 0;
  return Math.round((grossMinor * ratePercent) / (100 + ratePercent));
}
