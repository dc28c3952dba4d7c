import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { checkins, media, photoServices } from '../db/album-schema';
import { cartDigitalItems } from '../db/cart-schema';
import type { Queryable } from '../db/client';
import { cartPrintItems, organisationPrintPrices, organisationPrintProducts } from '../db/print-schema';
import { organisations } from '../db/schema';

/** What an organisation set of its print offer (issue 19); no row anywhere: the catalogue as it is. */
export interface OfferSettingsRow {
  organisationId: number;
  /** The organisation's currency; null for organisations made before issue 18. */
  currency: string | null;
  /** Products switched on or off; a product without an entry is on. */
  enabled: Map<number, boolean>;
  /** Own prices by variant, decimal strings. */
  prices: Map<number, string>;
}

/** The organisations' print offers, and which organisation a participant's print belongs to. */
export function printOfferRepository(db: Queryable) {
  return {
    /** The organisation's settings; undefined when the organisation does not exist. */
    async settings(organisationId: number): Promise<OfferSettingsRow | undefined> {
      // One after another: callers may run inside a transaction (one connection).
      const [organisation] = await db
        .select({ currency: organisations.currency })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      if (!organisation) return undefined;
      const products = await db
        .select({
          productId: organisationPrintProducts.productId,
          enabled: organisationPrintProducts.enabled,
        })
        .from(organisationPrintProducts)
        .where(eq(organisationPrintProducts.organisationId, organisationId));
      const prices = await db
        .select({ variantId: organisationPrintPrices.variantId, price: organisationPrintPrices.price })
        .from(organisationPrintPrices)
        .where(eq(organisationPrintPrices.organisationId, organisationId));
      return {
        organisationId,
        currency: organisation.currency,
        enabled: new Map(products.map((p) => [p.productId, p.enabled])),
        prices: new Map(prices.map((p) => [p.variantId, p.price])),
      };
    },

    /** Holds the organisation's row until the transaction ends: one offer change at a time. */
    async lock(organisationId: number): Promise<void> {
      await db.execute(
        sql`select 1 from ${organisations} where ${organisations.id} = ${organisationId} for update`,
      );
    },

    /** Replaces the organisation's product choices and own prices with these (call in a transaction). */
    async replace(
      organisationId: number,
      products: { productId: number; enabled: boolean }[],
      prices: { variantId: number; price: string }[],
    ): Promise<void> {
      await db
        .delete(organisationPrintProducts)
        .where(eq(organisationPrintProducts.organisationId, organisationId));
      await db
        .delete(organisationPrintPrices)
        .where(eq(organisationPrintPrices.organisationId, organisationId));
      if (products.length > 0) {
        await db.insert(organisationPrintProducts).values(products.map((p) => ({ organisationId, ...p })));
      }
      if (prices.length > 0) {
        await db.insert(organisationPrintPrices).values(prices.map((p) => ({ organisationId, ...p })));
      }
    },

    /** The organisations whose events these media belong to, in ascending order. */
    async organisationsOfMedia(mediaIds: number[]): Promise<number[]> {
      if (mediaIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ id: photoServices.organisationId })
        .from(media)
        .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
        .where(inArray(media.id, mediaIds))
        .orderBy(asc(photoServices.organisationId));
      return rows.map((r) => r.id);
    },

    /** The organisation of one of the user's albums; undefined when the user has no such album. */
    async organisationOfAlbum(userId: number, checkinId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: photoServices.organisationId })
        .from(checkins)
        .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
        .where(and(eq(checkins.id, checkinId), eq(checkins.userId, userId)));
      return row?.id;
    },

    /**
     * The organisation the user's cart buys from: its print items' (newest first), else its
     * digital lines' first album's (the order's selling organisation). Null: an empty cart.
     */
    async organisationOfCart(userId: number): Promise<number | null> {
      const [print] = await db
        .select({ id: cartPrintItems.organisationId })
        .from(cartPrintItems)
        .where(and(eq(cartPrintItems.userId, userId), sql`${cartPrintItems.organisationId} is not null`))
        .orderBy(sql`${cartPrintItems.createdAt} desc`)
        .limit(1);
      if (print?.id) return print.id;
      const [digital] = await db
        .select({ id: photoServices.organisationId })
        .from(cartDigitalItems)
        .innerJoin(checkins, eq(checkins.id, cartDigitalItems.checkinId))
        .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
        .where(eq(cartDigitalItems.userId, userId))
        .orderBy(asc(cartDigitalItems.createdAt), asc(cartDigitalItems.id))
        .limit(1);
      return digital?.id ?? null;
    },
  };
}
