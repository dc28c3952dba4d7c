import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES_SHOWN_BY_SYMBOL,
  currencyFractionDigits,
  decimalStringToMinor,
  formatMoney,
  minorToDecimalString,
} from './currency';

const currencies = fc.constantFrom('EUR', 'USD', 'GBP', 'CHF', 'PLN', 'ARS', 'BRL', 'CLP', 'JPY', 'SEK');
const minor = fc.integer({ min: -1e12, max: 1e12 });
const locales = fc.constantFrom('en', 'it', 'de', 'fr', 'pl', 'pt', 'es', 'sl', 'ru', 'uk');

describe('decimal strings and minor units', () => {
  it('round-trip', () => {
    fc.assert(
      fc.property(minor, currencies, (m, c) => {
        expect(decimalStringToMinor(minorToDecimalString(m, c), c)).toBe(m);
      }),
    );
  });

  it('know the decimals of each currency', () => {
    expect(minorToDecimalString(1250, 'EUR')).toBe('12.50');
    expect(minorToDecimalString(-5, 'EUR')).toBe('-0.05');
    expect(minorToDecimalString(1250, 'CLP')).toBe('1250');
    expect(decimalStringToMinor('12.5', 'EUR')).toBe(1250);
    expect(decimalStringToMinor('7', 'USD')).toBe(700);
    expect(currencyFractionDigits('JPY')).toBe(0);
  });

  it('round extra decimals half away from zero', () => {
    expect(decimalStringToMinor('1.005', 'EUR')).toBe(101);
    expect(decimalStringToMinor('-1.005', 'EUR')).toBe(-101);
    expect(decimalStringToMinor('1.004', 'EUR')).toBe(100);
    expect(decimalStringToMinor('1500.5', 'CLP')).toBe(1501);
  });

  it('reject what is not a decimal number', () => {
    for (const bad of ['', 'abc', '1,50', '1e3', '1.2.3', '--1']) {
      expect(() => decimalStringToMinor(bad, 'EUR')).toThrow(RangeError);
    }
    expect(() => minorToDecimalString(1.5, 'EUR')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows the value with the currency decimals (en)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (m) => {
        expect(formatMoney(m, 'EUR', 'en').replace(/,/g, '')).toBe(`€${(m / 100).toFixed(2)}`);
      }),
    );
  });

  it('never shows more than 2 decimals', () => {
    fc.assert(
      fc.property(minor, currencies, (m, c) => {
        const digitsAfterPoint = /[.](\d+)/.exec(formatMoney(m, c, 'en'))?.[1] ?? '';
        expect(digitsAfterPoint.length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('shows some currencies by symbol and the others by code, in every language', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), currencies, locales, (m, c, locale) => {
        const text = formatMoney(m, c, locale);
        if ((CURRENCIES_SHOWN_BY_SYMBOL as readonly string[]).includes(c)) expect(text).not.toContain(c);
        else expect(text).toContain(c);
      }),
    );
    expect(formatMoney(1250, 'GBP', 'en')).toBe('£12.50');
    expect(formatMoney(1250, 'USD', 'it')).toMatch(/^12,50\s\$$/);
  });
});
