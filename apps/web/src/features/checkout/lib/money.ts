import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';

/** A decimal string of the API ("29.90") shown in its currency and the app language (contract rules). */
export function showMoney(amount: string, currency: string, language: string): string {
  return formatMoney(decimalStringToMinor(amount, currency), currency, language);
}
