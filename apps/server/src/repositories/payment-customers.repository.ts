import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { paymentCustomers } from '../db/order-schema';

/**
 * A user's customer record at a payment provider (the Stripe customer that keeps saved cards):
 * one per user and provider, created the first time the user pays there.
 */
export function paymentCustomersRepository(db: Queryable) {
  return {
    async find(userId: number, provider: string): Promise<string | null> {
      const [row] = await db
        .select({ ref: paymentCustomers.customerRef })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row?.ref ?? null;
    },
    /** Keeps the first customer stored for the user; answers the one that is kept. */
    async keep(userId: number, provider: string, customerRef: string): Promise<string> {
      await db.insert(paymentCustomers).values({ userId, provider, customerRef }).onConflictDoNothing();
      return (await this.find(userId, provider)) ?? customerRef;
    },
  };
}
