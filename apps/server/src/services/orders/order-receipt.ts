import type { Language, Order } from '@fotodrop/contract';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';
import type { MailBlock } from '../../mail/mail-template';
import type { OrderRow } from '../../repositories/orders.repository';
import type { OrderMailTexts } from './order-mail-texts';

/**
 * decision (issue 17): prints reach the buyer 5 to 10 working days after payment (the lab's
 * production and the parcel service; Pixieset and GotPhoto quote similar spans). One span for every
 * served country until shipping rates carry their own.
 */
export const PRINT_DELIVERY_WORKING_DAYS = { min: 5, max: 10 } as const;

/** `days` working days (Monday to Friday, UTC) after `from`. */
export function addWorkingDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return at;
}

/** What of the order's row the receipt shows beyond the order's answer. */
export type ReceiptRow = Pick<OrderRow, 'shippingAddress' | 'voucherCode' | 'campaignCode' | 'paidAt'>;

/**
 * The receipt both order e-mails carry (issue 17): every line with its price, VAT included; the
 * discount with its code; shipping and handling; the total — figures that add up to it, as the
 * order computed them —, and for prints the shipping address and the delivery estimate.
 * `due`: a bank transfer still to be made (its total is what to pay, delivery counts from it).
 */
export function receiptBlocks(
  t: OrderMailTexts,
  language: Language,
  order: Order,
  row: ReceiptRow,
  state: 'paid' | 'due',
): MailBlock[] {
  const currency = order.currency_name;
  const money = (amount: string) => `${amount} ${currency}`;
  const positive = (amount: string) => decimalStringToMinor(amount, currency) > 0;
  const hasPrint = order.lines.some((l) => l.kind === 'print');
  const codes = [row.voucherCode, row.campaignCode].filter((c): c is string => !!c);
  const adjustments = [
    ...(positive(order.discount_total)
      ? [
          {
            label: codes.length > 0 ? `${t.discount} (${codes.join(', ')})` : t.discount,
            value: money(`-${order.discount_total}`),
          },
        ]
      : []),
    ...(hasPrint || positive(order.shipping_costs)
      ? [{ label: t.shipping, value: money(order.shipping_costs) }]
      : []),
    ...(positive(order.handling_fee) ? [{ label: t.handling, value: money(order.handling_fee) }] : []),
  ];
  const blocks: MailBlock[] = [
    { kind: 'heading', text: t.yourOrder },
    {
      kind: 'rows',
      rows: [
        ...order.lines.map((l) => ({ label: l.description, value: `${money(l.total)} (${t.vatIncluded})` })),
        ...(adjustments.length > 0 ? [{ label: t.subtotal, value: money(order.subtotal) }] : []),
        ...adjustments,
        { label: state === 'paid' ? t.totalPaid : t.totalDue, value: money(order.grand_total), total: true },
      ],
    },
  ];
  const address = row.shippingAddress;
  if (hasPrint && address) {
    const country =
      new Intl.DisplayNames([language], { type: 'region' }).of(address.country) ?? address.country;
    blocks.push(
      { kind: 'heading', text: t.shipTo },
      {
        kind: 'lines',
        lines: [
          address.full_name ?? `${address.first_name} ${address.last_name}`,
          `${address.street} ${address.number}`,
          `${address.zip_code} ${address.city}${address.area ? `, ${address.area}` : ''}`,
          country,
          address.phone,
        ],
      },
    );
  }
  if (hasPrint) {
    const { min, max } = PRINT_DELIVERY_WORKING_DAYS;
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    const from = row.paidAt ?? new Date(order.paid_at ?? order.created_at);
    blocks.push({
      kind: 'paragraph',
      text:
        state === 'paid'
          ? t.delivery(day.format(addWorkingDays(from, min)), day.format(addWorkingDays(from, max)))
          : t.deliveryAfterTransfer(min, max),
    });
  }
  return blocks;
}
