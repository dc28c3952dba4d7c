import type { MediaType } from '@fotodrop/contract';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  albumCounts,
  checkins,
  type GalleryCount,
  galleries,
  media,
  mediaFavourites,
  mediaHidden,
  mediaVersions,
  photoServices,
  picacodes,
  userMediaVersions,
} from '../db/album-schema';
import type { Queryable } from '../db/client';
import { type AlbumScope, albumScopeCondition, visibleMediaCondition } from './checkins.repository';

export interface AlbumMediaQuery {
  userId: number;
  /** What the album shows; several albums' scopes list each medium once. */
  scopes: AlbumScope[];
  /** Only media in these galleries; null for any gallery. */
  galleryIds: number[] | null;
  favouritesOnly: boolean;
  type?: MediaType;
  /** Only these media (a cart line's pick). */
  ids?: number[];
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

export type { GalleryCount };

const isFavourite = (userId: number) =>
  sql<boolean>`exists (select 1 from ${mediaFavourites} where ${mediaFavourites.userId} = ${userId} and ${mediaFavourites.mediaId} = ${media.id})`;

/**
 * Newest first; the id breaks ties of one timestamp so pages never overlap. Spelled exactly like
 * media_album_order_idx (nulls last on the id too), or the planner would not read its order.
 */
const newestFirst = [sql`${media.takenAt} desc nulls last`, sql`${media.id} desc nulls last`];

/** Media of albums as their owner sees them: ready, not removed by them, within the codes' scope. */
export function albumMediaRepository(db: Queryable) {
  const conditions = (q: AlbumMediaQuery): SQL | undefined =>
    and(
      or(...q.scopes.map(albumScopeCondition)) ?? sql`false`,
      sql`not exists (select 1 from ${mediaHidden} where ${mediaHidden.userId} = ${q.userId} and ${mediaHidden.mediaId} = ${media.id})`,
      q.galleryIds ? inArray(media.galleryId, q.galleryIds) : undefined,
      q.favouritesOnly ? isFavourite(q.userId) : undefined,
      q.type ? eq(media.type, q.type) : undefined,
      q.ids ? (q.ids.length > 0 ? inArray(media.id, q.ids) : sql`false`) : undefined,
    );
  const favouriteJoin = (userId: number) =>
    and(eq(mediaFavourites.userId, userId), eq(mediaFavourites.mediaId, media.id));

  const repository = {
    async count(q: AlbumMediaQuery): Promise<number> {
      const [row] = await db.select({ n: count() }).from(media).where(conditions(q));
      return row?.n ?? 0;
    },
    /**
     * `countsByGallery` of one album, kept in album_counts while nothing it reads has changed.
     * The counters are read before counting, so stored counts are never older than their
     * counters claim: a change committed meanwhile only makes the next request count again.
     */
    async albumCounts(checkinId: number, userId: number, scope: AlbumScope): Promise<GalleryCount[]> {
      const counter = sql<number>`coalesce((select ${mediaVersions.version} from ${mediaVersions} where ${mediaVersions.photoServiceId} = ${scope.photoServiceId}), 0)`;
      const userCounter = sql<number>`coalesce((select ${userMediaVersions.version} from ${userMediaVersions} where ${userMediaVersions.userId} = ${userId}), 0)`;
      const [state] = await db
        .select({
          mediaVersion: counter.mapWith(Number),
          userVersion: userCounter.mapWith(Number),
          stored: albumCounts,
        })
        .from(checkins)
        .leftJoin(albumCounts, eq(albumCounts.checkinId, checkins.id))
        .where(eq(checkins.id, checkinId));
      if (!state) return [];
      const { mediaVersion, userVersion, stored } = state;
      if (stored?.mediaVersion === mediaVersion && stored.userVersion === userVersion) return stored.counts;
      const counts = await repository.countsByGallery({ userId, scopes: [scope] });
      await db
        .insert(albumCounts)
        .values({ checkinId, mediaVersion, userVersion, counts })
        .onConflictDoUpdate({ target: albumCounts.checkinId, set: { mediaVersion, userVersion, counts } });
      return counts;
    },
    /** Every count the tree and the tabs need, in one pass over the album. */
    async countsByGallery(
      q: Omit<AlbumMediaQuery, 'galleryIds' | 'favouritesOnly'>,
    ): Promise<GalleryCount[]> {
      return db
        .select({
          galleryId: media.galleryId,
          total: count(),
          favourites: count(mediaFavourites.mediaId),
        })
        .from(media)
        .leftJoin(mediaFavourites, favouriteJoin(q.userId))
        .where(conditions({ ...q, galleryIds: null, favouritesOnly: false }))
        .groupBy(media.galleryId);
    },
    /** Every medium of the query with its type, newest first (what a cart line buys). */
    async members(q: AlbumMediaQuery): Promise<{ id: number; type: MediaType }[]> {
      return db
        .select({ id: media.id, type: media.type })
        .from(media)
        .where(conditions(q))
        .orderBy(...newestFirst);
    },
    async page(q: AlbumMediaQuery, page: number, pageSize: number): Promise<AlbumMediaRow[]> {
      // The page's ids first, from the index alone; the rows and favourite flags only for those.
      const ids = db
        .select({ id: media.id })
        .from(media)
        .where(conditions(q))
        .orderBy(...newestFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .as('page_ids');
      return db
        .select({
          id: media.id,
          type: media.type,
          galleryId: media.galleryId,
          width: media.width,
          height: media.height,
          durationSeconds: media.durationSeconds,
          takenAt: media.takenAt,
          favourite: sql<boolean>`${mediaFavourites.mediaId} is not null`,
        })
        .from(ids)
        .innerJoin(media, eq(media.id, ids.id))
        .leftJoin(mediaFavourites, favouriteJoin(q.userId))
        .orderBy(...newestFirst);
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
  return repository;
}
