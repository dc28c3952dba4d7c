import { dayIn } from './calendar-days';
import { normalizePriceList, type PriceListInputItem } from './price-list';

/** What a number of media cost by a price list, in integer minor units. */
export interface LinePrice {
  total: number;
  /** The price at the list's single-unit rate, when that is more than `total`; else null. */
  original: number | null;
}

interface Bundle {
  qty: number;
  price: number;
}

interface Range {
  from: number;
  to: number | null;
  unit: number;
}

function readList(items: readonly PriceListInputItem[], currency: string) {
  const bundles: Bundle[] = [];
  const ranges: Range[] = [];
  // One item at a time through the shared normaliser, so both read prices the same way.
  for (const item of items) {
    const [normalised] = normalizePriceList([item], currency);
    if (!normalised) continue;
    if (item.from_qty !== null && item.from_qty !== undefined) {
      ranges.push({ from: item.from_qty, to: item.to_qty ?? null, unit: normalised.price });
    } else {
      bundles.push({ qty: item.qty ?? 1, price: normalised.price });
    }
  }
  return { bundles, ranges };
}

/** The cheapest way to get at least `count` media out of fixed bundles (unbounded knapsack). */
function cheapestBundles(bundles: Bundle[], count: number): number {
  const largest = Math.max(...bundles.map((b) => b.qty));
  const limit = count + largest;
  const cost = new Array<number>(limit + 1).fill(Number.POSITIVE_INFINITY);
  cost[0] = 0;
  for (let n = 1; n <= limit; n++) {
    for (const b of bundles) {
      const before = cost[Math.max(0, n - b.qty)] ?? Number.POSITIVE_INFINITY;
      if (before + b.price < (cost[n] ?? Number.POSITIVE_INFINITY)) cost[n] = before + b.price;
    }
  }
  let best = Number.POSITIVE_INFINITY;
  for (let n = count; n <= limit; n++) best = Math.min(best, cost[n] ?? best);
  return best;
}

/** The range a count falls in; in a gap, the nearest range below it; below every range, the lowest. */
function rangeFor(ranges: Range[], count: number): Range {
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  const containing = sorted.find((r) => r.from <= count && (r.to === null || count <= r.to));
  if (containing) return containing;
  const below = sorted.filter((r) => r.from <= count);
  return below[below.length - 1] ?? (sorted[0] as Range);
}

/**
 * decision: how the cart prices a pick of `count` media with one price list (albums spec §3 gives
 * the list's shape, not the arithmetic):
 * - a list with quantity ranges is volume pricing: every media costs the unit price of the range
 *   the whole count falls in;
 * - a list of fixed bundles charges the cheapest combination of bundles giving at least `count`
 *   media (4 photos cost the 5-bundle when that is cheaper than 4 singles);
 * - `original` is the count at the single-unit rate (a 1-bundle, or the lowest range), shown
 *   crossed out when the pick saves money.
 * Null: the list prices nothing, so these media are not for sale.
 */
export function priceForCount(
  items: readonly PriceListInputItem[],
  count: number,
  currency: string,
): LinePrice | null {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number: ${count}`);
  const { bundles, ranges } = readList(items, currency);
  if (bundles.length === 0 && ranges.length === 0) return null;
  if (count === 0) return { total: 0, original: null };
  const total = ranges.length > 0 ? rangeFor(ranges, count).unit * count : cheapestBundles(bundles, count);
  const single = singleOf(bundles, ranges);
  const original = single === null ? null : single * count;
  return { total, original: original !== null && original > total ? original : null };
}

function singleOf(bundles: Bundle[], ranges: Range[]): number | null {
  if (ranges.length > 0) return rangeFor(ranges, 1).unit;
  return bundles
    .filter((b) => b.qty === 1)
    .reduce<number | null>((m, b) => Math.min(m ?? b.price, b.price), null);
}

/** What one media costs alone by a price list, in minor units; null when the list sells none alone. */
export function singlePrice(items: readonly PriceListInputItem[], currency: string): number | null {
  const { bundles, ranges } = readList(items, currency);
  return singleOf(bundles, ranges);
}

/** Media of one type a package covers: how many, and the list that prices them one by one. */
export interface CoveredMedia {
  items: readonly PriceListInputItem[];
  count: number;
}

/** A package as it may be shown and charged, in minor units. */
export interface PackageFigures {
  /** What it charges: its price, never more than its media cost by the list. */
  price: number;
  /** Its media at the list's single price, when that is more than `price`; else null. */
  original: number | null;
  /** What its media cost by the list; null when some of them are not sold one by one. */
  mediaTotal: number | null;
  /** It is offered: it costs no more than its media (or they are not sold one by one). */
  offered: boolean;
  /** It is sold at its pre-sale price (`prepurchaseOpen`); absent otherwise. */
  prepurchase?: true;
}

/**
 * decision (issue 19): the pre-sale runs until the event's first day begins in the event's time
 * zone (`start_date` is a calendar day there). A stay's album has the same window: the stay's
 * event dates, not a guest's own stay, since the price list is the event's.
 */
export function prepurchaseOpen(event: { start_date: string; time_zone: string }, at: Date): boolean {
  return dayIn(at, event.time_zone) < event.start_date;
}

/**
 * decision (issue 17, EU price indication): a package is honest against the media it covers now.
 * It is offered only when its price is at most what those media cost by the list (an album without
 * them yet offers no package); it never charges more than that; and the price shown struck
 * through is computed — the media at the list's single price — never an amount someone typed.
 * Media of a type the list does not sell one by one cannot be compared: then the package is
 * offered at its price with nothing struck through.
 */
export function packageFigures(
  price: number,
  covered: readonly CoveredMedia[],
  currency: string,
  /**
   * The pre-sale price while the pre-sale runs, else null. decision (issue 19): the pre-sale is a
   * promise on photos not taken yet, so it is offered and charged as it is, whatever the album holds
   * now (the one exception to the rule above), with nothing struck through (the later price is no
   * earlier price of it).
   */
  prepurchase: number | null = null,
): PackageFigures {
  let mediaTotal: number | null = 0;
  let singles: number | null = 0;
  for (const { items, count } of covered) {
    if (count === 0) continue;
    const byList = priceForCount(items, count, currency);
    const single = singlePrice(items, currency);
    mediaTotal = byList === null || mediaTotal === null ? null : mediaTotal + byList.total;
    singles = single === null || singles === null ? null : singles + single * count;
  }
  if (prepurchase !== null)
    return { price: prepurchase, original: null, mediaTotal, offered: true, prepurchase: true };
  const charged = mediaTotal === null ? price : Math.min(price, mediaTotal);
  return {
    price: charged,
    original: singles !== null && singles > charged ? singles : null,
    mediaTotal,
    offered: mediaTotal === null || price <= mediaTotal,
  };
}

/** A price with `percent` off, rounded to whole minor units. */
export function discounted(minor: number, percent: number): number {
  return Math.round((minor * (100 - percent)) / 100);
}

/**
 * The package banner's suggestion (albums spec §4): one more photo in the pick would cost at least
 * as much as the whole package, so the package is the better buy. False when the list prices nothing.
 */
export function packageIsBetterBuy(
  items: readonly PriceListInputItem[],
  pickedCount: number,
  packagePrice: number,
  currency: string,
): boolean {
  const next = priceForCount(items, pickedCount + 1, currency);
  return next !== null && next.total >= packagePrice;
}
