import type { OrderStatus } from '@fotodrop/contract';
import { and, count, desc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { checkins, photoServices, picacodes } from '../db/album-schema';
import { cartDigitalItems } from '../db/cart-schema';
import type { Queryable } from '../db/client';
import { bankAccounts, eventPaymentSettings, orderLines, orders, payments } from '../db/order-schema';
import { cartPrintItems } from '../db/print-schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type PaymentRow = typeof payments.$inferSelect;

/** Orders still waiting for their payment: the ones a pay press replaces, a cancel or the expiry closes. */
export const OPEN_STATUSES: OrderStatus[] = ['awaiting_payment', 'processing'];
/** Orders whose money was taken: paid, and paid then refunded in part or whole (issue 19). */
export const PAID_STATUSES: OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];
/** Orders that ended without a payment; "My orders" does not list them (docs/decisions.md, issue 17). */
export const CLOSED_STATUSES: OrderStatus[] = ['failed', 'cancelled'];

/** Orders, their lines and their payments. Reads for a user are scoped to that user. */
export function ordersRepository(db: Queryable) {
  return {
    async insert(order: NewOrder, lines: NewOrderLine[]): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning();
      if (!row) throw new Error('order insert returned nothing');
      if (lines.length > 0) await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
      return row;
    },
    async find(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async findOwn(userId: number, id: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)));
      return row;
    },
    /** The order locked until the transaction ends: completions of one order run one after the other. */
    async lock(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },
    async linesOf(orderIds: number[]): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, orderIds))
        .orderBy(orderLines.orderId, orderLines.id);
    },
    /** The user's orders as "My orders" lists them: those that ended unpaid are left out. */
    async page(userId: number, page: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
      const listed = and(eq(orders.userId, userId), notInArray(orders.status, CLOSED_STATUSES));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(listed)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(orders).where(listed),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The user's orders waiting for a payment (a new pay press replaces or reuses them). */
    async open(userId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.status, OPEN_STATUSES)))
        .orderBy(desc(orders.id));
    },
    /** Ends an order still waiting for its payment; false when it was no longer open (paid, closed). */
    async close(id: number, status: 'failed' | 'cancelled', failureMessage: string): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ status, failureMessage })
        .where(and(eq(orders.id, id), inArray(orders.status, OPEN_STATUSES)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },
    /** Says why an unpaid order ended (a late payment refunded); a paid order is left alone. */
    async noteFailure(id: number, failureMessage: string): Promise<void> {
      await db
        .update(orders)
        .set({ failureMessage })
        .where(and(eq(orders.id, id), sql`${orders.status} <> 'paid'`));
    },
    /** Open orders made before `before`: their payment has had its time (the expiry sweep). */
    async openSince(before: Date): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.status, OPEN_STATUSES), lt(orders.createdAt, before)))
        .limit(200);
      return rows.map((r) => r.id);
    },
    /** Whether the user made an order after this one (then this one's cart has moved on). */
    async hasNewer(userId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), gt(orders.id, id)))
        .limit(1);
      return Boolean(row);
    },
    async setStatus(
      id: number,
      status: OrderStatus,
      extra: Partial<Pick<OrderRow, 'failureMessage' | 'paidAt'>> = {},
    ): Promise<void> {
      await db
        .update(orders)
        .set({ status, ...extra })
        // A paid order stays paid (or refunded), a cancelled one stays cancelled (its late payment is refunded).
        .where(and(eq(orders.id, id), notInArray(orders.status, [...PAID_STATUSES, 'cancelled'])));
    },
    /** Claims the fulfilment of a paid order once: true for the one caller that sets it. */
    async markFulfilled(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ fulfilledAt: at })
        .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.fulfilledAt)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },
    /** Paid orders whose fulfilment a crash may have lost. */
    async unfulfilled(paidBefore: Date): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'paid'), isNull(orders.fulfilledAt), lt(orders.paidAt, paidBefore)))
        .limit(500);
      return rows.map((r) => r.id);
    },

    /** Event name and album code of albums, for the orders that bought from them. */
    async albumsOf(checkinIds: number[]) {
      if (checkinIds.length === 0) return [];
      return db
        .select({ checkin_id: checkins.id, event_name: photoServices.name, picacode: picacodes.code })
        .from(checkins)
        .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
        .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
        .where(inArray(checkins.id, checkinIds));
    },
    /** The payment methods and texts events set (events without a row offer every method). */
    async paymentSettingsOf(serviceIds: number[]) {
      if (serviceIds.length === 0) return [];
      return db
        .select()
        .from(eventPaymentSettings)
        .where(inArray(eventPaymentSettings.photoServiceId, serviceIds));
    },
    /** The account transfers go to: the organisation's, else the platform's. */
    async bankAccountFor(organisationId: number | null) {
      const rows = await db
        .select()
        .from(bankAccounts)
        .where(
          organisationId === null
            ? isNull(bankAccounts.organisationId)
            : sql`${bankAccounts.organisationId} = ${organisationId} or ${bankAccounts.organisationId} is null`,
        )
        .orderBy(sql`${bankAccounts.organisationId} is null`);
      const row = rows[0];
      return row ? { beneficiary: row.beneficiary, iban: row.iban, bic: row.bic } : null;
    },

    // Payments
    async insertPayment(payment: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db
        .insert(payments)
        .values(payment)
        .onConflictDoUpdate({
          target: [payments.provider, payments.providerRef],
          set: { status: payment.status, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('payment insert returned nothing');
      return row;
    },
    async paymentByRef(provider: string, providerRef: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
      return row;
    },
    /** A payment of one of the user's orders by the provider's id, whatever the provider. */
    async ownPaymentByRef(userId: number, providerRef: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select({ payment: payments })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(payments.providerRef, providerRef), eq(orders.userId, userId)));
      return row?.payment;
    },
    async paymentsOf(orderId: number): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
    },
    async updatePayment(id: number, next: Pick<PaymentRow, 'status' | 'message'>): Promise<void> {
      await db
        .update(payments)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
    },
    /** Payments still open at their provider, last looked at before `before` (the reconcile job). */
    async openPayments(before: Date, after: Date): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            inArray(payments.status, ['requires_action', 'processing']),
            lt(payments.updatedAt, before),
            sql`${payments.createdAt} > ${after.toISOString()}`,
          ),
        )
        .limit(200);
    },

    // The cart a paid order came from
    /** Takes what an order bought out of the cart: its picks' media, its packages, its print items. */
    async releaseCart(userId: number, lines: OrderLineRow[]): Promise<void> {
      for (const line of lines) {
        if (line.cartItemId === null) continue;
        if (line.kind === 'print') {
          await db
            .delete(cartPrintItems)
            .where(and(eq(cartPrintItems.id, line.cartItemId), eq(cartPrintItems.userId, userId)));
          continue;
        }
        const own = and(eq(cartDigitalItems.id, line.cartItemId), eq(cartDigitalItems.userId, userId));
        if (line.orderType !== 'PHOTOLIST') {
          await db.delete(cartDigitalItems).where(own);
          continue;
        }
        // A pick may have grown after the order was made: only what was bought leaves it.
        const ids = `{${line.mediaIds.join(',')}}`;
        await db
          .update(cartDigitalItems)
          .set({
            mediaIds: sql`array(select m from unnest(${cartDigitalItems.mediaIds}) m where not (m = any(${ids}::int[])))`,
          })
          .where(own);
        await db.delete(cartDigitalItems).where(and(own, sql`cardinality(${cartDigitalItems.mediaIds}) = 0`));
      }
    },
  };
}
export type OrdersRepository = ReturnType<typeof ordersRepository>;
