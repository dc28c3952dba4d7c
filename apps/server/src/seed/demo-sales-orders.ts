import { createHash } from 'node:crypto';
import type { OrderStatus, ShippingAddress } from '@fotodrop/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  albumEntitlements,
  mediaEntitlements,
  orderLines,
  orders,
  payments,
  testPaymentIntents,
} from '../db/order-schema';
import { orderEmails, testPaymentRefunds } from '../db/refund-schema';
import { users } from '../db/schema';
import type { NewOrderLine } from '../repositories/orders.repository';
import type { PhotoServiceRow } from '../repositories/photo-services.repository';
import { refundsRepository } from '../repositories/refunds.repository';
import { vouchersRepository } from '../repositories/vouchers.repository';
import { cartAlbums, type SaleAlbum } from '../services/cart-print/cart-album';
import { shippingQuote } from '../services/cart-print/shipping';
import { computeDiscounts, splitEvenly } from '../services/orders/discounts';
import { planRefund } from '../services/orders/refund-amounts';
import type { DemoEventKey, DemoOrder } from './demo-sales-plan';
import { lastCallAt, lineOf, printPrices } from './demo-sales-pricing';

/** A participant's album as stored. */
export interface AlbumOf {
  userId: number;
  checkinId: number;
  /** The album code it was opened with. */
  code: string;
}

/** An order as stored, for the usage messages that go with it. */
export interface StoredDemoOrder {
  id: number;
  plan: DemoOrder;
  checkinId: number;
  userId: number;
  currency: string;
  grandTotal: number;
  eventName: string;
}

const MINUTE = 60_000;
const ADDRESSES: Record<string, Omit<ShippingAddress, 'first_name' | 'last_name' | 'email'>> = {
  IT: {
    phone: '+39 333 123 4567',
    street: 'Via Roma',
    number: '12',
    zip_code: '22100',
    city: 'Como',
    country: 'IT',
  },
  AT: {
    phone: '+43 660 123 4567',
    street: 'Seestraße',
    number: '4',
    zip_code: '6020',
    city: 'Innsbruck',
    country: 'AT',
  },
  DE: {
    phone: '+49 151 2345 6789',
    street: 'Bergweg',
    number: '7a',
    zip_code: '80331',
    city: 'München',
    country: 'DE',
  },
};
/**
 * The plan's orders as the checkout would have left them: priced by its rules (the album's price
 * lists and packages, the last call's discount on the order's day, prints at the organisation's
 * offer, shipping, the voucher), paid through the test provider (its intent and our payment, the
 * purchases granted, the e-mail recorded), a transfer waiting, one print line refunded. In
 * batches: a few statements for all of them, so the roll-up triggers run once per table.
 */
