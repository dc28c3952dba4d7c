import { PRICE_ROUNDING_DECIMALS } from '../constants';
import { currencyFractionDigits, decimalStringToMinor } from './currency';

/** A price as the API sends it (decimal string) or as a number, in major units. */
export type PriceInput = number | string | null | undefined;

export interface PriceListInputItem {
  qty?: number | null;
  from_qty?: number | null;
  to_qty?: number | null;
  unit_price?: PriceInput;
  price?: PriceInput;
  price_original?: PriceInput;
}

/** A bundle of the price list; prices in integer minor units of the list's currency. */
export interface PriceBundle {
  key: string;
  price: number;
  price_original: number | null;
  is_last: boolean;
}

/** Minor units of a price, or null when it is absent, not a number, or negative. */
function toMinor(value: PriceInput, currency: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  try {
    const minor = decimalStringToMinor(String(value), currency);
    return minor >= 0 ? minor : null;
  } catch {
    return null;
  }
}

/** Rounds minor units to PRICE_ROUNDING_DECIMALS decimals of the major unit. */
function roundToPriceDecimals(minor: number, currency: string): number {
  const step = 10 ** Math.max(0, currencyFractionDigits(currency) - PRICE_ROUNDING_DECIMALS);
  return Math.round(minor / step) * step;
}

function rangeKey(from: number, to: number | null | undefined): string {
  if (to === null || to === undefined) return `${from}+`;
  return to === from ? `${from}` : `${from}-${to}`;
}

/**
 * decision: inputs are numbers or decimal strings in major units (unreadable or negative = absent);
 * output prices are integer minor units of `currency` (hence the second parameter); a missing qty
 * counts as 1; a range whose bounds are equal is keyed by the single number; bundles are sorted.
 *
 * Normalises a price list into bundles (albums spec §3):
 * - items with neither price nor unit_price are dropped;
 * - a range item (from_qty set) is keyed "from-to" ("from+" when to_qty is null) and priced per
 *   unit: unit_price, else price;
 * - otherwise the key is qty (1 when absent) and the price is `price`, else unit_price × qty
 *   rounded to one decimal;
 * - bundles are ordered by their lowest quantity (stable) and the last one has is_last.
 */
export function normalizePriceList(items: readonly PriceListInputItem[], currency: string): PriceBundle[] {
  const bundles: { from: number; bundle: PriceBundle }[] = [];
  for (const item of items) {
    const price = toMinor(item.price, currency);
    const unitPrice = toMinor(item.unit_price, currency);
    const priceOriginal = toMinor(item.price_original, currency);
    if (item.from_qty !== null && item.from_qty !== undefined) {
      const perUnit = unitPrice ?? price;
      if (perUnit === null) continue;
      const key = rangeKey(item.from_qty, item.to_qty);
      bundles.push({
        from: item.from_qty,
        bundle: { key, price: perUnit, price_original: priceOriginal, is_last: false },
      });
      continue;
    }
    const qty = item.qty ?? 1;
    const total = price ?? (unitPrice === null ? null : roundToPriceDecimals(unitPrice * qty, currency));
    if (total === null) continue;
    bundles.push({
      from: qty,
      bundle: { key: String(qty), price: total, price_original: priceOriginal, is_last: false },
    });
  }
  const sorted = bundles.sort((a, b) => a.from - b.from).map((b) => b.bundle);
  const last = sorted[sorted.length - 1];
  if (last) last.is_last = true;
  return sorted;
}
