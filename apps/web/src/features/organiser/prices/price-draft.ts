import type { PackageOffer, PriceListItem } from '@fotodrop/contract/api/galleries';
import type { PriceListBody } from '@fotodrop/contract/api/organiser-prices';
import {
  MEDIA_TYPES,
  type MediaType,
  PACKAGE_ORDER_TYPES,
  type PackageOrderType,
} from '@fotodrop/contract/enums';
import { currencyFractionDigits, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import { normalizePriceList } from '@fotodrop/contract/rules/price-list';
import { priceListProblems } from '@fotodrop/contract/rules/price-list-check';

/**
 * A price list as the console's form holds it: per media type bundles or quantity ranges (the
 * participant's table shows one or the other), each row as typed (text), and the three packages
 * (an empty price: not offered). Turned into the API's body by `toBody`; the rows keep the order
 * the body lists them in, so a field error `items.3.price` finds its input.
 */
export type RowKind = 'bundles' | 'ranges';
export interface DraftRow {
  /** A stable key for React while rows are added and removed. */
  key: string;
  /** Bundles: how many media; ranges: from and to (empty: and more). */
  qty: string;
  from: string;
  to: string;
  /** Bundles: the bundle's price; ranges: the price of each medium. */
  price: string;
  original: string;
}
export interface TypeDraft {
  kind: RowKind;
  rows: DraftRow[];
}
export interface PackageDraft {
  price: string;
  original: string;
  /** The pre-sale price before the event (issue 19); empty: no pre-sale. */
  prepurchase: string;
}
export interface PriceDraft {
  photo: TypeDraft;
  video: TypeDraft;
  packages: Record<PackageOrderType, PackageDraft>;
}

let nextKey = 0;
export const newRow = (values: Partial<Omit<DraftRow, 'key'>> = {}): DraftRow => ({
  key: `row-${++nextKey}`,
  qty: '',
  from: '',
  to: '',
  price: '',
  original: '',
  ...values,
});

/** The form's rows for a stored list; a bundle priced by unit price shows its total, as participants see it. */
export function toDraft(
  items: readonly PriceListItem[],
  packages: readonly PackageOffer[],
  currency: string,
): PriceDraft {
  const typeDraft = (type: MediaType): TypeDraft => {
    const own = items.filter((i) => i.media_type === type);
    const kind: RowKind = own.some((i) => i.from_qty !== null) ? 'ranges' : 'bundles';
    const rows = own.map((i) => {
      const original = i.price_original ?? '';
      if (i.from_qty !== null) {
        return newRow({
          from: String(i.from_qty),
          to: i.to_qty === null ? '' : String(i.to_qty),
          price: i.unit_price ?? i.price ?? '',
          original,
        });
      }
      const bundle = normalizePriceList([i], currency)[0];
      const price = i.price ?? (bundle ? minorToDecimalString(bundle.price, currency) : (i.unit_price ?? ''));
      return newRow({ qty: String(i.qty ?? 1), price, original });
    });
    return { kind, rows };
  };
  const offer = (type: PackageOrderType): PackageDraft => {
    const found = packages.find((p) => p.order_type === type);
    return {
      price: found?.price ?? '',
      original: found?.price_original ?? '',
      prepurchase: found?.prepurchase_price ?? '',
    };
  };
  return {
    photo: typeDraft('photo'),
    video: typeDraft('video'),
    packages: {
      ALL_PHOTOS: offer('ALL_PHOTOS'),
      PHOTOS_AND_VIDEOS: offer('PHOTOS_AND_VIDEOS'),
      VIDEOS: offer('VIDEOS'),
    },
  };
}

export const emptyDraft = (): PriceDraft => toDraft([], [], 'EUR');

/** "12,5" → "12.5"; "" → null: money as typed, in major units. */
const money = (text: string): string | null => {
  const value = text.trim().replace(',', '.');
  return value === '' ? null : value;
};
/** A whole number as typed; anything else becomes 0 (the schema then names the field). */
const whole = (text: string): number | null => {
  const value = text.trim();
  if (value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : 0;
};

/** The API's body: photo rows, then video rows, then the packages with a price. */
export function toBody(draft: PriceDraft, currency: string, withPackages = true): PriceListBody {
  const items = MEDIA_TYPES.flatMap((type) => {
    const { kind, rows } = draft[type];
    return rows.map(
      (row): PriceListItem =>
        kind === 'ranges'
          ? {
              media_type: type,
              qty: null,
              // an empty "from" stays a range (0: the schema names it)
              from_qty: whole(row.from) ?? 0,
              to_qty: whole(row.to),
              unit_price: money(row.price),
              price: null,
              price_original: money(row.original),
            }
          : {
              media_type: type,
              qty: whole(row.qty),
              from_qty: null,
              to_qty: null,
              unit_price: null,
              price: money(row.price),
              price_original: money(row.original),
            },
    );
  });
  const packages = withPackages
    ? PACKAGE_ORDER_TYPES.flatMap((type) => {
        const offer = draft.packages[type];
        const price = money(offer.price);
        if (price === null) return [];
        const prepurchase_price = money(offer.prepurchase);
        return [{ order_type: type, price, price_original: money(offer.original), prepurchase_price }];
      })
    : [];
  return { currency, items, packages };
}

/**
 * Where a body's field error shows in the form: `items.<i>.<field>` → the row's key and input
 * (`qty`, `from`, `to`, `price`, `original`); `packages.<i>.<field>` → the package's.
 */
export function errorTargets(draft: PriceDraft, body: PriceListBody, fields: Record<string, string[]>) {
  const rows = MEDIA_TYPES.flatMap((type) => draft[type].rows);
  const inputOf: Record<string, keyof Omit<DraftRow, 'key'>> = {
    qty: 'qty',
    from_qty: 'from',
    to_qty: 'to',
    price: 'price',
    unit_price: 'price',
    price_original: 'original',
  };
  const errors: Record<string, string> = {};
  const add = (key: string, messages: string[]) => {
    errors[key] = [...new Set([...(errors[key]?.split('\n') ?? []), ...messages])].join('\n');
  };
  for (const [path, messages] of Object.entries(fields)) {
    const [list, index, field = ''] = path.split('.');
    const i = Number(index);
    if (list === 'items' && rows[i]) add(`${rows[i].key}.${inputOf[field] ?? 'price'}`, messages);
    else if (list === 'packages' && body.packages[i]) {
      const input =
        field === 'price_original' ? 'original' : field === 'prepurchase_price' ? 'prepurchase' : 'price';
      add(`${body.packages[i].order_type}.${input}`, messages);
    } else add(path === 'items' || path === 'packages' ? path : 'form', messages);
  }
  return errors;
}

/** The form's own check before sending (the server checks the same again). */
export function draftProblems(body: PriceListBody): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  body.items.forEach((item, i) => {
    const check = (field: 'qty' | 'from_qty' | 'to_qty', value: number | null) => {
      if (value !== null && (value < 1 || value > 10_000)) fields[`items.${i}.${field}`] = ['qty.invalid'];
    };
    check('qty', item.qty);
    check('from_qty', item.from_qty);
    check('to_qty', item.to_qty);
    for (const field of ['price', 'unit_price', 'price_original'] as const) {
      const value = item[field];
      if (value !== null && !/^-?\d+(\.\d{1,2})?$/.test(value))
        fields[`items.${i}.${field}`] = ['money.invalid'];
    }
  });
  body.packages.forEach((offer, i) => {
    if (!/^-?\d+(\.\d{1,2})?$/.test(offer.price)) fields[`packages.${i}.price`] = ['money.invalid'];
    if (offer.prepurchase_price != null && !/^-?\d+(\.\d{1,2})?$/.test(offer.prepurchase_price))
      fields[`packages.${i}.prepurchase_price`] = ['money.invalid'];
  });
  for (const p of priceListProblems(body)) {
    const key = p.path.join('.');
    if (!fields[key]) fields[key] = [p.message];
  }
  return fields;
}

/** "0.00" for EUR, "0" for JPY: the money inputs' placeholder. */
export const moneyPlaceholder = (currency: string) => minorToDecimalString(0, currency);
export const moneyDecimals = currencyFractionDigits;
