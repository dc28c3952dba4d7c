import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { shippingRates } from '../db/order-schema';

export type ShippingRateRow = typeof shippingRates.$inferSelect;

/**
 * The rates that apply to an organisation's prints: its own when it set any (issue 19), else the
 * platform's. Null organisation: the platform's.
 */
function ratesOf(organisationId: number | null): SQL {
  if (organisationId === null) return isNull(shippingRates.organisationId);
  return sql`(${shippingRates.organisationId} = ${organisationId} or (${shippingRates.organisationId} is null
    and not exists (select 1 from ${shippingRates} own where own.organisation_id = ${organisationId})))`;
}

/** Shipping of print items per destination country and currency; a country without a row is not served. */
export function shippingRatesRepository(db: Queryable) {
  return {
    async find(
      country: string,
      currency: string,
      organisationId: number | null = null,
    ): Promise<ShippingRateRow | undefined> {
      const [row] = await db
        .select()
        .from(shippingRates)
        .where(
          and(
            eq(shippingRates.country, country),
            eq(shippingRates.currency, currency),
            ratesOf(organisationId),
          ),
        );
      return row;
    },
    /** Every country some currency ships to, for the organisation's prints (the platform's by default). */
    async countries(organisationId: number | null = null): Promise<string[]> {
      const rows = await db
        .selectDistinct({ country: shippingRates.country })
        .from(shippingRates)
        .where(ratesOf(organisationId))
        .orderBy(asc(shippingRates.country));
      return rows.map((r) => r.country);
    },
    /** The organisation's own rates (empty: it uses the platform's). */
    own(organisationId: number): Promise<ShippingRateRow[]> {
      return db
        .select()
        .from(shippingRates)
        .where(eq(shippingRates.organisationId, organisationId))
        .orderBy(asc(shippingRates.country), asc(shippingRates.currency));
    },
    /** The platform's rates in one currency. */
    platform(currency: string): Promise<ShippingRateRow[]> {
      return db
        .select()
        .from(shippingRates)
        .where(and(isNull(shippingRates.organisationId), eq(shippingRates.currency, currency)))
        .orderBy(asc(shippingRates.country));
    },
    /** Replaces the organisation's own rates; none: back to the platform's (call in a transaction). */
    async replaceOwn(
      organisationId: number,
      rows: { country: string; currency: string; shipping: number; handlingFee: number }[],
    ): Promise<void> {
      await db.delete(shippingRates).where(eq(shippingRates.organisationId, organisationId));
      if (rows.length > 0) {
        await db.insert(shippingRates).values(rows.map((r) => ({ organisationId, ...r })));
      }
    },
    /** Adds platform rates that are not there yet; an existing country and currency keeps its figures. */
    async insertMissing(rows: (typeof shippingRates.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(shippingRates).values(rows).onConflictDoNothing();
    },
  };
}
