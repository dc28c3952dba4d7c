import type { PackageOffer, PriceListItem } from '../api/galleries';
import { currencyFractionDigits, decimalStringToMinor } from './currency';

/**
 * What the console checks in a price list before it is stored (issue 19). The participant side
 * reads any list (`normalizePriceList` drops what it cannot price); the console refuses one that
 * would price something surprisingly, with one i18n key per field at fault, so the server's 400
 * and the form's own check say the same.
 */

/** The most one price may be, in major units: a typo ("2990" for "29.90") beyond it is refused. */
export const PRICE_MAX_MAJOR = 100_000;
/** Entries one list holds at most. */
export const PRICE_LIST_MAX_ITEMS = 50;

/** A price-list entry and a package as the participant side reads them (api/galleries). */
export type CheckedItem = PriceListItem;
export type CheckedPackage = PackageOffer;

/** An entry with every field null but those given: a bundle `{qty, price}`, a range `{from_qty, to_qty, unit_price}`. */
export function priceListItem(fields: Partial<PriceListItem>): PriceListItem {
  return {
    media_type: 'photo',
    qty: null,
    from_qty: null,
    to_qty: null,
    unit_price: null,
    price: null,
    price_original: null,
    ...fields,
  };
}

/** One refused field: its path in the body (`items.2.price`) and an i18n key under `validation.`. */
export interface PriceProblem {
  path: (string | number)[];
  message: string;
}

/** The wire format of money (api/common `money`); what does not match it is refused by the schema. */
const MONEY = /^-?\d+(\.\d{1,2})?$/;

/**
 * Minor units of a wire amount; a problem key (not positive, too large, too many decimals); or null
 * when it is not money at all (the schema's `money.invalid` says so).
 */
function amount(value: string, currency: string): number | string | null {
  if (!MONEY.test(value)) return null;
  const [, fraction = ''] = value.split('.');
  if (fraction.length > currencyFractionDigits(currency)) return 'money.too_many_decimals';
  const minor = decimalStringToMinor(value, currency);
  if (minor <= 0) return 'price.not_positive';
  if (minor > PRICE_MAX_MAJOR * 10 ** currencyFractionDigits(currency)) return 'price.too_large';
  return minor;
}

/**
 * decision (issue 19): a console list is strict where the participant side is lenient:
 * - an entry is either a bundle (`qty`, no range) or a range (`from_qty`, optional `to_qty`, no
 *   `qty`), and has a price or a unit price, each positive, within PRICE_MAX_MAJOR and with no more
 *   decimals than the currency has;
 * - per media type the list is bundles or ranges, never both: the participant's table prices a
 *   range list "each" and a bundle list per bundle, and a mix would read wrongly;
 * - bundles have distinct quantities; ranges start at 1, follow each other without gap or overlap,
 *   and only the last may be open (`to_qty` null);
 * - `price_original` (kept, though the participant side computes its own struck-through price) is
 *   not below the entry's price;
 * - packages are distinct kinds with positive prices; a pre-sale price (`prepurchase_price`) may be
 *   zero (a free pre-registration package) but is below the package's price, else it is no
 *   pre-sale.
 */
export function priceListProblems(
  list: { currency: string; items: readonly CheckedItem[]; packages: readonly CheckedPackage[] },
  currency = list.currency,
): PriceProblem[] {
  const problems: PriceProblem[] = [];
  const add = (path: (string | number)[], message: string) => problems.push({ path, message });
  if (list.currency !== currency) add(['currency'], 'currency.not_event');

  /** The entry's price in minor units (its total for a bundle), or null after recording a problem. */
  const checkPrices = (path: (string | number)[], item: CheckedItem | CheckedPackage, qty: number) => {
    let total: number | null = null;
    const unit = 'unit_price' in item ? item.unit_price : null;
    if (item.price === null && unit === null) add([...path, 'price'], 'price.required');
    for (const key of ['price', 'unit_price'] as const) {
      const value = key === 'price' ? item.price : unit;
      if (value === null) continue;
      const minor = amount(value, list.currency);
      if (minor === null) continue;
      if (typeof minor === 'string') add([...path, key], minor);
      else if (total === null) total = key === 'price' ? minor : minor * qty;
    }
    if (item.price_original !== null && total !== null) {
      const original = amount(item.price_original, list.currency);
      if (typeof original === 'string') add([...path, 'price_original'], original);
      else if (original === null) return;
      else if (original < total) add([...path, 'price_original'], 'price_original.below_price');
    }
  };

  list.items.forEach((item, i) => {
    const path = ['items', i];
    const isRange = item.from_qty !== null;
    if (isRange && item.qty !== null) add([...path, 'qty'], 'item.bundle_or_range');
    if (!isRange && item.qty === null) add([...path, 'qty'], 'field.required');
    if (!isRange && item.to_qty !== null) add([...path, 'to_qty'], 'item.bundle_or_range');
    if (isRange && item.to_qty !== null && item.to_qty < (item.from_qty ?? 0))
      add([...path, 'to_qty'], 'to_qty.below_from');
    checkPrices(path, item, isRange ? 1 : (item.qty ?? 1));
  });

  for (const type of ['photo', 'video'] as const) {
    const own = list.items.map((item, i) => ({ item, i })).filter(({ item }) => item.media_type === type);
    const ranges = own.filter(({ item }) => item.from_qty !== null);
    const bundles = own.filter(({ item }) => item.from_qty === null);
    if (ranges.length > 0 && bundles.length > 0) {
      for (const { i } of ranges) add(['items', i, 'from_qty'], 'items.mixed_kinds');
      continue;
    }
    const seen = new Set<number>();
    for (const { item, i } of bundles) {
      if (item.qty === null) continue;
      if (seen.has(item.qty)) add(['items', i, 'qty'], 'qty.duplicate');
      seen.add(item.qty);
    }
    const sorted = [...ranges].sort((a, b) => (a.item.from_qty ?? 0) - (b.item.from_qty ?? 0));
    let next = 1;
    for (const [n, { item, i }] of sorted.entries()) {
      const from = item.from_qty ?? 0;
      if (from < next) add(['items', i, 'from_qty'], n === 0 ? 'from_qty.first_not_one' : 'range.overlaps');
      else if (from > next) add(['items', i, 'from_qty'], n === 0 ? 'from_qty.first_not_one' : 'range.gap');
      if (item.to_qty === null) {
        if (n < sorted.length - 1) add(['items', i, 'to_qty'], 'range.open_not_last');
        next = Number.POSITIVE_INFINITY;
      } else {
        next = Math.max(next, item.to_qty + 1);
      }
    }
  }

  const checkPrepurchase = (i: number, offer: CheckedPackage) => {
    if (offer.prepurchase_price == null || !MONEY.test(offer.prepurchase_price)) return;
    const path = ['packages', i, 'prepurchase_price'];
    const minor = decimalStringToMinor(offer.prepurchase_price, list.currency);
    const [, fraction = ''] = offer.prepurchase_price.split('.');
    const price = amount(offer.price, list.currency);
    if (fraction.length > currencyFractionDigits(list.currency)) add(path, 'money.too_many_decimals');
    else if (minor < 0) add(path, 'price.negative');
    else if (typeof price === 'number' && minor >= price) add(path, 'prepurchase_price.not_below_price');
  };

  const kinds = new Set<string>();
  list.packages.forEach((offer, i) => {
    if (kinds.has(offer.order_type)) add(['packages', i, 'order_type'], 'package.duplicate');
    kinds.add(offer.order_type);
    checkPrices(['packages', i], offer, 1);
    checkPrepurchase(i, offer);
  });
  return problems;
}
