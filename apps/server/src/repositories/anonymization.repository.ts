import type { AnonymizationKind } from '@fotodrop/contract';
import { and, arrayOverlaps, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { checkins } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { type FaceBox, faceMatches, faces, mediaBlurVariants } from '../db/face-schema';

/** An album's faces: those of its matches that put a medium in it (auto or confirmed). */
const shownFaces = (checkinId: number) =>
  and(
    eq(faceMatches.checkinId, checkinId),
    inArray(faceMatches.decision, ['auto', 'confirmed']),
    isNotNull(faceMatches.faceId),
  );

/**
 * The faces of one medium a viewer must not see (the rule of `hiddenFromViewer`), as a column of
 * a listing: null when none. A page then brings its hidden faces with its rows, one statement
 * fewer (an index lookup per row, face_matches_media_idx).
 */
export function hiddenFacesColumn(mediaId: SQL, viewerId: SQL | number): SQL<number[] | null> {
  return sql<number[] | null>`(select array_agg(distinct ${faceMatches.faceId} order by ${faceMatches.faceId})
    from ${faceMatches} inner join ${checkins} on ${checkins.id} = ${faceMatches.checkinId}
    where ${faceMatches.mediaId} = ${mediaId} and ${faceMatches.decision} in ('auto', 'confirmed')
      and ${faceMatches.faceId} is not null and ${checkins.anonymizationState} <> 'off'
      and ${checkins.userId} <> ${viewerId})`;
}

/** Anonymous mode's state on albums, the faces it hides from whom, and the blurred variants made. */
export function anonymizationRepository(db: Queryable) {
  return {
    /** The album's row, locked for the rest of the transaction: state changes are serialised per album. */
    async lockAlbum(checkinId: number) {
      const [row] = await db
        .select({
          id: checkins.id,
          userId: checkins.userId,
          status: checkins.status,
          state: checkins.anonymizationState,
          kind: checkins.anonymizationKind,
        })
        .from(checkins)
        .where(eq(checkins.id, checkinId))
        .for('update');
      return row;
    },

    async setState(checkinId: number, state: 'off' | 'pending' | 'on', kind: AnonymizationKind | null) {
      await db
        .update(checkins)
        .set({ anonymizationState: state, anonymizationKind: kind })
        .where(eq(checkins.id, checkinId));
    },

    /** The album's faces with their media: what anonymous mode hides of this participant. */
    async facesOf(checkinId: number): Promise<{ mediaId: number; faceId: number }[]> {
      const rows = await db
        .select({ mediaId: faceMatches.mediaId, faceId: faceMatches.faceId })
        .from(faceMatches)
        .where(shownFaces(checkinId));
      return rows.map((r) => ({ mediaId: r.mediaId, faceId: r.faceId as number }));
    },

    /**
     * The faces of anonymized albums (pending or on) in these media, with the user each belongs
     * to: a viewer is hidden every such face but their own.
     */
    async hiddenFacesIn(mediaIds: number[]): Promise<{ mediaId: number; faceId: number; userId: number }[]> {
      if (mediaIds.length === 0) return [];
      const rows = await db
        .select({ mediaId: faceMatches.mediaId, faceId: faceMatches.faceId, userId: checkins.userId })
        .from(faceMatches)
        .innerJoin(checkins, eq(checkins.id, faceMatches.checkinId))
        .where(
          and(
            inArray(faceMatches.mediaId, mediaIds),
            inArray(faceMatches.decision, ['auto', 'confirmed']),
            isNotNull(faceMatches.faceId),
            ne(checkins.anonymizationState, 'off'),
          ),
        );
      return rows.map((r) => ({ mediaId: r.mediaId, faceId: r.faceId as number, userId: r.userId }));
    },

    /**
     * Per medium of `mediaIds`, the faces `viewerId` must not see (a visitor, null: every hidden
     * face): one statement for a whole page. Media without any are absent.
     */
    async hiddenFromViewer(viewerId: number | null, mediaIds: number[]): Promise<Map<number, number[]>> {
      const hidden = new Map<number, number[]>();
      if (mediaIds.length === 0) return hidden;
      const rows = await db
        .select({
          mediaId: faceMatches.mediaId,
          faceIds: sql<number[]>`array_agg(distinct ${faceMatches.faceId} order by ${faceMatches.faceId})`,
        })
        .from(faceMatches)
        .innerJoin(checkins, eq(checkins.id, faceMatches.checkinId))
        .where(
          and(
            inArray(faceMatches.mediaId, mediaIds),
            inArray(faceMatches.decision, ['auto', 'confirmed']),
            isNotNull(faceMatches.faceId),
            ne(checkins.anonymizationState, 'off'),
            viewerId === null ? undefined : ne(checkins.userId, viewerId),
          ),
        )
        .groupBy(faceMatches.mediaId);
      for (const row of rows) hidden.set(row.mediaId, row.faceIds.map(Number));
      return hidden;
    },

    /** The boxes of these faces of one medium; a face no longer there is missing from the answer. */
    async boxes(mediaId: number, faceIds: number[]): Promise<{ id: number; box: FaceBox }[]> {
      if (faceIds.length === 0) return [];
      return db
        .select({ id: faces.id, box: faces.box })
        .from(faces)
        .where(and(eq(faces.mediaId, mediaId), inArray(faces.id, faceIds)));
    },

    async recordVariant(mediaId: number, faceIds: number[], key: string, status: 'ready' | 'failed') {
      await db
        .insert(mediaBlurVariants)
        .values({ mediaId, faceIds, key, status })
        .onConflictDoUpdate({ target: [mediaBlurVariants.mediaId, mediaBlurVariants.key], set: { status } });
    },

    /** Variants that hide any of these faces: no longer needed once their owner shows them again. */
    async variantsWithFaces(faceIds: number[]): Promise<{ id: number; mediaId: number; key: string }[]> {
      if (faceIds.length === 0) return [];
      return db
        .select({ id: mediaBlurVariants.id, mediaId: mediaBlurVariants.mediaId, key: mediaBlurVariants.key })
        .from(mediaBlurVariants)
        .where(arrayOverlaps(mediaBlurVariants.faceIds, faceIds));
    },

    async deleteVariants(ids: number[]) {
      if (ids.length === 0) return;
      await db.delete(mediaBlurVariants).where(inArray(mediaBlurVariants.id, ids));
    },

    /** Flips pending to on, only if the album is still pending with this kind; false otherwise. */
    async completeIfPending(checkinId: number, kind: AnonymizationKind): Promise<boolean> {
      const rows = await db
        .update(checkins)
        .set({ anonymizationState: 'on' })
        .where(
          and(
            eq(checkins.id, checkinId),
            eq(checkins.anonymizationState, 'pending'),
            eq(checkins.anonymizationKind, kind),
          ),
        )
        .returning({ id: checkins.id });
      return rows.length > 0;
    },
  };
}
export type AnonymizationRepository = ReturnType<typeof anonymizationRepository>;
