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

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `YYYY-MM-DD HH:mm` in the zone of the export's days: the organisation's, as its books are kept
 * (an event's when filtered by one, decision issue 20). Asking Intl for every order took most of
 * an export's time, so the zone's offset is asked once per hour of orders and used when it is the
 * same at both ends of the hour; an hour with a change of offset (summer time) asks for each of
 * its orders.
 */
export function localTimes(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const wall = (at: number) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
  const offsets = new Map<number, number>();
  const offsetAt = (hour: number) => {
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = Date.parse(`${wall(hour).replace(' ', 'T')}:00Z`) - hour;
      offsets.set(hour, offset);
    }
    return offset;
  };
  return (at) => {
    const ms = at.getTime();
    const hour = Math.floor(ms / HOUR) * HOUR;
    const offset = offsetAt(hour);
    if (offset !== offsetAt(hour + HOUR)) return wall(ms);
    const local = new Date(ms + offset);
    return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
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

/** One batch of orders with their lines (each with its event's name) and refunds. */
export interface OrderCsvBatch {
  rows: ({ order: OrderRow } & Pick<BuyerRow, 'email'>)[];
  lines: (OrderLineRow & { event: string })[];
  refunds: RefundRow[];
}

/**
 * decision (issue 19): the accounting export, one row per order line, UTF-8 with a byte-order mark
 * (spreadsheets then read accents and Cyrillic right), CRLF, every cell guarded against formulas.
 * `amount` = line_total − discount (the line's share) + shipping (shipping and handling, on the
 * order's first line): an order's `amount`s add up to its `order_total`, and `refunded` (the
 * line's refunds, shipping's on the first line) to what was given back. `vat_amount` is the VAT
 * inside `amount` at `vat_rate` (vat.ts). The text comes a batch of orders at a time, so an export
 * is streamed rather than held whole.
 */
export function orderCsvWriter(input: { country: string | null; timeZone: string }) {
  const rate = vatRateOf(input.country);
  const localTime = localTimes(input.timeZone);
  return {
    header: () => `\uFEFF${csvLine(ORDER_CSV_COLUMNS)}`,

    batch({ rows, lines: allLines, refunds }: OrderCsvBatch): string {
      const linesOf = byOrder(allLines);
      const refundsOf = byOrder(refunds.filter((r) => r.status === 'succeeded'));
      const out: string[] = [];
      for (const { order, email } of rows) {
        const lines = linesOf.get(order.id) ?? [];
        const shares = discountShares(
          lines.map((l) => ({ id: l.id, kind: l.kind, total: l.total })),
          order.discountTotal,
        );
        const own = refundsOf.get(order.id) ?? [];
        const shippingRefunded = own.reduce((s, r) => s + r.shippingAmount, 0);
        const money = (minor: number) => minorToDecimalString(minor, order.currency);
        const date = localTime(order.createdAt);
        lines.forEach((line, index) => {
          const discount = shares.get(line.id) ?? 0;
          const shipping = index === 0 ? order.shippingCosts + order.handlingFee : 0;
          const amount = line.total - discount + shipping;
          const refunded =
            own.reduce((s, r) => s + (r.lineAmounts[String(line.id)] ?? 0), 0) +
            (index === 0 ? shippingRefunded : 0);
          out.push(
            csvLine([
              String(order.id),
              date,
              email,
              line.event,
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
            ]),
          );
        });
      }
      return out.join('');
    },
  };
}
