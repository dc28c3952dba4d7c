import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDiscounts, splitEvenly } from './discounts';

describe('computeDiscounts', () => {
  it('makes the most expensive picked photos free', () => {
    const d = computeDiscounts({
      photoUnitPrices: [300, 500, 200, 500],
      subtotal: 1500,
      voucher: { kind: 'free_photos', value: 2 },
      campaignPercent: null,
    });
    expect(d).toEqual({ voucher: 1000, campaign: 0, total: 1000 });
  });

  it('takes the campaign percentage from what the voucher left', () => {
    const d = computeDiscounts({
      photoUnitPrices: [],
      subtotal: 2000,
      voucher: { kind: 'percent', value: 20 },
      campaignPercent: 10,
    });
    expect(d).toEqual({ voucher: 400, campaign: 160, total: 560 });
  });

  it('never discounts more than the subtotal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('free_photos', 'percent', 'amount') as fc.Arbitrary<
          'free_photos' | 'percent' | 'amount'
        >,
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
        (prices, subtotal, kind, value, campaign) => {
          const d = computeDiscounts({
            photoUnitPrices: prices,
            subtotal,
            voucher: { kind, value },
            campaignPercent: campaign,
          });
          expect(d.total).toBeLessThanOrEqual(subtotal);
          expect(d.voucher).toBeGreaterThanOrEqual(0);
          expect(d.campaign).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('splitEvenly', () => {
  it('adds up to the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 500 }), (total, n) => {
        const parts = splitEvenly(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      }),
    );
  });
});
