import { and, count, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DetectedFace } from '../adapters/faces/face-engine';
import { checkins, media, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { type FaceMatchDecision, faceMatches, faces, mediaFaceScans, selfieFaces } from '../db/face-schema';

export type FaceRow = typeof faces.$inferSelect;
export type FaceMatchRow = typeof faceMatches.$inferSelect;

/** A candidate match the matching computed: one medium, its best face, and the band it fell in. */
export interface MatchCandidate {
  mediaId: number;
  faceId: number;
  distance: number;
  decision: 'auto' | 'ask';
}

/** Decisions the participant made: re-matching never overwrites them. */
const ANSWERS: FaceMatchDecision[] = ['confirmed', 'rejected'];

/** The face search's tables: faces of photos, scans, selfie descriptors and matches. */
export function facesRepository(db: Queryable) {
  return {
    /** A medium as indexing needs it: ready or not, its event, and whether its event searches by face. */
    async mediaForIndexing(mediaId: number) {
      const [row] = await db
        .select({
          id: media.id,
          status: media.status,
          photoServiceId: media.photoServiceId,
          checkinMode: photoServices.checkinMode,
        })
        .from(media)
        .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
        .where(eq(media.id, mediaId));
      return row;
    },

    /** Replaces a medium's faces and records its scan; returns the stored faces. */
    async replaceFaces(
      mediaId: number,
      photoServiceId: number,
      found: DetectedFace[],
      engine: string,
    ): Promise<FaceRow[]> {
      await db.delete(faces).where(eq(faces.mediaId, mediaId));
      const stored =
        found.length === 0
          ? []
          : await db
              .insert(faces)
              .values(
                found.map((f) => ({
                  mediaId,
                  photoServiceId,
                  box: f.box,
                  landmarks: f.landmarks,
                  score: f.score,
                  sizePx: f.sizePx,
                  descriptor: Array.from(f.descriptor),
                })),
              )
              .returning();
      await this.recordScan(mediaId, photoServiceId, {
        status: 'done',
        faceCount: stored.length,
        engine,
        error: null,
      });
      return stored;
    },

    async recordScan(
      mediaId: number,
      photoServiceId: number,
      scan: { status: 'done' | 'failed'; faceCount: number; engine: string; error: string | null },
    ) {
      await db
        .insert(mediaFaceScans)
        .values({ mediaId, photoServiceId, ...scan })
        .onConflictDoUpdate({ target: mediaFaceScans.mediaId, set: { ...scan, scannedAt: sql`now()` } });
    },

    /** Ready photos and video posters of face-search events not yet scanned by this engine. */
    async unscannedMedia(engine: string, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
        .leftJoin(mediaFaceScans, eq(mediaFaceScans.mediaId, media.id))
        .where(
          and(
            eq(media.status, 'ready'),
            eq(photoServices.checkinMode, 'face-checkin'),
            gt(media.id, afterId),
            sql`(${mediaFaceScans.mediaId} is null or ${mediaFaceScans.engine} <> ${engine})`,
          ),
        )
        .orderBy(media.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Indexing progress of one event: ready media, scanned, failed, and faces found. */
    async progress(photoServiceId: number) {
      const [ready] = await db
        .select({ n: count() })
        .from(media)
        .where(and(eq(media.photoServiceId, photoServiceId), eq(media.status, 'ready')));
      const scans = await db
        .select({
          status: mediaFaceScans.status,
          n: count(),
          faces: sql<number>`coalesce(sum(${mediaFaceScans.faceCount}), 0)`.mapWith(Number),
        })
        .from(mediaFaceScans)
        .innerJoin(media, and(eq(media.id, mediaFaceScans.mediaId), eq(media.status, 'ready')))
        .where(eq(mediaFaceScans.photoServiceId, photoServiceId))
        .groupBy(mediaFaceScans.status);
      const of = (status: string) => scans.find((s) => s.status === status);
      const total = ready?.n ?? 0;
      const indexed = of('done')?.n ?? 0;
      const failed = of('failed')?.n ?? 0;
      return {
        media: total,
        indexed,
        failed,
        waiting: Math.max(0, total - indexed - failed),
        faces: of('done')?.faces ?? 0,
      };
    },

    async facesOfMedia(mediaId: number): Promise<FaceRow[]> {
      return db.select().from(faces).where(eq(faces.mediaId, mediaId));
    },

    /** Faces by id with what the bands and the stay filter need about their medium. */
    async facesWithMedia(faceIds: number[]) {
      if (faceIds.length === 0) return [];
      return db
        .select({
          faceId: faces.id,
          mediaId: faces.mediaId,
          sizePx: faces.sizePx,
          takenOn: sql<string>`coalesce(${media.takenAt}, ${media.createdAt})::date::text`,
          ready: sql<boolean>`${media.status} = 'ready'`,
        })
        .from(faces)
        .innerJoin(media, eq(media.id, faces.mediaId))
        .where(inArray(faces.id, faceIds));
    },

    /** An album as matching needs it: its event, owner, stay dates and search status. */
    async albumForMatching(checkinId: number) {
      const [row] = await db
        .select({
          id: checkins.id,
          userId: checkins.userId,
          photoServiceId: checkins.photoServiceId,
          status: checkins.status,
          faceInferenceStatus: checkins.faceInferenceStatus,
          startOfStay: sql<string | null>`coalesce(${checkins.startOfStay}, ${picacodes.startOfStay})::text`,
          endOfStay: sql<string | null>`coalesce(${checkins.endOfStay}, ${picacodes.endOfStay})::text`,
        })
        .from(checkins)
        .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
        .where(eq(checkins.id, checkinId));
      return row;
    },

    async selfieDescriptors(checkinId: number): Promise<Float32Array[]> {
      const rows = await db
        .select({ descriptor: selfieFaces.descriptor })
        .from(selfieFaces)
        .where(eq(selfieFaces.checkinId, checkinId));
      return rows.map((r) => Float32Array.from(r.descriptor));
    },

    /** Every album of the event searching by face, with its selfies: new photos are compared with these. */
    async searchingAlbums(photoServiceId: number) {
      const rows = await db
        .select({
          checkinId: checkins.id,
          descriptor: selfieFaces.descriptor,
          startOfStay: sql<string | null>`coalesce(${checkins.startOfStay}, ${picacodes.startOfStay})::text`,
          endOfStay: sql<string | null>`coalesce(${checkins.endOfStay}, ${picacodes.endOfStay})::text`,
        })
        .from(selfieFaces)
        .innerJoin(checkins, eq(checkins.id, selfieFaces.checkinId))
        .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
        .where(
          and(
            eq(checkins.photoServiceId, photoServiceId),
            inArray(checkins.faceInferenceStatus, ['processing', 'completed']),
          ),
        );
      const albums = new Map<
        number,
        {
          checkinId: number;
          descriptors: Float32Array[];
          startOfStay: string | null;
          endOfStay: string | null;
        }
      >();
      for (const row of rows) {
        const album = albums.get(row.checkinId) ?? {
          checkinId: row.checkinId,
          descriptors: [],
          startOfStay: row.startOfStay,
          endOfStay: row.endOfStay,
        };
        album.descriptors.push(Float32Array.from(row.descriptor));
        albums.set(row.checkinId, album);
      }
      return [...albums.values()];
    },

    /**
     * Faces other participants hid in deep anonymous mode (their album's shown matches): nobody
     * else may be matched on them.
     */
    async deepHiddenFaces(photoServiceId: number, exceptCheckinId: number | null): Promise<Set<number>> {
      const rows = await db
        .select({ faceId: faceMatches.faceId })
        .from(faceMatches)
        .innerJoin(checkins, eq(checkins.id, faceMatches.checkinId))
        .where(
          and(
            eq(checkins.photoServiceId, photoServiceId),
            exceptCheckinId === null ? undefined : ne(checkins.id, exceptCheckinId),
            inArray(checkins.anonymizationState, ['pending', 'on']),
            eq(checkins.anonymizationKind, 'deep'),
            inArray(faceMatches.decision, ['auto', 'confirmed']),
            isNotNull(faceMatches.faceId),
          ),
        );
      return new Set(rows.map((r) => r.faceId as number));
    },

    async matchesOf(checkinId: number, mediaIds?: number[]): Promise<FaceMatchRow[]> {
      return db
        .select()
        .from(faceMatches)
        .where(
          and(
            eq(faceMatches.checkinId, checkinId),
            mediaIds
              ? mediaIds.length > 0
                ? inArray(faceMatches.mediaId, mediaIds)
                : sql`false`
              : undefined,
          ),
        );
    },

    /**
     * Writes one album's matches for the media considered: new candidates inserted, bands
     * updated, answers (confirmed, rejected) kept with the new distance, and media no longer
     * matching removed unless answered.
     */
    async applyMatches(checkinId: number, considered: number[] | 'all', candidates: MatchCandidate[]) {
      const existing = await this.matchesOf(checkinId, considered === 'all' ? undefined : considered);
      const byMedia = new Map(existing.map((m) => [m.mediaId, m]));
      const wanted = new Set(candidates.map((c) => c.mediaId));
      const gone = existing
        .filter((m) => !wanted.has(m.mediaId) && !ANSWERS.includes(m.decision))
        .map((m) => m.mediaId);
      if (gone.length > 0)
        await db
          .delete(faceMatches)
          .where(and(eq(faceMatches.checkinId, checkinId), inArray(faceMatches.mediaId, gone)));
      for (const c of candidates) {
        const known = byMedia.get(c.mediaId);
        if (
          known &&
          known.faceId === c.faceId &&
          known.distance === c.distance &&
          (ANSWERS.includes(known.decision) || known.decision === c.decision)
        )
          continue;
        await db
          .insert(faceMatches)
          .values({
            checkinId,
            mediaId: c.mediaId,
            faceId: c.faceId,
            distance: c.distance,
            decision: c.decision,
          })
          .onConflictDoUpdate({
            target: [faceMatches.checkinId, faceMatches.mediaId],
            set: {
              faceId: c.faceId,
              distance: c.distance,
              decision: sql`case when ${faceMatches.decision} in ('confirmed', 'rejected') then ${faceMatches.decision} else excluded.decision end`,
            },
          });
      }
    },

    /** Takes faces out of every album's matches but one (deep anonymous mode), answers included. */
    async unmatchFaces(faceIds: number[], exceptCheckinId: number) {
      if (faceIds.length === 0) return;
      await db
        .delete(faceMatches)
        .where(and(inArray(faceMatches.faceId, faceIds), ne(faceMatches.checkinId, exceptCheckinId)));
    },

    async setInferenceStatus(checkinId: number, status: 'pending' | 'processing' | 'completed' | 'failed') {
      await db.update(checkins).set({ faceInferenceStatus: status }).where(eq(checkins.id, checkinId));
    },

    /** How many media the album's matches show, and when its matches last changed. */
    async matchSummary(checkinId: number) {
      const [row] = await db
        .select({
          shown:
            sql<number>`count(*) filter (where ${faceMatches.decision} in ('auto', 'confirmed'))`.mapWith(
              Number,
            ),
          updatedAt: sql<string | null>`max(coalesce(${faceMatches.decidedAt}, ${faceMatches.createdAt}))`,
        })
        .from(faceMatches)
        .where(eq(faceMatches.checkinId, checkinId));
      return { shown: row?.shown ?? 0, updatedAt: row?.updatedAt ? new Date(row.updatedAt) : null };
    },
  };
}
export type FacesRepository = ReturnType<typeof facesRepository>;

/** Selfie descriptors and the "Is this you?" answers of one album. */
export function selfiesRepository(db: Queryable) {
  return {
    async insert(row: typeof selfieFaces.$inferInsert) {
      const [created] = await db.insert(selfieFaces).values(row).returning({ id: selfieFaces.id });
      return created as { id: number };
    },
    async count(checkinId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(selfieFaces)
        .where(eq(selfieFaces.checkinId, checkinId));
      return row?.n ?? 0;
    },
    /** Deletes selfies whose retention ended; answers how many went. */
    async deleteExpired(now: Date): Promise<number> {
      const gone = await db
        .delete(selfieFaces)
        .where(sql`${selfieFaces.expiresAt} <= ${now.toISOString()}::timestamptz`)
        .returning({ id: selfieFaces.id });
      return gone.length;
    },
    /** The middle band waiting for the participant: ready media, with the face that matched. */
    async askList(checkinId: number) {
      return db
        .select({ mediaId: faceMatches.mediaId, box: faces.box })
        .from(faceMatches)
        .innerJoin(media, and(eq(media.id, faceMatches.mediaId), eq(media.status, 'ready')))
        .leftJoin(faces, eq(faces.id, faceMatches.faceId))
        .where(and(eq(faceMatches.checkinId, checkinId), eq(faceMatches.decision, 'ask')))
        .orderBy(faceMatches.distance, faceMatches.mediaId);
    },
    /** Records the participant's answer; false when the medium was never a possible match of the album. */
    async answer(checkinId: number, mediaId: number, isMe: boolean, at: Date): Promise<boolean> {
      const updated = await db
        .update(faceMatches)
        .set({ decision: isMe ? 'confirmed' : 'rejected', decidedAt: at })
        .where(and(eq(faceMatches.checkinId, checkinId), eq(faceMatches.mediaId, mediaId)))
        .returning({ mediaId: faceMatches.mediaId });
      return updated.length > 0;
    },
  };
}
