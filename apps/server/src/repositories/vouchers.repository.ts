import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { orders } from '../db/order-schema';
import { campaignEvents, campaigns, voucherEvents, voucherRedemptions, vouchers } from '../db/voucher-schema';

export type VoucherRow = typeof vouchers.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;

/** Orders whose voucher use is held but may still be given back (a newer pay press replaces them). */
const REPLACEABLE = sql`('awaiting_payment', 'processing')`;

/**
 * Vouchers, their uses, and campaigns; codes are matched without regard to case. A use
 * (`voucher_redemptions` row) is held from the moment an order is created and given back when that
 * order fails, is cancelled, replaced or expires: a paid or pending order keeps it for good.
 */
export function vouchersRepository(db: Queryable) {
  return {
    async byCode(code: string): Promise<VoucherRow | undefined> {
      const [row] = await db.select().from(vouchers).where(sql`upper(${vouchers.code}) = upper(${code})`);
      return row;
    },
    /** The events a voucher applies to (empty: every event of its organisation). */
    async eventIds(voucherId: number): Promise<number[]> {
      const rows = await db
        .select({ id: voucherEvents.photoServiceId })
        .from(voucherEvents)
        .where(eq(voucherEvents.voucherId, voucherId));
      return rows.map((r) => r.id);
    },
    /**
     * Uses as the checkout sees them: the user's own use by an order a new pay press would replace
     * does not count (that order gives it back when replaced).
     */
    async usage(voucherId: number, userId: number): Promise<{ byUser: number; total: number }> {
      const own = sql`${voucherRedemptions.userId} = ${userId} and ${orders.status} in ${REPLACEABLE}`;
      const [all] = await db
        .select({
          n: sql<number>`count(*) filter (where not (${own}))`,
          mine: sql<number>`count(*) filter (where ${voucherRedemptions.userId} = ${userId} and not (${own}))`,
        })
        .from(voucherRedemptions)
        .innerJoin(orders, eq(orders.id, voucherRedemptions.orderId))
        .where(eq(voucherRedemptions.voucherId, voucherId));
      return { byUser: Number(all?.mine ?? 0), total: Number(all?.n ?? 0) };
    },
    /**
     * Holds one use for an order, under the voucher's row lock: orders made (or paid) at the same
     * moment count each other, so `max_uses` and `max_uses_per_account` hold, and the limits and
     * the deactivation are read as they are now. True when the order holds it (already, or now).
     */
    async reserve(voucher: VoucherRow, userId: number, orderId: number): Promise<boolean> {
      const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id)).for('update');
      if (!row) return false;
      const [uses] = await db
        .select({
          held: sql<number>`count(*) filter (where ${voucherRedemptions.orderId} = ${orderId})`,
          mine: sql<number>`count(*) filter (where ${voucherRedemptions.userId} = ${userId} and ${voucherRedemptions.orderId} <> ${orderId})`,
          total: sql<number>`count(*) filter (where ${voucherRedemptions.orderId} <> ${orderId})`,
        })
        .from(voucherRedemptions)
        .where(eq(voucherRedemptions.voucherId, voucher.id));
      if (Number(uses?.held ?? 0) > 0) return true;
      if (row.deactivatedAt !== null) return false;
      if (row.maxUsesPerAccount !== null && Number(uses?.mine ?? 0) >= row.maxUsesPerAccount) return false;
      if (row.maxUses !== null && Number(uses?.total ?? 0) >= row.maxUses) return false;
      const inserted = await db
        .insert(voucherRedemptions)
        .values({ voucherId: voucher.id, userId, orderId })
        .onConflictDoNothing()
        .returning({ orderId: voucherRedemptions.orderId });
      return inserted.length > 0;
    },
    /** Gives back the use an unpaid order held (it failed, was cancelled, replaced or expired). */
    async release(orderId: number): Promise<void> {
      await db.delete(voucherRedemptions).where(eq(voucherRedemptions.orderId, orderId));
    },
    async campaignByCode(code: string): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(campaigns).where(sql`upper(${campaigns.code}) = upper(${code})`);
      return row;
    },
    /** The events a campaign applies to (empty: every event of its organisation). */
    async campaignEventIds(campaignId: number): Promise<number[]> {
      const rows = await db
        .select({ id: campaignEvents.photoServiceId })
        .from(campaignEvents)
        .where(eq(campaignEvents.campaignId, campaignId));
      return rows.map((r) => r.id);
    },
  };
}
