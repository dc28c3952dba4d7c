import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discounted,
  packageFigures,
  packageIsBetterBuy,
  prepurchaseOpen,
  priceForCount,
  singlePrice,
} from './cart-pricing';
import type { PriceListInputItem } from './price-list';

const bundle = (qty: number, price: string): PriceListInputItem => ({ qty, price });
const range = (from: number, to: number | null, unit: string): PriceListInputItem => ({
  from_qty: from,
  to_qty: to,
  unit_price: unit,
});
const marathon = [bundle(1, '9.90'), bundle(5, '29.90'), bundle(10, '44.90')];
const hotel = [range(1, 4, '6.50'), range(5, 19, '4.90'), range(20, null, '3.50')];

describe('priceForCount with bundles', () => {
  it('charges singles below the first bundle', () => {
    expect(priceForCount(marathon, 2, 'EUR')).toEqual({ total: 1980, original: null });
  });

  it('charges the cheaper bundle when it holds more than the pick', () => {
    // 4 singles would be 39.60; the 5-bundle is 29.90
    expect(priceForCount(marathon, 4, 'EUR')).toEqual({ total: 2990, original: 3960 });
  });

  it('combines bundles', () => {
    // 10 + 5 + 1 = 44.90 + 29.90 + 9.90
    expect(priceForCount(marathon, 16, 'EUR')).toEqual({ total: 8470, original: 15840 });
  });

  it('has no original price without a single-photo bundle', () => {
    expect(priceForCount([bundle(3, '20.00')], 2, 'EUR')).toEqual({ total: 2000, original: null });
  });
});

describe('priceForCount with ranges', () => {
  it('prices the whole pick at the unit price of its range', () => {
    expect(priceForCount(hotel, 3, 'EUR')).toEqual({ total: 1950, original: null });
    expect(priceForCount(hotel, 5, 'EUR')).toEqual({ total: 2450, original: 3250 });
    expect(priceForCount(hotel, 25, 'EUR')).toEqual({ total: 8750, original: 16250 });
  });

  it('uses the nearest range below a gap and the lowest range below all', () => {
    const gappy = [range(2, 3, '5.00'), range(10, null, '2.00')];
    expect(priceForCount(gappy, 6, 'EUR')?.total).toBe(3000);
    expect(priceForCount(gappy, 1, 'EUR')?.total).toBe(500);
  });
});

describe('priceForCount', () => {
  it('says a list without prices sells nothing', () => {
    expect(priceForCount([], 1, 'EUR')).toBeNull();
    expect(priceForCount([{ qty: 1, price: null, unit_price: null }], 1, 'EUR')).toBeNull();
  });

  it('costs nothing for no media', () => {
    expect(priceForCount(marathon, 0, 'EUR')).toEqual({ total: 0, original: null });
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => priceForCount(marathon, 1.5, 'EUR')).toThrow(RangeError);
  });

  it('never charges more for fewer media, and never more than singles', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (n) => {
        const fewer = priceForCount(marathon, n - 1, 'EUR')?.total ?? 0;
        const these = priceForCount(marathon, n, 'EUR')?.total ?? 0;
        expect(fewer).toBeLessThanOrEqual(these);
        expect(these).toBeLessThanOrEqual(990 * n);
      }),
    );
  });
});

describe('discounted', () => {
  it('takes the percentage off and rounds to whole cents', () => {
    expect(discounted(990, 50)).toBe(495);
    expect(discounted(995, 50)).toBe(498);
  });
});

describe('packageIsBetterBuy', () => {
  it('suggests the package once one more photo would cost as much as it', () => {
    // 4 photos → the 5-bundle 29.90; the package is 39.90; 6 photos cost 39.80, 7 cost 49.70
    expect(packageIsBetterBuy(marathon, 4, 3990, 'EUR')).toBe(false);
    expect(packageIsBetterBuy(marathon, 6, 3990, 'EUR')).toBe(true);
  });

  it('does not suggest a package for media that are not for sale', () => {
    expect(packageIsBetterBuy([], 10, 100, 'EUR')).toBe(false);
  });
});

