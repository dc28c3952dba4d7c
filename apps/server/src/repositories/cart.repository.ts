import type { OrderType } from '@fotodrop/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { cartDigitalItems } from '../db/cart-schema';
import type { Queryable } from '../db/client';
import { cartPrintItems } from '../db/print-schema';

export type DigitalItemRow = typeof cartDigitalItems.$inferSelect;

/** A user's digital cart lines. Every call is scoped to the user: other users' lines do not exist. */
export function cartRepository(db: Queryable) {
  const own = (userId: number, id: number) =>
    and(eq(cartDigitalItems.id, id), eq(cartDigitalItems.userId, userId));
  return {
    async list(userId: number, checkinId?: number): Promise<DigitalItemRow[]> {
      return db
        .select()
        .from(cartDigitalItems)
        .where(
          and(
            eq(cartDigitalItems.userId, userId),
            checkinId === undefined ? undefined : eq(cartDigitalItems.checkinId, checkinId),
          ),
        )
        .orderBy(desc(cartDigitalItems.createdAt), desc(cartDigitalItems.id));
    },
    async find(userId: number, id: number): Promise<DigitalItemRow | undefined> {
      const [row] = await db.select().from(cartDigitalItems).where(own(userId, id));
      return row;
    },
    /** The currency of the cart (its digital lines, else its print items), or null while it is empty. */
    async currency(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ currency: cartDigitalItems.currency })
        .from(cartDigitalItems)
        .where(eq(cartDigitalItems.userId, userId))
        .union(
          db
            .select({ currency: cartPrintItems.currency })
            .from(cartPrintItems)
            .where(eq(cartPrintItems.userId, userId)),
        )
        .limit(1);
      return row?.currency ?? null;
    },
    async hasAlbum(checkinId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: cartDigitalItems.id })
        .from(cartDigitalItems)
        .where(eq(cartDigitalItems.checkinId, checkinId))
        .limit(1);
      return row !== undefined;
    },
    async insert(row: typeof cartDigitalItems.$inferInsert): Promise<DigitalItemRow> {
      const [created] = await db.insert(cartDigitalItems).values(row).returning();
      if (!created) throw new Error('cart line not inserted');
      return created;
    },
    async update(
      userId: number,
      id: number,
      set: { orderType?: OrderType; mediaIds?: number[] },
    ): Promise<DigitalItemRow | undefined> {
      const [row] = await db.update(cartDigitalItems).set(set).where(own(userId, id)).returning();
      return row;
    },
    async delete(userId: number, id: number): Promise<void> {
      await db.delete(cartDigitalItems).where(own(userId, id));
    },
    async clear(userId: number): Promise<void> {
      await db.delete(cartDigitalItems).where(eq(cartDigitalItems.userId, userId));
    },
    /** Serialises cart changes of one user, so two tabs adding at once cannot mix currencies. */
    async lockUser(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${7_300_000_000 + userId})`);
    },
  };
}
