import type { MediaType } from '@fotodrop/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  checkins,
  galleries,
  media,
  mediaFavourites,
  mediaHidden,
  photoServices,
  picacodes,
} from '../db/album-schema';
import type { Queryable } from '../db/client';
import { visibleMediaCondition } from './checkins.repository';

export interface AlbumMediaQuery {
  checkinId: number;
  userId: number;
  /** 'mine': what the album code shows; 'event': every ready medium of the event. */
  scope: 'mine' | 'event';
  /** Only media in these galleries; null for any gallery. */
  galleryIds: number[] | null;
  favouritesOnly: boolean;
  type?: MediaType;
}

export interface AlbumMediaRow {
  id: number;
  type: MediaType;
  galleryId: number | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  takenAt: Date | null;
  favourite: boolean;
}

const isFavourite = (userId: number) =>
  sql<boolean>`exists (select 1 from ${mediaFavourites} where ${mediaFavourites.userId} = ${userId} and ${mediaFavourites.mediaId} = ${media.id})`;

/** Media of one album as its owner sees them: ready, not removed by them, within the code's scope. */
export function albumMediaRepository(db: Queryable) {
  const conditions = (q: AlbumMediaQuery): SQL | undefined =>
    and(
      q.scope === 'mine'
        ? visibleMediaCondition()
        : sql`${media.photoServiceId} = ${checkins.photoServiceId} and ${media.status} = 'ready'`,
      sql`not exists (select 1 from ${mediaHidden} where ${mediaHidden.userId} = ${q.userId} and ${mediaHidden.mediaId} = ${media.id})`,
      q.galleryIds
        ? q.galleryIds.length > 0
          ? inArray(media.galleryId, q.galleryIds)
          : sql`false`
        : undefined,
      q.favouritesOnly ? isFavourite(q.userId) : undefined,
      q.type ? eq(media.type, q.type) : undefined,
    );
  const from = (checkinId: number) =>
    db
      .select({ n: count() })
      .from(media)
      .innerJoin(checkins, eq(checkins.id, checkinId))
      .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
      .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId));

  return {
    async count(q: AlbumMediaQuery): Promise<number> {
      const [row] = await from(q.checkinId).where(conditions(q));
      return row?.n ?? 0;
    },
    async page(q: AlbumMediaQuery, page: number, pageSize: number): Promise<AlbumMediaRow[]> {
      return db
        .select({
          id: media.id,
          type: media.type,
          galleryId: media.galleryId,
          width: media.width,
          height: media.height,
          durationSeconds: media.durationSeconds,
          takenAt: media.takenAt,
          favourite: isFavourite(q.userId),
        })
        .from(media)
        .innerJoin(checkins, eq(checkins.id, q.checkinId))
        .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
        .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
        .where(conditions(q))
        .orderBy(asc(media.takenAt), asc(media.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
    },
    async galleriesOf(photoServiceId: number) {
      return db
        .select()
        .from(galleries)
        .where(eq(galleries.photoServiceId, photoServiceId))
        .orderBy(asc(galleries.position), asc(galleries.id));
    },
    /** The album (of this user) that shows this medium, if any: favourites and hiding need one. */
    async albumShowing(userId: number, mediaId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: checkins.id })
        .from(media)
        .innerJoin(checkins, and(eq(checkins.userId, userId), eq(checkins.status, 'complete')))
        .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
        .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
        .where(and(eq(media.id, mediaId), visibleMediaCondition()))
        .limit(1);
      return row?.id ?? null;
    },
    async setFavourite(userId: number, mediaId: number, favourite: boolean): Promise<void> {
      if (favourite) await db.insert(mediaFavourites).values({ userId, mediaId }).onConflictDoNothing();
      else
        await db
          .delete(mediaFavourites)
          .where(and(eq(mediaFavourites.userId, userId), eq(mediaFavourites.mediaId, mediaId)));
    },
    async hide(userId: number, mediaId: number): Promise<void> {
      await db.insert(mediaHidden).values({ userId, mediaId }).onConflictDoNothing();
    },
  };
}
