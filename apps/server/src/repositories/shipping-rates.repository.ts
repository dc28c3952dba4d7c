import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { shippingRates } from '../db/order-schema';

export type ShippingRateRow = typeof shippingRates.$inferSelect;

/** Shipping of print items per destination country and currency; a country without a row is not served. */
export function shippingRatesRepository(db: Queryable) {
  return {
    async find(country: string, currency: string): Promise<ShippingRateRow | undefined> {
      const [row] = await db
        .select()
        .from(shippingRates)
        .where(and(eq(shippingRates.country, country), eq(shippingRates.currency, currency)));
      return row;
    },
    /** Every country some currency ships to. */
    async countries(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ country: shippingRates.country })
        .from(shippingRates)
        .orderBy(asc(shippingRates.country));
      return rows.map((r) => r.country);
    },
    /** Adds rates that are not there yet; an existing country and currency keeps its figures. */
    async insertMissing(rows: (typeof shippingRates.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(shippingRates).values(rows).onConflictDoNothing();
    },
  };
}
