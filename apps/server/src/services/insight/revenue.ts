/**
 * Which orders count as sold and how an order's money is split over the events it bought from
 * (issue 19). Pure: the dashboards' SQL brings the rows, the rules are here, once.
 */

// decision (issue 19): revenue counts the orders that were paid — `paid`, and those refunded since
// in whole or in part (the orders branch adds those statuses; a refund is subtracted in
// `orderRevenue`, not by dropping the order). The one list of statuses the dashboards read.
export const REVENUE_ORDER_STATUSES: readonly string[] = ['paid', 'refunded', 'partially_refunded'];

/** One order's lines of one event (event null: lines whose album or photo no longer exists). */
export interface OrderPart {
  orderId: number;
  userId: number;
  grandTotal: number;
  currency: string;
  /** The day it was paid in the dashboard's time zone (YYYY-MM-DD). */
  day: string;
  eventId: number | null;
  /** The sum of these lines' totals (before the order's discount), minor units. */
  weight: number;
  /** The first of these lines (ties of the split go to the event bought from first). */
  firstLine: number;
}

/** A paid order with its money divided over its events; the shares add up to `revenue` exactly. */
export interface SplitOrder {
  orderId: number;
  userId: number;
  currency: string;
  day: string;
  revenue: number;
  shares: Map<number, number>;
}

/**
 * The money of a paid order the dashboards count, minor units. TODO(issue 19, orders branch):
 * subtract the order's refunded amounts here once the refunds exist; every figure follows.
 */
export function orderRevenue(order: { grandTotal: number }): number {
  return order.grandTotal;
}

// decision (issue 19): an order with lines of two events is split between them in proportion to
// the totals of their lines (before the order-wide discount, shipping and fees, which follow the
// same proportion), rounded to the cent by the largest remainder (ties: the event whose line
// came first), so the shares add up to the order's total exactly and an organisation's revenue
// is the sum of its orders' totals to the cent. Lines whose album was deleted take no share (the
// rest of the order carries them); an order with no line left of any event counts nowhere.
// Free lines only (weight 0 everywhere): split evenly.
export function splitOrders(parts: readonly OrderPart[]): SplitOrder[] {
  const byOrder = new Map<number, OrderPart[]>();
  for (const p of parts) {
    const list = byOrder.get(p.orderId);
    if (list) list.push(p);
    else byOrder.set(p.orderId, [p]);
  }
  const orders: SplitOrder[] = [];
  for (const [orderId, list] of byOrder) {
    const first = list[0] as OrderPart;
    const revenue = orderRevenue(first);
    const events = list.filter((p) => p.eventId !== null).sort((a, b) => a.firstLine - b.firstLine);
    if (events.length === 0) continue;
    orders.push({
      orderId,
      userId: first.userId,
      currency: first.currency,
      day: first.day,
      revenue,
      shares: largestRemainder(
        revenue,
        events.map((p) => ({ key: p.eventId as number, weight: Math.max(0, p.weight) })),
      ),
    });
  }
  return orders;
}

/** `amount` split by weight into whole units that add up to it exactly (BigInt: no rounding on the way). */
export function largestRemainder(
  amount: number,
  parts: readonly { key: number; weight: number }[],
): Map<number, number> {
  const total = parts.reduce((n, p) => n + p.weight, 0);
  const weights = parts.map((p) => BigInt(total === 0 ? 1 : p.weight));
  const sum = weights.reduce((n, w) => n + w, 0n);
  const sign = amount < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(amount));
  const floors = weights.map((w) => (whole * w) / sum);
  const rests = weights.map((w, i) => ({ i, rest: (whole * w) % sum }));
  let left = whole - floors.reduce((n, f) => n + f, 0n);
  // biggest remainders first; equal ones in the parts' order (a stable sort)
  for (const { i } of [...rests].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : 0))) {
    if (left === 0n) break;
    floors[i] = (floors[i] as bigint) + 1n;
    left -= 1n;
  }
  const shares = new Map<number, number>();
  parts.forEach((p, i) => {
    shares.set(p.key, (shares.get(p.key) ?? 0) + Number(sign * (floors[i] as bigint)));
  });
  return shares;
}
