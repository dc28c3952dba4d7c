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
 * - bundles are ordered by their lowest quantity (stable) and the last one has is_last;
 * - decision (issue 17): `price_original` is the bundle's media at the list's single price (the
 *   entry starting at one) when that is more; an item's own `price_original` is ignored, so a
 *   struck-through price is only ever the real sum of single prices.
 */
export function normalizePriceList(items: readonly PriceListInputItem[], currency: string): PriceBundle[] {
  const bundles: { from: number; units: number; bundle: PriceBundle }[] = [];
  for (const item of items) {
    const price = toMinor(item.price, currency);
    const unitPrice = toMinor(item.unit_price, currency);
    if (item.from_qty !== null && item.from_qty !== undefined) {
      const perUnit = unitPrice ?? price;
      if (perUnit === null) continue;
      const key = rangeKey(item.from_qty, item.to_qty);
      bundles.push({
        from: item.from_qty,
        units: 1,
        bundle: { key, price: perUnit, price_original: null, is_last: false },
      });
      continue;
    }
    const qty = item.qty ?? 1;
    const total = price ?? (unitPrice === null ? null : roundToPriceDecimals(unitPrice * qty, currency));
    if (total === null) continue;
    bundles.push({
      from: qty,
      units: qty,
      bundle: { key: String(qty), price: total, price_original: null, is_last: false },
    });
  }
  const sorted = bundles.sort((a, b) => a.from - b.from);
  // The struck-through price is computed, never taken from the list (EU price indication): the
  // same media at the list's single price, when the list sells one alone and that is dearer.
  const single = sorted.find((b) => b.from === 1)?.bundle.price ?? null;
  for (const { units, bundle } of sorted) {
    const original = single === null ? null : single * units;
    bundle.price_original = original !== null && original > bundle.price ? original : null;
  }
  const last = sorted[sorted.length - 1];
  if (last) last.bundle.is_last = true;
  return sorted.map((b) => b.bundle);
}
