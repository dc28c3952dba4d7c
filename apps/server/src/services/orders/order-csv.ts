import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { OrderLineRow, OrderRow } from '../../repositories/orders.repository';
import type { BuyerRow } from '../../repositories/organiser-orders.repository';
import type { RefundRow } from '../../repositories/refunds.repository';
import { csvLine } from '../codes/csv';
import { discountShares } from './refund-amounts';
import { vatIncluded, vatRateOf } from './vat';

export const ORDER_CSV_COLUMNS = [
  'order_number',
  'order_date',
  'buyer_email',
  'event',
  'line_id',
  'description',
  'quantity',
  'line_total',
  'discount',
  'shipping',
  'amount',
  'vat_rate',
  'vat_amount',
  'order_total',
  'currency',
  'status',
  'payment_method',
  'refunded',
] as const;

/** `YYYY-MM-DD HH:mm` in the organisation's time zone, as its books are kept (one formatter a file). */
function localTimes(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
}

/** Items grouped by their order's id, in their given order. */
function byOrder<T extends { orderId: number }>(items: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(item.orderId);
    if (list) list.push(item);
    else map.set(item.orderId, [item]);
  }
  return map;
}

/**
 * decision (issue 19): the accounting export, one row per order line, UTF-8 with a byte-order mark
 * (spreadsheets then read accents and Cyrillic right), CRLF, every cell guarded against formulas.
 * `amount` = line_total − discount (the line's share) + shipping (shipping and handling, on the
 * order's first line): an order's `amount`s add up to its `order_total`, and `refunded` (the
 * line's refunds, shipping's on the first line) to what was given back. `vat_amount` is the VAT
 * inside `amount` at `vat_rate` (vat.ts).
 */
export function ordersCsv(input: {
  rows: ({ order: OrderRow } & BuyerRow)[];
  lines: OrderLineRow[];
  events: { lineId: number; name: string }[];
  refunds: RefundRow[];
  country: string | null;
  timeZone: string;
}): string {
  const rate = vatRateOf(input.country);
  const eventOf = new Map(input.events.map((e) => [e.lineId, e.name]));
  const linesOf = byOrder(input.lines);
  const refundsOf = byOrder(input.refunds.filter((r) => r.status === 'succeeded'));
  const localTime = localTimes(input.timeZone);
  let text = `\uFEFF${csvLine(ORDER_CSV_COLUMNS)}`;
  for (const { order, email } of input.rows) {
    const lines = linesOf.get(order.id) ?? [];
    const shares = discountShares(
      lines.map((l) => ({ id: l.id, kind: l.kind, total: l.total })),
      order.discountTotal,
    );
    const own = refundsOf.get(order.id) ?? [];
    const shippingRefunded = own.reduce((s, r) => s + r.shippingAmount, 0);
    const money = (minor: number) => minorToDecimalString(minor, order.currency);
    lines.forEach((line, index) => {
      const discount = shares.get(line.id) ?? 0;
      const shipping = index === 0 ? order.shippingCosts + order.handlingFee : 0;
      const amount = line.total - discount + shipping;
      const refunded =
        own.reduce((s, r) => s + (r.lineAmounts[String(line.id)] ?? 0), 0) +
        (index === 0 ? shippingRefunded : 0);
      text += csvLine([
        String(order.id),
        localTime(order.createdAt),
        email,
        eventOf.get(line.id) ?? '',
        String(line.id),
        line.description,
        String(line.quantity),
        money(line.total),
        money(discount),
        money(shipping),
        money(amount),
        String(rate),
        money(vatIncluded(amount, rate)),
        money(order.grandTotal),
        order.currency,
        order.status,
        order.paymentMethod,
        money(refunded),
      ]);
    });
  }
  return text;
}
