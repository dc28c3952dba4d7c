import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { media, photoServices } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { rowsOf } from './metric-events.repository';

/** What bib reading asks of media and events (issue 20); what it writes is `media-bibs.repository.ts`. */
/** A photo recognition reads: processed, not a video, not deleted by the organiser. */
const readyPhoto = and(eq(media.status, 'ready'), eq(media.type, 'photo'), isNull(media.deletedAt));

export function bibReadingRepository(db: Queryable) {
  return {
    /** A medium as reading needs it: photo or video, ready or not, its event, and whether it reads bibs. */
    async mediaForReading(mediaId: number) {
      const [row] = await db
        .select({
          status: media.status,
          type: media.type,
          deletedAt: media.deletedAt,
          photoServiceId: media.photoServiceId,
          bibRecognition: photoServices.bibRecognition,
          bibsReadAt: media.bibsReadAt,
        })
        .from(media)
        .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
        .where(eq(media.id, mediaId));
      return row;
    },

    /**
     * Whether the event reads bibs, and the database's clock: the time a re-read is asked, which
     * the job compares with `bibs_read_at` (written with the same clock).
     */
    async eventForReading(photoServiceId: number): Promise<{ on: boolean; now: Date } | undefined> {
      const [row] = await db
        .select({ on: photoServices.bibRecognition, now: sql<string>`now()` })
        .from(photoServices)
        .where(eq(photoServices.id, photoServiceId));
      return row && { on: row.on, now: new Date(row.now) };
    },

    /** The event's ready photos (not deleted), by id after `afterId`: one batch of a re-read. */
    async readyPhotos(photoServiceId: number, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.photoServiceId, photoServiceId), readyPhoto, gt(media.id, afterId)))
        .orderBy(media.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The database's clock, which also writes `bibs_read_at`. */
    async now(): Promise<Date> {
      const [row] = rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
      return new Date(row?.now ?? Date.now());
    },

    /** Ready photos never read, of events that read bibs, by id after `afterId` (a worker's start). */
    async unreadPhotos(afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
        .where(
          and(
            eq(photoServices.bibRecognition, true),
            readyPhoto,
            isNull(media.bibsReadAt),
            gt(media.id, afterId),
          ),
        )
        .orderBy(media.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
