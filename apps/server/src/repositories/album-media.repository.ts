import type { MediaType } from '@fotodrop/contract';
import { and, asc, count, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import {
  checkins,
  type GalleryCount,
  galleries,
  media,
  mediaFavourites,
  mediaHidden,
  photoServices,
  picacodes,
} from '../db/album-schema';
import type { Queryable } from '../db/client';
import { albumEntitlements, mediaEntitlements } from '../db/order-schema';
import {
  type AlbumMediaRow,
  favouriteOf,
  notRemovedBy,
  rowsAggregate,
  rowsInOrder,
  rowsWhere,
} from './album-media-rows';
import { hiddenFacesColumn } from './anonymization.repository';
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
  /** Only media the user bought (true) or did not (false); `albums` are the packages bought. */
  purchased?: { is: boolean; packages: { scope: AlbumScope; types: MediaType[] }[] };
}

/** Bought one by one, or covered by a package bought for an album whose scope holds it. */
function boughtCondition(userId: number, packages: { scope: AlbumScope; types: MediaType[] }[]): SQL {
  const one = sql`exists (select 1 from ${mediaEntitlements} where ${mediaEntitlements.userId} = ${userId} and ${mediaEntitlements.mediaId} = ${media.id})`;
  const covered = packages
    .filter((p) => p.types.length > 0)
    .map((p) => and(albumScopeCondition(p.scope), inArray(media.type, p.types)) as SQL);
  return or(one, ...covered) as SQL;
}

export type { AlbumMediaRow } from './album-media-rows';
export type { GalleryCount };

const isFavourite = (userId: number) =>
  sql<boolean>`exists (select 1 from ${mediaFavourites} where ${mediaFavourites.userId} = ${userId} and ${mediaFavourites.mediaId} = ${media.id})`;

/**
 * Newest first; the id breaks ties of one timestamp so pages never overlap. Spelled exactly like
 * media_album_order_idx (nulls last on the id too), or the planner would not read its order.
 */
const newestFirst = [sql`${media.takenAt} desc nulls last`, sql`${media.id} desc nulls last`];

const pageColumns = (viewerId: SQL | number) => ({
  id: media.id,
  photoServiceId: media.photoServiceId,
  type: media.type,
  galleryId: media.galleryId,
  width: media.width,
  height: media.height,
  durationSeconds: media.durationSeconds,
  takenAt: media.takenAt,
  favourite: sql<boolean>`${mediaFavourites.mediaId} is not null`,
  hiddenFaces: hiddenFacesColumn(sql`${media.id}`, viewerId),
});

/** A page's rows by id (`rowsJson`: one json column, one JSON.parse), prepared once per handle. */
const rowsQuery = (db: Queryable) => {
  const viewer = sql`${sql.placeholder('userId')}`;
  return db
    .select({ rows: rowsAggregate(viewer) })
    .from(media)
    .leftJoin(mediaFavourites, favouriteOf(viewer))
    .where(rowsWhere(sql`${sql.placeholder('ids')}`, viewer))
    .prepare('album_media_rows_json');
};
const preparedRows = new WeakMap<Queryable, ReturnType<typeof rowsQuery>>();

/** Media of albums as their owner sees them: ready, not removed by them, within the codes' scope. */
export function albumMediaRepository(db: Queryable) {
  const conditions = (q: AlbumMediaQuery): SQL | undefined =>
    and(
      or(...q.scopes.map(albumScopeCondition)) ?? sql`false`,
      notRemovedBy(q.userId),
      q.galleryIds ? inArray(media.galleryId, q.galleryIds) : undefined,
      q.favouritesOnly ? isFavourite(q.userId) : undefined,
      q.type ? eq(media.type, q.type) : undefined,
      q.ids ? (q.ids.length > 0 ? inArray(media.id, q.ids) : sql`false`) : undefined,
      q.purchased
        ? q.purchased.is
          ? boughtCondition(q.userId, q.purchased.packages)
          : not(boughtCondition(q.userId, q.purchased.packages))
        : undefined,
    );
  const favouriteJoin = (userId: number) =>
    and(eq(mediaFavourites.userId, userId), eq(mediaFavourites.mediaId, media.id));

  return {
    async count(q: AlbumMediaQuery): Promise<number> {
      const [row] = await db.select({ n: count() }).from(media).where(conditions(q));
      return row?.n ?? 0;
    },
    /**
     * What the user bought of the query, in one round trip: the media types a package of the album
     * `checkinId` covers, and the media of the query bought one by one, by type — read from the
     * user's entitlements, which are few, never by scanning the album.
     */
    async purchaseCounts(
      q: AlbumMediaQuery,
      checkinId: number,
    ): Promise<{ packageTypes: MediaType[]; photos: number; videos: number }> {
      const [row] = await db
        .select({
          packageTypes: sql<
            MediaType[]
          >`(select coalesce(array_agg(${albumEntitlements.mediaType}), '{}') from ${albumEntitlements} where ${albumEntitlements.userId} = ${q.userId} and ${albumEntitlements.checkinId} = ${checkinId})`,
          photos: sql<number>`count(*) filter (where ${media.type} = 'photo')`,
          videos: sql<number>`count(*) filter (where ${media.type} = 'video')`,
        })
        .from(mediaEntitlements)
        .innerJoin(media, eq(media.id, mediaEntitlements.mediaId))
        .where(and(eq(mediaEntitlements.userId, q.userId), conditions({ ...q, purchased: undefined })));
      return {
        packageTypes: row?.packageTypes ?? [],
        photos: Number(row?.photos ?? 0),
        videos: Number(row?.videos ?? 0),
      };
    },
    /** Every medium of the query with its type, newest first (what a cart line buys). */
    async members(q: AlbumMediaQuery): Promise<{ id: number; type: MediaType }[]> {
      return db
        .select({ id: media.id, type: media.type })
        .from(media)
        .where(conditions(q))
        .orderBy(...newestFirst);
    },
    /** Every id of the query in page order: the list deep pages are sliced from. */
    async orderedIds(q: AlbumMediaQuery): Promise<number[]> {
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .where(conditions(q))
        .orderBy(...newestFirst);
      return rows.map((r) => r.id);
    },
    /**
     * These media, in the order of `ids` (a slice of `orderedIds`), if still ready and not removed
     * by the user: prepared once per connection, as every deep page asks it.
     */
    async rowsOf(userId: number, ids: number[]): Promise<AlbumMediaRow[]> {
      const query = preparedRows.get(db) ?? rowsQuery(db);
      preparedRows.set(db, query);
      const [result] = await query.execute({ userId, ids });
      return rowsInOrder(result?.rows ?? [], ids);
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
        .select(pageColumns(q.userId))
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
}
