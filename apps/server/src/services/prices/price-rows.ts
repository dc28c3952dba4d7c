import {
  type FieldErrors,
  type PriceListBody,
  type PriceProblem,
  priceListProblems,
} from '@fotodrop/contract';
import { decimalStringToMinor, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { PackagePriceRow, PriceListItemRow } from '../../db/album-schema';
import { ValidationError } from '../../http/errors';

/** Problems of a price list as the 400's field errors (`items.2.price: ["price.not_positive"]`). */
export function fieldsOf(problems: PriceProblem[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const p of problems) {
    const key = p.path.join('.');
    fields[key] = [...(fields[key] ?? []), p.message];
  }
  return fields;
}

/** Refuses a list that breaks the console's rules, or is not in `currency` (the event's). */
export function assertPriceList(list: PriceListBody, currency: string): void {
  const problems = priceListProblems(list, currency);
  if (problems.length > 0) throw new ValidationError(fieldsOf(problems));
}

/** An amount written with the currency's decimals ("5" → "5.00" in EUR), as the participant side reads it. */
const canonical = (value: string, currency: string) =>
  minorToDecimalString(decimalStringToMinor(value, currency), currency);
const canonicalOrNull = (value: string | null, currency: string) =>
  value === null ? null : canonical(value, currency);

/** The rows stored for a checked list: every amount written the same way. */
export function rowsOf(list: PriceListBody): { items: PriceListItemRow[]; packages: PackagePriceRow[] } {
  const { currency } = list;
  return {
    items: list.items.map((i) => ({
      media_type: i.media_type,
      qty: i.qty,
      from_qty: i.from_qty,
      to_qty: i.to_qty,
      unit_price: canonicalOrNull(i.unit_price, currency),
      price: canonicalOrNull(i.price, currency),
      price_original: canonicalOrNull(i.price_original, currency),
    })),
    packages: list.packages.map((p) => ({
      order_type: p.order_type,
      price: canonical(p.price, currency),
      price_original: canonicalOrNull(p.price_original, currency),
      prepurchase_price: canonicalOrNull(p.prepurchase_price ?? null, currency),
    })),
  };
}
