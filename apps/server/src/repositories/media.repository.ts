import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { media, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';

export type MediaRow = typeof media.$inferSelect;

export function mediaRepository(db: Queryable) {
  return {
    /** Inserts a medium; undefined when the same bytes (sha256) are already in this event. */
    async insert(row: typeof media.$inferInsert): Promise<MediaRow | undefined> {
      const [created] = await db.insert(media).values(row).onConflictDoNothing().returning();
      return created;
    },
    /** A medium whose upload never reached storage or the queue (nothing refers to it yet). */
    async remove(id: number): Promise<void> {
      await db.delete(media).where(eq(media.id, id));
    },
    async findBySha(photoServiceId: number, sha256: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.photoServiceId, photoServiceId), eq(media.sha256, sha256)));
      return row;
    },
    /** Which of these contents (sha256) the event already holds, with the medium holding each. */
    async heldContents(photoServiceId: number, sha256s: string[]): Promise<{ sha256: string; id: number }[]> {
      if (sha256s.length === 0) return [];
      const rows = await db
        .select({ sha256: media.sha256, id: media.id })
        .from(media)
        .where(and(eq(media.photoServiceId, photoServiceId), inArray(media.sha256, sha256s)));
      return rows.flatMap((r) => (r.sha256 ? [{ sha256: r.sha256, id: r.id }] : []));
    },
    async findWithService(id: number) {
      const [row] = await db
        .select({ media, service: photoServices })
        .from(media)
        .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
        .where(eq(media.id, id));
      return row;
    },
    async update(id: number, changes: Partial<typeof media.$inferInsert>): Promise<void> {
      await db.update(media).set(changes).where(eq(media.id, id));
    },
  };
}

/** The newest ready photos an album code shows, without an album yet (the preview before sign-in). */
export async function previewMediaIds(db: Queryable, picacodeId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .innerJoin(picacodes, eq(picacodes.id, picacodeId))
    .innerJoin(photoServices, eq(photoServices.id, picacodes.photoServiceId))
    .where(
      and(
        eq(media.photoServiceId, picacodes.photoServiceId),
        eq(media.status, 'ready'),
        eq(media.type, 'photo'),
        // a face-search event shows each participant only their own photos: nothing before the selfie
        sql`${photoServices.checkinMode} <> 'face-checkin'`,
        sql`(${picacodes.kind} = 'event' or ${photoServices.showAllEventPhotos}
          or ${media.tags} && ${picacodes.tags} or ${media.galleryId} = any(${picacodes.galleryIds}))`,
      ),
    )
    .orderBy(desc(media.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
