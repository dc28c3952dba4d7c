import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { checkins, media, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import type { PhotoServiceRow, PicacodeRow } from './photo-services.repository';

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
 * code's tags or lying in one of its galleries.
 */
export function visibleMediaCondition(): SQL {
  return sql`${media.photoServiceId} = ${checkins.photoServiceId}
    and ${media.status} = 'ready'
    and (${picacodes.kind} = 'event' or ${photoServices.showAllEventPhotos}
      or ${media.tags} && ${picacodes.tags} or ${media.galleryId} = any(${picacodes.galleryIds}))`;
}

export function checkinsRepository(db: Queryable) {
  const withContext = () =>
    db
      .select({ checkin: checkins, picacode: picacodes, service: photoServices })
      .from(checkins)
      .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
      .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId));

  return {
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
    .innerJoin(checkins, eq(checkins.id, row.checkin.id))
    .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
    .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
    .where(and(visibleMediaCondition(), eq(media.type, 'photo')))
    .orderBy(desc(media.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface MediaSummary {
  total: number;
  photos: number;
  videos: number;
}

async function mediaSummary(db: Queryable, row: CheckinWithContext): Promise<MediaSummary> {
  const [result] = await db
    .select({
      total: count(),
      photos: sql<number>`count(*) filter (where ${media.type} = 'photo')`.mapWith(Number),
      videos: sql<number>`count(*) filter (where ${media.type} = 'video')`.mapWith(Number),
    })
    .from(media)
    .innerJoin(checkins, eq(checkins.id, row.checkin.id))
    .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
    .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
    .where(visibleMediaCondition());
  return { total: result?.total ?? 0, photos: result?.photos ?? 0, videos: result?.videos ?? 0 };
}
