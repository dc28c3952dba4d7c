import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePriceList, type PriceListInputItem } from './price-list';

const cents = fc.integer({ min: 0, max: 100_000 });
const priceString = cents.map((c) => (c / 100).toFixed(2));
const maybePrice = fc.option(
  fc.oneof(
    priceString,
    cents.map((c) => c / 100),
  ),
  { nil: null },
);
const qty = fc.integer({ min: 1, max: 100 });
const bundleItem: fc.Arbitrary<PriceListInputItem> = fc.record({
  qty,
  price: maybePrice,
  unit_price: maybePrice,
});
const rangeItem: fc.Arbitrary<PriceListInputItem> = fc.record({
  from_qty: qty,
  to_qty: fc.option(qty, { nil: null }),
  price: maybePrice,
  unit_price: maybePrice,
  price_original: maybePrice,
});
const items = fc.array(fc.oneof(bundleItem, rangeItem), { maxLength: 12 });
const priced = (i: PriceListInputItem) => i.price !== null || i.unit_price !== null;

describe('normalizePriceList', () => {
  it('drops exactly the items with neither price nor unit_price', () => {
    fc.assert(
      fc.property(items, (list) => {
        expect(normalizePriceList(list, 'EUR')).toHaveLength(list.filter(priced).length);
      }),
    );
  });

  it('marks only the last bundle as last', () => {
    fc.assert(
      fc.property(items, (list) => {
        const bundles = normalizePriceList(list, 'EUR');
        expect(bundles.map((b) => b.is_last)).toEqual(bundles.map((_, i) => i === bundles.length - 1));
      }),
    );
  });

  it('prices a bundle without price as unit_price × qty rounded to one decimal', () => {
    fc.assert(
      fc.property(cents, qty, (unit, q) => {
        const [bundle] = normalizePriceList([{ qty: q, unit_price: (unit / 100).toFixed(2) }], 'EUR');
        expect(bundle?.key).toBe(String(q));
        expect(bundle?.price).toBe(Math.round((unit * q) / 10) * 10);
      }),
    );
    expect(normalizePriceList([{ qty: 5, unit_price: '2.99' }], 'EUR')[0]?.price).toBe(1500);
    expect(normalizePriceList([{ qty: 1, unit_price: 1.45 }], 'EUR')[0]?.price).toBe(150);
  });

  it('uses the given price of a bundle as is', () => {
    fc.assert(
      fc.property(cents, maybePrice, qty, (p, unit, q) => {
        const [bundle] = normalizePriceList(
          [{ qty: q, price: (p / 100).toFixed(2), unit_price: unit }],
          'EUR',
        );
        expect(bundle?.price).toBe(p);
      }),
    );
  });

  it('keys a range by its bounds and prices it per unit', () => {
    fc.assert(
      fc.property(qty, fc.option(qty, { nil: null }), cents, maybePrice, (from, to, unit, p) => {
        const [b] = normalizePriceList(
          [{ from_qty: from, to_qty: to, unit_price: unit / 100, price: p }],
          'EUR',
        );
        expect(b?.key).toBe(to === null ? `${from}+` : to === from ? `${from}` : `${from}-${to}`);
        expect(b?.price).toBe(unit);
      }),
    );
    const list = normalizePriceList(
      [
        { from_qty: 6, to_qty: null, unit_price: '3.00', price_original: '4.00' },
        { from_qty: 1, to_qty: 5, price: '4.00' },
      ],
      'EUR',
    );
    expect(list).toEqual([
      { key: '1-5', price: 400, price_original: null, is_last: false },
      { key: '6+', price: 300, price_original: 400, is_last: true },
    ]);
  });

  it('strikes through only the real sum of single prices, never a typed original (issue 17)', () => {
    expect(
      normalizePriceList(
        [
          { qty: 1, price: '12.00', price_original: '15.00' },
          { qty: 6, price: '48.00', price_original: '96.00' },
          { qty: 10, price: '130.00' },
        ],
        'CHF',
      ),
    ).toEqual([
      { key: '1', price: 1200, price_original: null, is_last: false },
      { key: '6', price: 4800, price_original: 7200, is_last: false },
      { key: '10', price: 13000, price_original: null, is_last: true },
    ]);
    fc.assert(
      fc.property(items, (list) => {
        const bundles = normalizePriceList(list, 'EUR');
        const single = bundles.find((b) => b.key === '1' || b.key.startsWith('1-') || b.key === '1+');
        for (const b of bundles) {
          if (b.price_original === null) continue;
          // A range is priced per photo (its original is one single price) even when its bounds
          // are equal and it is keyed by one number ("2-2" → "2"); a bundle "2" costs two.
          const units = /^\d+$/.test(b.key) ? [1, Number(b.key)] : [1];
          expect(units.map((u) => (single?.price ?? Number.NaN) * u)).toContain(b.price_original);
          expect(b.price_original).toBeGreaterThan(b.price);
        }
      }),
    );
  });

  it('orders bundles by their lowest quantity', () => {
    fc.assert(
      fc.property(fc.array(bundleItem.filter(priced), { maxLength: 10 }), (list) => {
        const keys = normalizePriceList(list, 'EUR').map((b) => Number(b.key));
        expect(keys).toEqual([...keys].sort((a, b) => a - b));
      }),
    );
  });

  it('treats unreadable and negative prices as absent', () => {
    expect(
      normalizePriceList(
        [
          { qty: 1, price: 'abc' },
          { qty: 2, unit_price: -1 },
        ],
        'EUR',
      ),
    ).toEqual([]);
  });
});
