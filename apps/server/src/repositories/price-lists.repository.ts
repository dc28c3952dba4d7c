import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { type PriceListItemRow, priceLists } from '../db/album-schema';
import type { Queryable } from '../db/client';

export type PriceListRow = typeof priceLists.$inferSelect;

export function priceListsRepository(db: Queryable) {
  return {
    async forService(photoServiceId: number): Promise<PriceListRow[]> {
      return db.select().from(priceLists).where(eq(priceLists.photoServiceId, photoServiceId));
    },
    async insert(
      photoServiceId: number,
      galleryId: number | null,
      items: PriceListItemRow[],
      refreshTime: number | null = null,
    ) {
      await db.insert(priceLists).values({ photoServiceId, galleryId, items, refreshTime });
    },
    /**
     * Replaces the event's list (gallery null) or a gallery's, keeping its refresh time. Delete and
     * insert: the unique index does not hold for the event's list (its gallery is NULL), so callers
     * hold the event's row lock (organiser-events.repository `lockEvent`).
     */
    async replace(
      photoServiceId: number,
      galleryId: number | null,
      items: PriceListItemRow[],
      change: { sheetId: number | null; at: Date },
    ): Promise<void> {
      const [old] = await db.delete(priceLists).where(listOf(photoServiceId, galleryId)).returning();
      await db.insert(priceLists).values({
        photoServiceId,
        galleryId,
        items,
        refreshTime: old?.refreshTime ?? null,
        sheetId: change.sheetId,
        updatedAt: change.at,
      });
    },
    /** Removes a gallery's own list (it inherits again); whether there was one. */
    async removeGalleryList(photoServiceId: number, galleryId: number): Promise<boolean> {
      const gone = await db.delete(priceLists).where(listOf(photoServiceId, galleryId)).returning();
      return gone.length > 0;
    },
    async eventList(photoServiceId: number): Promise<PriceListRow | undefined> {
      const [row] = await db
        .select()
        .from(priceLists)
        .where(and(eq(priceLists.photoServiceId, photoServiceId), isNull(priceLists.galleryId)));
      return row;
    },
  };
}

const listOf = (photoServiceId: number, galleryId: number | null): SQL | undefined =>
  and(
    eq(priceLists.photoServiceId, photoServiceId),
    galleryId === null ? isNull(priceLists.galleryId) : eq(priceLists.galleryId, galleryId),
  );

/** The list that applies to a gallery: its own, else its nearest ancestor's, else the event's. */
export function priceListFor(
  lists: PriceListRow[],
  galleryId: number | null,
  parentOf: (id: number) => number | null,
): PriceListRow | null {
  let current = galleryId;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const own = lists.find((l) => l.galleryId === current);
    if (own) return own;
    current = parentOf(current);
  }
  return lists.find((l) => l.galleryId === null) ?? null;
}