export async function insertDemoOrders(
  tx: Queryable,
  input: {
    orders: DemoOrder[];
    albums: Map<number, AlbumOf>;
    events: Map<DemoEventKey, PhotoServiceRow>;
    linkBase: string;
    now: Date;
  },
): Promise<StoredDemoOrder[]> {
  const sale = cartAlbums(tx, () => input.now);
  const saleAlbums = new Map<DemoEventKey, SaleAlbum>();
  for (const order of input.orders) {
    const album = input.albums.get(order.participant.index);
    if (album && !saleAlbums.has(order.participant.event))
      saleAlbums.set(order.participant.event, await sale.load(album.userId, album.checkinId));
  }
  const prints = await printPrices(tx, input.events.get('marathon')?.organisationId ?? null);
  const promo = await vouchersRepository(tx).byCode('PROMO20');

  const priced = [];
  for (const [n, plan] of input.orders.entries()) {
    const album = input.albums.get(plan.participant.index);
    const onSale = saleAlbums.get(plan.participant.event);
    if (!album || !onSale) continue;
    const lines: NewOrderLine[] = [];
    const photoUnitPrices: number[] = [];
    const name = onSale.service.name;
    const atTheTime = { ...onSale, lastCall: lastCallAt(onSale.service, plan.at) };
    for (const line of plan.lines) {
      const row = lineOf(sale.priceLine, line, atTheTime, album, name, plan.participant.album.length, prints);
      if (!row) continue;
      if (line.kind === 'pick') photoUnitPrices.push(...splitEvenly(row.total, line.mediaIds.length));
      lines.push(row);
    }
    if (lines.length === 0) continue;
    const digitalTotal = lines.filter((l) => l.kind === 'digital').reduce((s, l) => s + l.total, 0);
    const printTotal = lines.filter((l) => l.kind === 'print').reduce((s, l) => s + l.total, 0);
    const hasPrint = printTotal > 0 && plan.country !== null;
    const quote = hasPrint
      ? await shippingQuote(tx, {
          country: plan.country ?? '',
          currency: onSale.context.currency,
          hasPrintItems: true,
          organisationIds: [onSale.service.organisationId],
        })
      : { shipping: 0, handlingFee: 0 };
    const voucher = plan.voucher && promo?.deactivatedAt === null ? promo : null;
    const discount = computeDiscounts({
      photoUnitPrices,
      subtotal: digitalTotal + printTotal,
      voucher: voucher ? { kind: voucher.kind, value: voucher.value } : null,
      campaignPercent: null,
    });
    const p = plan.participant;
    priced.push({
      plan,
      album,
      lines,
      eventName: name,
      voucher,
      values: {
        userId: album.userId,
        organisationId: onSale.service.organisationId,
        status: (plan.transfer ? 'pending' : 'paid') as OrderStatus,
        paymentMethod: plan.transfer ? ('bank-transfer' as const) : ('stripe' as const),
        provider: plan.transfer ? 'bank-transfer' : 'test',
        currency: onSale.context.currency,
        digitalTotal,
        printTotal,
        shippingCosts: quote.shipping,
        handlingFee: quote.handlingFee,
        discountTotal: discount.total,
        grandTotal: digitalTotal + printTotal - discount.total + quote.shipping + quote.handlingFee,
        picacode: album.code,
        voucherCode: voucher?.code ?? null,
        shippingAddress:
          hasPrint && plan.country
            ? {
                first_name: p.firstName,
                last_name: p.lastName,
                full_name: `${p.firstName} ${p.lastName}`,
                email: p.email,
                ...ADDRESSES[plan.country]!,
              }
            : null,
        transferReference: plan.transfer ? `FD-DEMO${String(n).padStart(4, '0')}` : null,
        fingerprint: createHash('sha256')
          .update(JSON.stringify(['demo', n, lines]))
          .digest('hex'),
        linkBase: input.linkBase,
        createdAt: new Date(plan.at - (3 + (n % 5)) * MINUTE),
        paidAt: plan.transfer ? null : new Date(plan.at),
        fulfilledAt: plan.transfer ? null : new Date(plan.at + MINUTE),
      },
    });
  }
  if (priced.length === 0) return [];

  const ids = await tx
    .insert(orders)
    .values(priced.map((o) => o.values))
    .returning({ id: orders.id, fingerprint: orders.fingerprint });
  const idOf = new Map(ids.map((r) => [r.fingerprint, r.id]));
  const stored = priced.map((o) => ({ ...o, id: idOf.get(o.values.fingerprint)! }));
  const lineRows = await tx
    .insert(orderLines)
    .values(stored.flatMap((o) => o.lines.map((l) => ({ ...l, orderId: o.id }))))
    .returning({
      id: orderLines.id,
      orderId: orderLines.orderId,
      kind: orderLines.kind,
      total: orderLines.total,
    });

  const paid = stored.filter((o) => !o.plan.transfer);
  const intentOf = (orderId: number) =>
    `ti_demo${createHash('sha256').update(`${orderId}`).digest('hex').slice(0, 24)}`;
  await tx.insert(testPaymentIntents).values(
    paid.map((o) => ({
      id: intentOf(o.id),
      idempotencyKey: `order-${o.id}-payment`,
      userId: o.values.userId,
      amount: o.values.grandTotal,
      currency: o.values.currency,
      method: 'stripe' as const,
      status: 'succeeded',
      description: `Fotodrop order ${o.id}`,
      returnUrl: `${input.linkBase}/checkout/complete?order=${o.id}`,
      confirms: 1,
      createdAt: o.values.createdAt,
    })),
  );
  await tx.insert(payments).values(
    paid.map((o) => ({
      orderId: o.id,
      provider: 'test',
      providerRef: intentOf(o.id),
      status: 'succeeded',
      amount: o.values.grandTotal,
      currency: o.values.currency,
      clientSecret: intentOf(o.id),
      createdAt: o.values.createdAt,
      updatedAt: new Date(o.plan.at),
    })),
  );
  // What each payment granted, as the order's completion grants it.
  const picks = paid.flatMap((o) =>
    o.lines.flatMap((l) =>
      l.orderType === 'PHOTOLIST' && l.mediaIds
        ? l.mediaIds.map((mediaId) => ({
            userId: o.values.userId,
            mediaId,
            orderId: o.id,
            createdAt: new Date(o.plan.at),
          }))
        : [],
    ),
  );
  if (picks.length > 0) await tx.insert(mediaEntitlements).values(picks).onConflictDoNothing();
  const packages = paid.flatMap((o) =>
    o.lines.some((l) => l.orderType === 'ALL_PHOTOS')
      ? [
          {
            userId: o.values.userId,
            checkinId: o.album.checkinId,
            mediaType: 'photo' as const,
            orderId: o.id,
            createdAt: new Date(o.plan.at),
          },
        ]
      : [],
  );
  if (packages.length > 0) await tx.insert(albumEntitlements).values(packages).onConflictDoNothing();
  for (const o of stored.filter((s) => s.voucher))
    await vouchersRepository(tx).reserve(o.voucher!, o.values.userId, o.id);
  await tx.insert(orderEmails).values(
    stored.map((o) => ({
      orderId: o.id,
      kind: o.plan.transfer ? ('transfer' as const) : ('purchase' as const),
      sentAt: new Date(o.plan.at + MINUTE),
    })),
  );

  for (const o of paid.filter((s) => s.plan.refundAfterMs !== null)) {
    await refundPrints(tx, {
      ...o,
      intent: intentOf(o.id),
      lines: lineRows.filter((l) => l.orderId === o.id),
    });
  }
  return stored.map((o) => ({
    id: o.id,
    plan: o.plan,
    checkinId: o.album.checkinId,
    userId: o.values.userId,
    currency: o.values.currency,
    grandTotal: o.values.grandTotal,
    eventName: o.eventName,
  }));
}

