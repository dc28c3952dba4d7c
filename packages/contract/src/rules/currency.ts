/**
 * Money helpers. Amounts are computed in integer minor units (cents); the wire carries decimal
 * strings in major units ("12.50"); display goes through Intl.NumberFormat with at most 2 decimals.
 */

/** decision: currencies whose symbol is unambiguous are shown by symbol; all others by ISO code. */
export const CURRENCIES_SHOWN_BY_SYMBOL = ['EUR', 'USD', 'GBP', 'BRL', 'JPY'] as const;

const fractionDigits = new Map<string, number>();

/** Decimals of a currency as displayed and as minor units: the ISO 4217 digits, at most 2. */
export function currencyFractionDigits(currency: string): number {
  // kept per code: a NumberFormat costs tens of microseconds, and an export formats thousands of
  // amounts (an unknown code throws before anything is kept)
  const known = fractionDigits.get(currency);
  if (known !== undefined) return known;
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  const kept = Math.min(2, digits ?? 2);
  fractionDigits.set(currency, kept);
  return kept;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * "12.5" → 1250 (EUR). Extra decimals are rounded half away from zero. Throws a RangeError for
 * anything that is not a plain decimal number.
 */
export function decimalStringToMinor(value: string, currency: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = currencyFractionDigits(currency);
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundUp = (fraction[digits] ?? '0') >= '5';
  const minor = Number(whole + kept) + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: ${value}`);
  return sign && minor !== 0 ? -minor : minor;
}

/** 1250 → "12.50" (EUR); 1250 → "1250" (CLP). */
export function minorToDecimalString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be an integer: ${minor}`);
  const digits = currencyFractionDigits(currency);
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return sign + abs;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Formats integer minor units for display, e.g. (1250, 'EUR', 'en') → "€12.50", (1250, 'CHF', 'de') → "12.50 CHF". */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const digits = currencyFractionDigits(currency);
  const bySymbol = (CURRENCIES_SHOWN_BY_SYMBOL as readonly string[]).includes(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: bySymbol ? 'narrowSymbol' : 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountMinor / 10 ** digits);
}
