import { and, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { campaigns, voucherRedemptions, vouchers } from '../db/order-schema';

export type VoucherRow = typeof vouchers.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;

/** Vouchers, their redemptions, and campaigns; codes are matched without regard to case. */
export function vouchersRepository(db: Queryable) {
  return {
    async byCode(code: string): Promise<VoucherRow | undefined> {
      const [row] = await db.select().from(vouchers).where(sql`upper(${vouchers.code}) = upper(${code})`);
      return row;
    },
    async usage(voucherId: number, userId: number): Promise<{ byUser: boolean; total: number }> {
      const [all] = await db
        .select({
          n: count(),
          mine: sql<number>`count(*) filter (where ${voucherRedemptions.userId} = ${userId})`,
        })
        .from(voucherRedemptions)
        .where(eq(voucherRedemptions.voucherId, voucherId));
      return { byUser: Number(all?.mine ?? 0) > 0, total: all?.n ?? 0 };
    },
    /** Records the use of a paid order; the same user and voucher once. */
    async redeem(voucherId: number, userId: number, orderId: number): Promise<void> {
      await db.insert(voucherRedemptions).values({ voucherId, userId, orderId }).onConflictDoNothing();
    },
    async redeemedBy(voucherId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ orderId: voucherRedemptions.orderId })
        .from(voucherRedemptions)
        .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.userId, userId)));
      return Boolean(row);
    },
    async campaignByCode(code: string): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(campaigns).where(sql`upper(${campaigns.code}) = upper(${code})`);
      return row;
    },
  };
}