/**
 * The organiser gave back an order's prints (they arrived damaged): the refund's amounts by the
 * console's own rule, the test provider's refund record, the order partly refunded, the e-mail.
 */
async function refundPrints(
  tx: Queryable,
  o: {
    id: number;
    plan: DemoOrder;
    intent: string;
    values: { discountTotal: number; shippingCosts: number; handlingFee: number; currency: string };
    lines: { id: number; kind: 'digital' | 'print'; total: number }[];
  },
) {
  const requested = o.lines.filter((l) => l.kind === 'print').map((l) => l.id);
  const plan = planRefund({
    lines: o.lines,
    discountTotal: o.values.discountTotal,
    shippingTotal: o.values.shippingCosts + o.values.handlingFee,
    taken: new Set(),
    shippingTaken: false,
    requested,
  });
  if (plan.kind !== 'ok' || requested.length === 0) return;
  const at = new Date(o.plan.at + (o.plan.refundAfterMs ?? 0));
  const [organiser] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'organiser@fotodrop.test'));
  const key = `order-${o.id}-refund-demo`;
  const refundRef = `tr_demo${o.id}`;
  await tx
    .insert(testPaymentRefunds)
    .values({ id: refundRef, intentId: o.intent, amount: plan.amount, idempotencyKey: key, createdAt: at });
  await tx
    .update(testPaymentIntents)
    .set({ refunded: plan.amount })
    .where(eq(testPaymentIntents.id, o.intent));
  const refunds = refundsRepository(tx);
  await refunds.insert({
    orderId: o.id,
    lineAmounts: plan.lineAmounts,
    shippingAmount: plan.shipping,
    amount: plan.amount,
    currency: o.values.currency,
    reason: 'The prints arrived damaged in the post.',
    status: 'succeeded',
    provider: 'test',
    paymentRef: o.intent,
    providerRef: refundRef,
    idempotencyKey: key,
    createdBy: organiser?.id ?? null,
    createdAt: at,
    finishedAt: at,
  });
  await refunds.setOrderStatus(o.id, 'partially_refunded');
  await tx.insert(orderEmails).values({ orderId: o.id, kind: 'refund', sentAt: at });
}
