import type { Order } from '@fotodrop/contract';
import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import {
  PAYMENT_FAILURE_ENGLISH,
  type PaymentFailureReason,
  paymentFailureReasonOf,
} from '@fotodrop/contract/rules/payment-failure';
import type { OrderLineRow, OrderRow } from '../../repositories/orders.repository';

/** A stored failure (our reason, or English stored before issue 17) as the wire says it. */
export function failureOf(stored: string | null): {
  failure_message: string | null;
  failure_reason: PaymentFailureReason | null;
} {
  const reason = paymentFailureReasonOf(stored);
  return { failure_message: reason && PAYMENT_FAILURE_ENGLISH[reason], failure_reason: reason };
}

/** The bank account a transfer goes to, with the order's reference. */
export interface TransferAccount {
  beneficiary: string;
  iban: string;
  bic: string;
}

export interface OrderAlbum {
  checkin_id: number;
  event_name: string;
  picacode: string;
}

/** The currency's symbol as people write it (€, $, zł), or its code where there is none. */
export function currencySymbol(currency: string): string {
  const part = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}

/** An order as its owner receives it (albums spec §3 "Order figures"). */
export function orderDto(
  order: OrderRow,
  lines: OrderLineRow[],
  albums: OrderAlbum[],
  account: TransferAccount | null,
): Order {
  const money = (minor: number) => minorToDecimalString(minor, order.currency);
  const subtotal = order.digitalTotal + order.printTotal;
  return {
    id: order.id,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    picacode: order.picacode,
    payment_method: order.paymentMethod,
    currency_name: order.currency,
    currency_symbol: currencySymbol(order.currency),
    grand_total: money(order.grandTotal),
    subtotal: money(subtotal),
    digital_total: money(order.digitalTotal),
    print_total: money(order.printTotal),
    shipping_costs: money(order.shippingCosts),
    handling_fee: money(order.handlingFee),
    discount_total: money(order.discountTotal),
    items_count: lines.reduce(
      (sum, l) => sum + (l.kind === 'digital' && l.orderType !== 'PHOTOLIST' ? 1 : l.quantity),
      0,
    ),
    lines: lines.map((l) => ({
      kind: l.kind,
      order_type: l.orderType,
      description: l.description,
      quantity: l.quantity,
      total: money(l.total),
    })),
    bank_transfer:
      order.paymentMethod === 'bank-transfer' && account && order.transferReference
        ? { ...account, reference: order.transferReference, amount: money(order.grandTotal) }
        : null,
    albums,
    paid_at: order.paidAt?.toISOString() ?? null,
    ...failureOf(order.failureMessage),
    // Signed links are the presenter's (order-presenter.ts); e-mails show none.
    thumbnails: [],
  };
}