describe('packageFigures (issue 17: a package never dearer than its photos, struck price computed)', () => {
  const trail = [bundle(1, '12.00'), bundle(6, '48.00')];

  it('does not offer the branded demo package above its 6 photos and never charges more than they cost', () => {
    // all photos CHF 60.00 while 6 photos cost CHF 48.00 by the list (CHF 72.00 one by one)
    expect(packageFigures(6000, [{ items: trail, count: 6 }], 'CHF')).toEqual({
      price: 4800,
      original: 7200,
      mediaTotal: 4800,
      offered: false,
    });
    expect(packageFigures(3900, [{ items: trail, count: 6 }], 'CHF')).toEqual({
      price: 3900,
      original: 7200,
      mediaTotal: 4800,
      offered: true,
    });
  });

  it('sums photos and videos, and strikes nothing through for media not sold one by one', () => {
    const video = [bundle(1, '14.90')];
    expect(
      packageFigures(
        4990,
        [
          { items: marathon, count: 3 },
          { items: video, count: 2 },
        ],
        'EUR',
      ),
    ).toEqual({ price: 4990, original: 5950, mediaTotal: 5950, offered: true });
    expect(packageFigures(2490, [{ items: [], count: 2 }], 'EUR')).toEqual({
      price: 2490,
      original: null,
      mediaTotal: null,
      offered: true,
    });
  });

  it('offers nothing for an album without the media it covers', () => {
    expect(packageFigures(3990, [{ items: marathon, count: 0 }], 'EUR').offered).toBe(false);
  });

  it('never charges above its media, and strikes through only their real single prices', () => {
    const lists = fc.constantFrom(marathon, hotel, trail, [bundle(3, '20.00')]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), lists, fc.integer({ min: 0, max: 60 }), (p, l, n) => {
        const f = packageFigures(p, [{ items: l, count: n }], 'EUR');
        const byList = priceForCount(l, n, 'EUR')!.total;
        const single = singlePrice(l, 'EUR');
        expect(f.mediaTotal).toBe(byList);
        expect(f.price).toBe(Math.min(p, byList));
        expect(f.offered).toBe(p <= byList);
        if (f.original !== null) {
          expect(f.original).toBe((single ?? Number.NaN) * n);
          expect(f.original).toBeGreaterThan(f.price);
        }
      }),
    );
  });
});

describe('pre-sale (issue 19)', () => {
  const trail = [bundle(1, '12.00'), bundle(6, '48.00')];

  it('offers the pre-sale price for an album without photos, where the package alone is not offered', () => {
    expect(packageFigures(3900, [{ items: trail, count: 0 }], 'CHF').offered).toBe(false);
    expect(packageFigures(3900, [{ items: trail, count: 0 }], 'CHF', 2900)).toEqual({
      price: 2900,
      original: null,
      mediaTotal: 0,
      offered: true,
      prepurchase: true,
    });
  });

  it('runs until the first day of the event begins in its time zone', () => {
    const event = { start_date: '2026-12-05', time_zone: 'Europe/Rome' };
    // 22:59 UTC on the 4th is 23:59 in Rome: still the day before
    expect(prepurchaseOpen(event, new Date('2026-12-04T22:59:00Z'))).toBe(true);
    // 23:00 UTC on the 4th is midnight in Rome: the event's day
    expect(prepurchaseOpen(event, new Date('2026-12-04T23:00:00Z'))).toBe(false);
    expect(prepurchaseOpen(event, new Date('2026-12-09T10:00:00Z'))).toBe(false);
    expect(prepurchaseOpen({ ...event, time_zone: 'UTC' }, new Date('2026-12-04T23:30:00Z'))).toBe(true);
  });
});
