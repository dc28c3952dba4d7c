import type { CheckinMode } from '@fotodrop/contract';
import { and, arrayOverlaps, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { albumGalleryCounts, checkins, media, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { faceMatches } from '../db/face-schema';
import { albumEntitlements, mediaEntitlements } from '../db/order-schema';
import { authTokens, users } from '../db/schema';
import {
  type AlbumExtras,
  albumBought,
  type BoughtJson,
  boughtJson,
  type CountJson,
  countsJson,
  type GalleryJson,
  galleriesJson,
  galleryCount,
  galleryRow,
  type WithExtras,
} from './album-lookup-extras';
import { type RowJson, rowsInOrder, rowsJson } from './album-media-rows';
import type { PhotoServiceRow, PicacodeRow } from './photo-services.repository';

export type { AlbumBought, AlbumExtras } from './album-lookup-extras';

export type CheckinRow = typeof checkins.$inferSelect;

/** A check-in with the code and photo service it belongs to. */
export interface CheckinWithContext {
  checkin: CheckinRow;
  picacode: PicacodeRow;
  service: PhotoServiceRow;
}

/**
 * The media an album code shows as "my photos": every ready medium of the event for an
 * event-wide code or when the event shows all photos; otherwise those tagged with one of the
 * code's tags or lying in one of its galleries; in a face-search event, of those only the ones
 * the album's face matches show (decision auto or confirmed). This form joins checkins, picacodes and
 * photo_services; `albumScopeCondition` is the same rule for one album already loaded.
 */
export function visibleMediaCondition(): SQL {
  return sql`${media.photoServiceId} = ${checkins.photoServiceId}
    and ${media.status} = 'ready'
    and (${picacodes.kind} = 'event' or ${photoServices.showAllEventPhotos}
      or ${media.tags} && ${picacodes.tags} or ${media.galleryId} = any(${picacodes.galleryIds}))
    and (${photoServices.checkinMode} <> 'face-checkin' or ${faceMatchShown(sql`${checkins.id}`)})
    and ${notHiddenFor(sql`${checkins.id}`, sql`${checkins.userId}`)}`;
}

/**
 * Media the organiser hid (or deleted while bought: issue 18) stay only in their buyers' albums:
 * bought one by one by the album's owner, or by a package of this album. Migration 0022 counts
 * albums by the same rule.
 */
function notHiddenFor(checkinId: SQL, userId: SQL): SQL {
  return sql`(${media.hiddenAt} is null
    or exists (select 1 from ${mediaEntitlements} where ${mediaEntitlements.mediaId} = ${media.id}
      and ${mediaEntitlements.userId} = ${userId})
    or exists (select 1 from ${albumEntitlements} where ${albumEntitlements.checkinId} = ${checkinId}
      and ${albumEntitlements.mediaType} = ${media.type}))`;
}

/** In a face-search event an album shows only the media its face matches put there. */
function faceMatchShown(checkinId: SQL): SQL {
  return sql`exists (select 1 from ${faceMatches} where ${faceMatches.checkinId} = ${checkinId}
    and ${faceMatches.mediaId} = ${media.id} and ${faceMatches.decision} in ('auto', 'confirmed'))`;
}

/** What one album shows, resolved from its code and event. */
export interface AlbumScope {
  photoServiceId: number;
  /** Every ready medium of the event: an event-wide code, or an event that shows all photos. */
  wholeEvent: boolean;
  tags: string[];
  galleryIds: number[];
  /** A face-search event: only the media this album's face matches put there (its id), else null. */
  faceCheckinId: number | null;
  /** The album and its owner: hidden media stay only where bought (`notHiddenFor`). */
  checkinId: number;
  userId: number;
}

function scopeOf(
  serviceId: number,
  event: { showAllEventPhotos: boolean; checkinMode: CheckinMode },
  code: Pick<PicacodeRow, 'kind' | 'tags' | 'galleryIds'>,
  checkinId: number,
  userId: number,
): AlbumScope {
  return {
    photoServiceId: serviceId,
    wholeEvent: code.kind === 'event' || event.showAllEventPhotos,
    tags: code.tags,
    galleryIds: code.galleryIds,
    faceCheckinId: event.checkinMode === 'face-checkin' ? checkinId : null,
    checkinId,
    userId,
  };
}

export const albumScope = ({ checkin, picacode, service }: CheckinWithContext): AlbumScope =>
  scopeOf(service.id, service, picacode, checkin.id, checkin.userId);

/** What the album's media screens need of a completed album: a few columns, not the whole event. */
export interface AlbumContext {
  checkinId: number;
  serviceId: number;
  serviceName: string;
  currency: string;
  picacode: string;
  /** A stay guest's own dates, from the album or its code (null: the event's dates). */
  startOfStay: string | null;
  endOfStay: string | null;
  scope: AlbumScope;
}

/**
 * `visibleMediaCondition` for one album with its values inlined: without joins in the way the
 * planner can use the media indexes. The status is a literal so the partial index applies.
 */
export function albumScopeCondition(scope: AlbumScope): SQL {
  const ready = sql`${media.photoServiceId} = ${scope.photoServiceId} and ${media.status} = 'ready'
    and ${notHiddenFor(sql`${scope.checkinId}`, sql`${scope.userId}`)}`;
  const event =
    scope.faceCheckinId === null ? ready : sql`${ready} and ${faceMatchShown(sql`${scope.faceCheckinId}`)}`;
  if (scope.wholeEvent) return event;
  const matches = or(
    scope.tags.length > 0 ? arrayOverlaps(media.tags, scope.tags) : undefined,
    scope.galleryIds.length > 0 ? inArray(media.galleryId, scope.galleryIds) : undefined,
  );
  return sql`${event} and ${matches ?? sql`false`}`;
}

/** The album lookup's prepared statements, per database handle (a transaction has its own). */
const prepared = new WeakMap<
  Queryable,
  Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>
>();

export function checkinsRepository(db: Queryable) {
  const withContext = () =>
    db
      .select({ checkin: checkins, picacode: picacodes, service: photoServices })
      .from(checkins)
      .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
      .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId));

  // Asked on every album request: only the columns the album needs, which is measurably faster
  // to build and to read than the whole event's settings. The counts and the event's galleries
  // come in the same statement when asked: one round trip instead of three.
  const albumColumns = (extras: AlbumExtras) => ({
    checkinId: checkins.id,
    serviceId: photoServices.id,
    serviceName: photoServices.name,
    currency: photoServices.currency,
    picacode: picacodes.code,
    startOfStay: sql<string | null>`coalesce(${checkins.startOfStay}, ${picacodes.startOfStay})`,
    endOfStay: sql<string | null>`coalesce(${checkins.endOfStay}, ${picacodes.endOfStay})`,
    showAll: photoServices.showAllEventPhotos,
    checkinMode: photoServices.checkinMode,
    kind: picacodes.kind,
    tags: picacodes.tags,
    galleryIds: picacodes.galleryIds,
    ownerId: checkins.userId,
    counts: extras.counts ? countsJson : sql<CountJson[] | null>`null`,
    galleries: extras.galleries ? galleriesJson : sql<GalleryJson[] | null>`null`,
    bought: extras.bought ? boughtJson(visibleMediaCondition()) : sql<BoughtJson | null>`null`,
  });
  const albumsQuery = (where: SQL | undefined, extras: AlbumExtras) =>
    db
      .select(albumColumns(extras))
      .from(checkins)
      .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
      .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
      .where(and(where, eq(checkins.status, 'complete')));
  // The album and its owner's session in one statement: the token must be valid, unexpired and
  // the album's owner's, or nothing comes back (the caller then runs the ordinary check).
  // The album's and the session's ~20 fields come as ONE json array (one parse in the driver, no
  // field-by-field decoding and mapping: issue 20, fourth pass); `albumColumns`' order names them.
  // With `withRows`, a page's rows by id (the `ids` parameter) come last, read as the token's user
  // sees them (`users.id`: inside the rows' subqueries `checkins` names another table).
  const sessionAlbumQuery = (extras: AlbumExtras, withRows: boolean) => {
    const columns = albumColumns(extras);
    const session = [
      users.id,
      users.policiesAcceptedVersion,
      authTokens.id,
      authTokens.tokenType,
      authTokens.impersonatorId,
      ...(withRows ? [rowsJson(sql`${sql.placeholder('ids')}`, sql`${users.id}`)] : []),
    ];
    return db
      .select({
        fields: sql<
          unknown[]
        >`json_build_array(${sql.join([...Object.values(columns), ...session], sql`, `)})`,
      })
      .from(checkins)
      .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
      .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
      .innerJoin(
        authTokens,
        and(
          eq(authTokens.userId, checkins.userId),
          eq(authTokens.keyHash, sql.placeholder('keyHash')),
          sql`${authTokens.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
        ),
      )
      .innerJoin(users, eq(users.id, checkins.userId))
      .where(and(eq(checkins.id, sql.placeholder('id')), eq(checkins.status, 'complete')));
  };
  const albumKeys = Object.keys(albumColumns({})) as (keyof AlbumsRow)[];
  type AlbumsRow = Awaited<ReturnType<typeof albumsQuery>>[number];
  const toAlbum = <O extends AlbumExtras>({
    showAll,
    checkinMode,
    kind,
    tags,
    galleryIds,
    ownerId,
    counts,
    galleries: all,
    bought,
    ...album
  }: AlbumsRow) =>
    ({
      ...album,
      scope: scopeOf(
        album.serviceId,
        { showAllEventPhotos: showAll, checkinMode },
        { kind, tags, galleryIds },
        album.checkinId,
        ownerId,
      ),
      counts: (counts ?? []).map(galleryCount),
      version: Math.max(0, ...(counts ?? []).map((c) => c[4])),
      galleries: (all ?? []).map(galleryRow),
      ...(bought ? { bought: albumBought(bought) } : {}),
    }) as AlbumContext & WithExtras<O>;
  const albums = async <O extends AlbumExtras>(where: SQL | undefined, extras: O) =>
    (await albumsQuery(where, extras)).map((row) => toAlbum<O>(row));

  /**
   * One album by id, the lookup every album request starts with: prepared once per connection
   * (PostgreSQL parses and plans it once) and built once per process.
   */
  const preparedAs = <Q>(name: string, build: () => Q): Q => {
    const byName = prepared.get(db) ?? new Map();
    prepared.set(db, byName);
    let query = byName.get(name);
    if (!query) {
      query = build() as never;
      byName.set(name, query);
    }
    return query as Q;
  };
  const extrasName = (extras: AlbumExtras) =>
    `${extras.counts ? 'c' : ''}${extras.galleries ? 'g' : ''}${extras.bought ? 'b' : ''}`;
  const oneAlbum = (extras: AlbumExtras) =>
    preparedAs(`album_${extrasName(extras)}`, () =>
      albumsQuery(
        and(eq(checkins.id, sql.placeholder('id')), eq(checkins.userId, sql.placeholder('userId'))),
        extras,
      ).prepare(`album_${extrasName(extras)}`),
    );
  const sessionAlbum = (extras: AlbumExtras, withRows: boolean) => {
    const name = `session_album_${extrasName(extras)}${withRows ? '_rows' : ''}`;
    return preparedAs(name, () => sessionAlbumQuery(extras, withRows).prepare(name));
  };

  return {
    async findById(id: number): Promise<CheckinWithContext | undefined> {
      const [row] = await withContext().where(eq(checkins.id, id));
      return row;
    },
    async findForUser(userId: number, id: number): Promise<CheckinWithContext | undefined> {
      const [row] = await withContext().where(and(eq(checkins.id, id), eq(checkins.userId, userId)));
      return row;
    },
    async findForUserByCode(userId: number, code: string): Promise<CheckinWithContext | undefined> {
      const [row] = await withContext().where(and(eq(picacodes.code, code), eq(checkins.userId, userId)));
      return row;
    },
    async insert(row: typeof checkins.$inferInsert): Promise<CheckinRow | undefined> {
      const [created] = await db.insert(checkins).values(row).onConflictDoNothing().returning();
      return created;
    },
    async update(id: number, changes: Partial<typeof checkins.$inferInsert>): Promise<CheckinRow> {
      const [row] = await db.update(checkins).set(changes).where(eq(checkins.id, id)).returning();
      if (!row) throw new Error(`check-in ${id} vanished during update`);
      return row;
    },
    async delete(id: number): Promise<void> {
      await db.delete(checkins).where(eq(checkins.id, id));
    },
    /** A completed album of this user; undefined for a pending one, another user's or none. */
    async findCompleteAlbum<O extends AlbumExtras = AlbumExtras>(
      userId: number,
      id: number,
      extras: O = {} as O,
    ): Promise<(AlbumContext & WithExtras<O>) | undefined> {
      const [row] = (await oneAlbum(extras).execute({ id, userId })) as AlbumsRow[];
      return row && toAlbum<O>(row);
    },
    /**
     * A completed album of the holder of this token (valid at `now`) with the holder's session;
     * undefined when the token is unknown, expired or another user's, or the album is none of theirs.
     */
    async findCompleteAlbumForSession<O extends AlbumExtras = AlbumExtras>(
      keyHash: string,
      now: Date,
      id: number,
      extras: O = {} as O,
      pageIds?: readonly number[],
    ) {
      const withRows = pageIds !== undefined;
      const values = { keyHash, now: now.toISOString(), id, ...(withRows ? { ids: pageIds } : {}) };
      const [row] = await sessionAlbum(extras, withRows).execute(values);
      if (!row) return undefined;
      const fields = row.fields;
      const album: Record<string, unknown> = {};
      for (let i = 0; i < albumKeys.length; i++) album[albumKeys[i]!] = fields[i];
      const at = albumKeys.length;
      const session = {
        user: { id: fields[at] as number, policiesAcceptedVersion: fields[at + 1] as number | null },
        tokenId: fields[at + 2] as number,
        tokenType: fields[at + 3] as 'Token' | 'Bearer',
        impersonatedBy: fields[at + 4] as number | null,
      };
      const rows = withRows ? rowsInOrder(fields[at + 5] as RowJson[], pageIds) : undefined;
      return { album: toAlbum<O>(album as AlbumsRow), session, rows };
    },
    /** Every completed album of a user (the media of all their albums). */
    allCompleteAlbums: <O extends AlbumExtras = AlbumExtras>(userId: number, extras: O = {} as O) =>
      albums(eq(checkins.userId, userId), extras),
    /** Completed albums of a user, newest first, with their "my photos" count. */
    async listComplete(userId: number, page: number, pageSize: number) {
      const where = and(eq(checkins.userId, userId), eq(checkins.status, 'complete'));
      const [total] = await db.select({ n: count() }).from(checkins).where(where);
      const rows = await withContext()
        .where(where)
        .orderBy(desc(checkins.createdAt), desc(checkins.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const extras = await Promise.all(
        rows.map(async (row) => ({
          summary: await mediaSummary(db, row),
          coverIds: await coverMediaIds(db, row),
        })),
      );
      return { total: total?.n ?? 0, rows: rows.map((row, i) => ({ ...row, ...extras[i]! })) };
    },
    summary: (row: CheckinWithContext) => mediaSummary(db, row),
  };
}

/** The newest few ready photos of an album, for its card in the album list. */
async function coverMediaIds(db: Queryable, row: CheckinWithContext, limit = 4): Promise<number[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(albumScopeCondition(albumScope(row)), eq(media.type, 'photo')))
    .orderBy(desc(media.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface MediaSummary {
  total: number;
  photos: number;
  videos: number;
}

/** What an album shows, from its counts (kept on write, removed photos already left out). */
async function mediaSummary(db: Queryable, row: CheckinWithContext): Promise<MediaSummary> {
  const [result] = await db
    .select({
      photos: sql<number>`coalesce(sum(${albumGalleryCounts.photos}), 0)`.mapWith(Number),
      videos: sql<number>`coalesce(sum(${albumGalleryCounts.videos}), 0)`.mapWith(Number),
    })
    .from(albumGalleryCounts)
    .where(eq(albumGalleryCounts.checkinId, row.checkin.id));
  const photos = result?.photos ?? 0;
  const videos = result?.videos ?? 0;
  return { total: photos + videos, photos, videos };
}
