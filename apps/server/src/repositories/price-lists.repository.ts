import { and, eq, isNull } from 'drizzle-orm';
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
    async eventList(photoServiceId: number): Promise<PriceListRow | undefined> {
      const [row] = await db
        .select()
        .from(priceLists)
        .where(and(eq(priceLists.photoServiceId, photoServiceId), isNull(priceLists.galleryId)));
      return row;
    },
  };
}

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
