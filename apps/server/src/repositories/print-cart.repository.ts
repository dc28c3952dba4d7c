import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { cartPrintItems, printProducts, printVariants } from '../db/print-schema';

export type PrintItemRow = typeof cartPrintItems.$inferSelect;

/** A user's print items. Every call is scoped to the user: other users' items do not exist. */
export function printCartRepository(db: Queryable) {
  return {
    /** The user's print items, newest first, with their variant's catalogue price (print-offer.ts prices them). */
    list(
      userId: number,
    ): Promise<
      (PrintItemRow & { price: string; productCurrency: string; minPhotos: number; maxPhotos: number })[]
    > {
      return db
        .select({
          item: cartPrintItems,
          price: printVariants.price,
          productCurrency: printProducts.currency,
          minPhotos: printProducts.minPhotos,
          maxPhotos: printProducts.maxPhotos,
        })
        .from(cartPrintItems)
        .innerJoin(printVariants, eq(printVariants.id, cartPrintItems.variantId))
        .innerJoin(printProducts, eq(printProducts.id, cartPrintItems.productId))
        .where(eq(cartPrintItems.userId, userId))
        .orderBy(desc(cartPrintItems.createdAt), desc(cartPrintItems.id))
        .then((rows) =>
          rows.map((r) => ({
            ...r.item,
            price: r.price,
            productCurrency: r.productCurrency,
            minPhotos: r.minPhotos,
            maxPhotos: r.maxPhotos,
          })),
        );
    },
    /** The user's print items with what the basket shows of their product and variant. */
    listDetailed(userId: number) {
      return db
        .select({
          item: cartPrintItems,
          title: printProducts.title,
          titleTranslations: printProducts.translations,
          minPhotos: printProducts.minPhotos,
          maxPhotos: printProducts.maxPhotos,
          price: printVariants.price,
          productCurrency: printProducts.currency,
          optionIds: printVariants.optionIds,
        })
        .from(cartPrintItems)
        .innerJoin(printVariants, eq(printVariants.id, cartPrintItems.variantId))
        .innerJoin(printProducts, eq(printProducts.id, cartPrintItems.productId))
        .where(eq(cartPrintItems.userId, userId))
        .orderBy(desc(cartPrintItems.createdAt), desc(cartPrintItems.id));
    },
    /** The user's items of one product variant (to find a configuration already in the cart). */
    ofVariant(userId: number, productId: number, variantId: number): Promise<PrintItemRow[]> {
      return db
        .select()
        .from(cartPrintItems)
        .where(
          and(
            eq(cartPrintItems.userId, userId),
            eq(cartPrintItems.productId, productId),
            eq(cartPrintItems.variantId, variantId),
          ),
        );
    },
    async insert(row: typeof cartPrintItems.$inferInsert): Promise<PrintItemRow> {
      const [created] = await db.insert(cartPrintItems).values(row).returning();
      if (!created) throw new Error('print item not inserted');
      return created;
    },
    /** Removes one of the user's items; false when the user has no such item. */
    async delete(userId: number, id: number): Promise<boolean> {
      const gone = await db
        .delete(cartPrintItems)
        .where(and(eq(cartPrintItems.id, id), eq(cartPrintItems.userId, userId)))
        .returning({ id: cartPrintItems.id });
      return gone.length > 0;
    },
    async clear(userId: number): Promise<void> {
      await db.delete(cartPrintItems).where(eq(cartPrintItems.userId, userId));
    },
  };
}
