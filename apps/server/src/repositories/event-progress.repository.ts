import type { MediaStatus } from '@fotodrop/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { media } from '../db/album-schema';
import type { Queryable } from '../db/client';

export interface FailureRow {
  id: number;
  originalFilename: string | null;
  error: string | null;
  createdAt: Date;
}

/** The counts behind an event's progress (issue 18): each one aggregate over the event's media. */
export function eventProgressRepository(db: Queryable) {
  return {
    /** The event's media by status, in one grouped query. */
    async statusCounts(photoServiceId: number): Promise<{ status: MediaStatus; n: number }[]> {
      return db
        .select({ status: media.status, n: count() })
        .from(media)
        .where(eq(media.photoServiceId, photoServiceId))
        .groupBy(media.status);
    },

    /** The newest failures first; the id breaks ties of one timestamp (ids follow upload order). */
    async latestFailures(photoServiceId: number, limit: number): Promise<FailureRow[]> {
      return db
        .select({
          id: media.id,
          originalFilename: media.originalFilename,
          error: media.error,
          createdAt: media.createdAt,
        })
        .from(media)
        .where(and(eq(media.photoServiceId, photoServiceId), eq(media.status, 'failed')))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(limit);
    },

    /** How many of `mediaIds` (media a worker is processing) are this event's, still processing. */
    async processingAmong(photoServiceId: number, mediaIds: number[]): Promise<number> {
      if (mediaIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(media)
        .where(
          and(
            inArray(media.id, mediaIds),
            eq(media.photoServiceId, photoServiceId),
            eq(media.status, 'processing'),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
