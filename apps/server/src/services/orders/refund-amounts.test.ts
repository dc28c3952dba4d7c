import { describe, expect, it } from 'vitest';
import { discountShares, planRefund } from './refund-amounts';

const lines = [
  { id: 1, kind: 'digital' as const, total: 1000 },
  { id: 2, kind: 'digital' as const, total: 333 },
  { id: 3, kind: 'print' as const, total: 667 },
];

describe('refund amounts (issue 19)', () => {
  it('shares a discount over the lines by their totals, adding up to it exactly', () => {
    for (const discount of [0, 1, 7, 333, 1999, 2000, 5000]) {
      const shares = discountShares(lines, discount);
      expect([...shares.values()].reduce((s, v) => s + v, 0)).toBe(Math.min(discount, 2000));
      for (const l of lines) expect(shares.get(l.id)).toBeLessThanOrEqual(l.total);
    }
    expect([...discountShares(lines, 200).values()]).toEqual([100, 33, 67]);
  });

  it('gives shipping back with the last print line or the whole order, never twice', () => {
    const base = {
      lines,
      discountTotal: 200,
      shippingTotal: 500,
      taken: new Set<number>(),
      shippingTaken: false,
    };
    expect(planRefund({ ...base, requested: [1] })).toEqual({
      kind: 'ok',
      lineAmounts: { '1': 900 },
      shipping: 0,
      amount: 900,
    });
    expect(planRefund({ ...base, requested: [3] })).toMatchObject({ shipping: 500, amount: 600 + 500 });
    expect(planRefund({ ...base, requested: undefined })).toMatchObject({ amount: 1800 + 500 });
    expect(
      planRefund({ ...base, taken: new Set([3]), shippingTaken: true, requested: undefined }),
    ).toMatchObject({ amount: 900 + 300, shipping: 0 });
    expect(planRefund({ ...base, taken: new Set([1]), requested: [1, 2] })).toEqual({
      kind: 'taken',
      lineIds: [1],
    });
    expect(planRefund({ ...base, requested: [9] })).toEqual({ kind: 'unknown_line', lineId: 9 });
    expect(
      planRefund({ ...base, taken: new Set([1, 2, 3]), shippingTaken: true, requested: undefined }),
    ).toEqual({ kind: 'nothing_left' });
  });
});
