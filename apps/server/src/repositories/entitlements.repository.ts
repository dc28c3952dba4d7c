import type { MediaType } from '@fotodrop/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { albumEntitlements, mediaEntitlements } from '../db/order-schema';
import { albumMediaRepository } from './album-media.repository';
import type { AlbumScope } from './checkins.repository';

/**
 * What a user has bought: media of a pick, and whole-album packages that cover an album's media of
 * a type, including media that arrive after the purchase. Granted only by a paid order.
 */
export function entitlementsRepository(db: Queryable) {
  return {
    async grantMedia(userId: number, orderId: number, mediaIds: number[]): Promise<void> {
      if (mediaIds.length === 0) return;
      await db
        .insert(mediaEntitlements)
        .values([...new Set(mediaIds)].map((mediaId) => ({ userId, mediaId, orderId })))
        .onConflictDoNothing();
    },
    async grantAlbum(userId: number, orderId: number, checkinId: number, types: MediaType[]): Promise<void> {
      if (types.length === 0) return;
      await db
        .insert(albumEntitlements)
        .values(types.map((mediaType) => ({ userId, checkinId, mediaType, orderId })))
        .onConflictDoNothing();
    },
    /** The media types a package covers in these albums, per album. */
    async albumTypes(userId: number, checkinIds: number[]): Promise<Map<number, Set<MediaType>>> {
      const map = new Map<number, Set<MediaType>>();
      if (checkinIds.length === 0) return map;
      const rows = await db
        .select({ checkinId: albumEntitlements.checkinId, type: albumEntitlements.mediaType })
        .from(albumEntitlements)
        .where(and(eq(albumEntitlements.userId, userId), inArray(albumEntitlements.checkinId, checkinIds)));
      for (const row of rows) map.set(row.checkinId, (map.get(row.checkinId) ?? new Set()).add(row.type));
      return map;
    },
    /** Which of these media the user bought one by one. */
    async boughtAmong(userId: number, mediaIds: number[]): Promise<Set<number>> {
      if (mediaIds.length === 0) return new Set();
      const rows = await db
        .select({ id: mediaEntitlements.mediaId })
        .from(mediaEntitlements)
        .where(
          and(
            eq(mediaEntitlements.userId, userId),
            sql`${mediaEntitlements.mediaId} = any(${`{${[...new Set(mediaIds)].join(',')}}`}::int[])`,
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
    /**
     * Whether the user holds the medium: bought one by one, or its type covered by a package of the
     * album. One statement, both halves on primary keys (every signed download asks it).
     */
    async holds(userId: number, mediaId: number, checkinId: number, type: MediaType): Promise<boolean> {
      const [row] = await db
        .select({
          held: sql<boolean>`exists (select 1 from ${mediaEntitlements} where ${mediaEntitlements.userId} = ${userId} and ${mediaEntitlements.mediaId} = ${mediaId})
            or exists (select 1 from ${albumEntitlements} where ${albumEntitlements.userId} = ${userId} and ${albumEntitlements.checkinId} = ${checkinId} and ${albumEntitlements.mediaType} = ${type})`,
        })
        .from(sql`(select 1) as one`);
      return row?.held === true;
    },
  };
}
export type EntitlementsRepository = ReturnType<typeof entitlementsRepository>;

/**
 * What a user bought among media of one album, in one round trip: the media bought one by one among
 * `mediaIds`, and the types a package of the album covers.
 */
export async function albumPurchases(
  db: Queryable,
  userId: number,
  checkinId: number,
  mediaIds: number[],
): Promise<{ media: Set<number>; types: Set<MediaType> }> {
  const ids = `{${[...new Set(mediaIds)].join(',')}}`;
  const rows = (await db.execute(sql`
    select ${mediaEntitlements.mediaId} as id, null as type from ${mediaEntitlements}
     where ${mediaEntitlements.userId} = ${userId} and ${mediaEntitlements.mediaId} = any(${ids}::int[])
    union all
    select null, ${albumEntitlements.mediaType} from ${albumEntitlements}
     where ${albumEntitlements.userId} = ${userId} and ${albumEntitlements.checkinId} = ${checkinId}`)) as unknown as
    | { rows: { id: number | null; type: MediaType | null }[] }
    | { id: number | null; type: MediaType | null }[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  const media = new Set<number>();
  const types = new Set<MediaType>();
  for (const r of list) {
    if (r.id !== null) media.add(Number(r.id));
    if (r.type !== null) types.add(r.type);
  }
  return { media, types };
}

/**
 * Whether each medium of one album is bought: one by one, or by a package of the album covering its
 * type. The one rule every listing and download follows.
 */
export async function purchasedInAlbum(
  db: Queryable,
  userId: number,
  checkinId: number,
  items: { id: number; type: MediaType }[],
): Promise<Set<number>> {
  const bought = await albumPurchases(
    db,
    userId,
    checkinId,
    items.map((i) => i.id),
  );
  return new Set(items.filter((i) => bought.media.has(i.id) || bought.types.has(i.type)).map((i) => i.id));
}

/**
 * What the user bought among media listed from several albums: one by one, or by a package bought
 * for an album whose scope holds the medium (never through another album's package). Each bought
 * medium maps to the album whose package covers it, null when it was bought one by one.
 */
export async function boughtAcrossAlbums(
  db: Queryable,
  userId: number,
  albums: { checkinId: number; scope: AlbumScope }[],
  items: { id: number; type: MediaType }[],
): Promise<Map<number, number | null>> {
  const repo = entitlementsRepository(db);
  const one = await repo.boughtAmong(
    userId,
    items.map((i) => i.id),
  );
  const bought = new Map<number, number | null>([...one].map((id) => [id, null]));
  const packages = await repo.albumTypes(
    userId,
    albums.map((a) => a.checkinId),
  );
  for (const album of albums) {
    const types = packages.get(album.checkinId);
    if (!types) continue;
    const rest = items.filter((i) => !bought.has(i.id) && types.has(i.type)).map((i) => i.id);
    if (rest.length === 0) continue;
    const members = await albumMediaRepository(db).members({
      userId,
      scopes: [album.scope],
      galleryIds: null,
      favouritesOnly: false,
      ids: rest,
    });
    for (const m of members) bought.set(m.id, album.checkinId);
  }
  return bought;
}
