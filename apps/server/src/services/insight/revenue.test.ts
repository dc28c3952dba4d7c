import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestRemainder, type OrderPart, splitOrders } from './revenue';

const part = (over: Partial<OrderPart>): OrderPart => ({
  orderId: 1,
  userId: 7,
  grandTotal: 1000,
  currency: 'EUR',
  day: '2026-11-20',
  eventId: 1,
  weight: 1000,
  firstLine: 1,
  ...over,
});

describe('revenue split over events', () => {
  it('splits an order over two events by their lines, to the cent', () => {
    // 10.00 + 20.00 of lines, 3.33 voucher off: 26.67 paid, a third and two thirds
    const [order] = splitOrders([
      part({ grandTotal: 2667, eventId: 1, weight: 1000, firstLine: 1 }),
      part({ grandTotal: 2667, eventId: 2, weight: 2000, firstLine: 2 }),
    ]);
    expect(order?.revenue).toBe(2667);
    expect(Object.fromEntries(order!.shares)).toEqual({ 1: 889, 2: 1778 });
  });

  it('gives a tie’s cent to the event bought from first, and the deleted album’s lines to the rest', () => {
    const [tie] = splitOrders([
      part({ grandTotal: 1001, eventId: 2, weight: 500, firstLine: 1 }),
      part({ grandTotal: 1001, eventId: 1, weight: 500, firstLine: 2 }),
    ]);
    expect(Object.fromEntries(tie!.shares)).toEqual({ 2: 501, 1: 500 });
    const [gone] = splitOrders([
      part({ grandTotal: 1500, eventId: null, weight: 500 }),
      part({ grandTotal: 1500, eventId: 3, weight: 1000, firstLine: 2 }),
    ]);
    expect(Object.fromEntries(gone!.shares)).toEqual({ 3: 1500 });
    expect(splitOrders([part({ eventId: null })])).toEqual([]);
  });

  it('always adds up to the amount, whatever the weights', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 6 }),
        (amount, weights) => {
          const shares = largestRemainder(
            amount,
            weights.map((weight, key) => ({ key, weight })),
          );
          const values = [...shares.values()];
          expect(values.reduce((n, v) => n + v, 0)).toBe(amount);
          expect(values.every((v) => v >= 0)).toBe(true);
        },
      ),
    );
  });
});
