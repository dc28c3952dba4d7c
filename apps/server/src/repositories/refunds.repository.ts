import type { OrderStatus } from '@fotodrop/contract';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { albumEntitlements, mediaEntitlements, orders } from '../db/order-schema';
import { refunds } from '../db/refund-schema';
import { users } from '../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/** Refunds of orders (issue 19) and what a refunded line takes away. */
export function refundsRepository(db: Queryable) {
  return {
    async insert(refund: NewRefund): Promise<RefundRow> {
      const [row] = await db.insert(refunds).values(refund).returning();
      if (!row) throw new Error('refund insert returned nothing');
      return row;
    },
    async find(id: number): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row;
    },
    /** The order's refunds with who asked for them, newest first. */
    async ofOrder(orderId: number) {
      return db
        .select({ refund: refunds, by: users.email })
        .from(refunds)
        .leftJoin(users, eq(users.id, refunds.createdBy))
        .where(eq(refunds.orderId, orderId))
        .orderBy(desc(refunds.createdAt), desc(refunds.id));
    },
    /** Refunds that take money back or are about to: pending and succeeded ones. */
    async activeOf(orderIds: number[]): Promise<RefundRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(refunds)
        .where(
          and(
            // one array parameter: the CSV asks for thousands of orders
            sql`${refunds.orderId} = any(${`{${orderIds.join(',')}}`}::int[])`,
            inArray(refunds.status, ['pending', 'succeeded']),
          ),
        );
    },
    /** Ends a pending refund once: false when another caller ended it first. */
    async finish(
      id: number,
      next: {
        status: 'succeeded' | 'failed';
        providerRef?: string | null;
        message?: string | null;
        failure?: 'refused' | 'unconfirmed';
      },
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(refunds)
        .set({ ...next, finishedAt: at })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning({ id: refunds.id });
      return rows.length > 0;
    },
    /** The provider took a refund but has not settled it: its id is kept, the refund stays pending. */
    async acknowledge(id: number, providerRef: string): Promise<void> {
      await db
        .update(refunds)
        .set({ providerRef })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
    },
    /** Pending refunds made at or before `before` (a crash or a provider that did not answer). */
    async pendingBefore(before: Date): Promise<RefundRow[]> {
      return db
        .select()
        .from(refunds)
        .where(and(eq(refunds.status, 'pending'), lte(refunds.createdAt, before)))
        .orderBy(refunds.id)
        .limit(200);
    },
    async setOrderStatus(orderId: number, status: OrderStatus): Promise<void> {
      await db.update(orders).set({ status }).where(eq(orders.id, orderId));
    },
    /** A refunded pick's media leave the buyer's purchases (only those this order granted). */
    async revokeMedia(orderId: number, mediaIds: number[]): Promise<void> {
      if (mediaIds.length === 0) return;
      await db
        .delete(mediaEntitlements)
        .where(
          and(
            eq(mediaEntitlements.orderId, orderId),
            sql`${mediaEntitlements.mediaId} = any(${`{${mediaIds.join(',')}}`}::int[])`,
          ),
        );
    },
    /** A refunded package no longer covers its album's media of these types. */
    async revokeAlbum(orderId: number, checkinId: number, types: string[]): Promise<void> {
      if (types.length === 0) return;
      await db
        .delete(albumEntitlements)
        .where(
          and(
            eq(albumEntitlements.orderId, orderId),
            eq(albumEntitlements.checkinId, checkinId),
            inArray(albumEntitlements.mediaType, types as ('photo' | 'video')[]),
          ),
        );
    },
  };
}
export type RefundsRepository = ReturnType<typeof refundsRepository>;
