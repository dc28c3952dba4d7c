import { describe, expect, it } from 'vitest';
import { type CheckedItem, priceListItem, priceListProblems } from './price-list-check';

const item = priceListItem;
const list = (items: CheckedItem[], currency = 'EUR') => ({ currency, items, packages: [] });
const messages = (items: CheckedItem[], currency = 'EUR') =>
  priceListProblems(list(items, currency)).map((p) => `${p.path.join('.')} ${p.message}`);

describe('priceListProblems', () => {
  it('accepts bundles, and ranges from 1 without gaps ending open, per media type', () => {
    expect(
      messages([
        item({ qty: 1, price: '9.90' }),
        item({ qty: 5, price: '29.90', price_original: '49.50' }),
        item({ media_type: 'video', from_qty: 1, to_qty: 2, unit_price: '15.00' }),
        item({ media_type: 'video', from_qty: 3, to_qty: null, unit_price: '10.00' }),
      ]),
    ).toEqual([]);
  });

  it('refuses ranges that overlap, leave a gap, start above 1 or stay open before the last', () => {
    const r = (from: number, to: number | null) => item({ from_qty: from, to_qty: to, unit_price: '2.00' });
    expect(messages([r(1, 5), r(5, null)])).toEqual(['items.1.from_qty range.overlaps']);
    expect(messages([r(1, 5), r(8, null)])).toEqual(['items.1.from_qty range.gap']);
    expect(messages([r(3, null)])).toEqual(['items.0.from_qty from_qty.first_not_one']);
    expect(messages([r(6, null), r(1, 5)])).toEqual([]);
    expect(messages([r(1, null), r(2, 3)])).toEqual([
      'items.0.to_qty range.open_not_last',
      'items.1.from_qty range.overlaps',
    ]);
  });

  it('refuses prices that are not positive, too large, or have more decimals than the currency', () => {
    expect(messages([item({ qty: 1, price: '0' })])).toEqual(['items.0.price price.not_positive']);
    expect(messages([item({ qty: 1, price: '100000.01' })])).toEqual(['items.0.price price.too_large']);
    expect(messages([item({ qty: 1, price: '500.5' })], 'JPY')).toEqual([
      'items.0.price money.too_many_decimals',
    ]);
    expect(messages([item({ qty: 1, price: '500' })], 'JPY')).toEqual([]);
  });

  it('compares an original price with the bundle it strikes through (unit price × qty)', () => {
    expect(messages([item({ qty: 3, unit_price: '5.00', price_original: '14.99' })])).toEqual([
      'items.0.price_original price_original.below_price',
    ]);
    expect(messages([item({ qty: 3, unit_price: '5.00', price_original: '15.00' })])).toEqual([]);
  });

  it("names a list in another currency than the event's", () => {
    expect(priceListProblems(list([]), 'CHF')).toEqual([
      { path: ['currency'], message: 'currency.not_event' },
    ]);
  });

  it('takes a pre-sale price from zero up to below the package price', () => {
    const pre = (prepurchase_price: string | null | undefined, currency = 'EUR', price = '39.00') =>
      priceListProblems({
        currency,
        items: [],
        packages: [{ order_type: 'ALL_PHOTOS', price, price_original: null, prepurchase_price }],
      }).map((p) => `${p.path.join('.')} ${p.message}`);
    expect(pre(undefined)).toEqual([]);
    expect(pre(null)).toEqual([]);
    expect(pre('29.00')).toEqual([]);
    expect(pre('0')).toEqual([]);
    expect(pre('39.00')).toEqual(['packages.0.prepurchase_price prepurchase_price.not_below_price']);
    expect(pre('45')).toEqual(['packages.0.prepurchase_price prepurchase_price.not_below_price']);
    expect(pre('-1.00')).toEqual(['packages.0.prepurchase_price price.negative']);
    expect(pre('2900.5', 'JPY', '3900')).toEqual(['packages.0.prepurchase_price money.too_many_decimals']);
  });
});
