import { and, desc, eq, getTableColumns, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { albumZips } from '../db/order-schema';

export type AlbumZipRow = typeof albumZips.$inferSelect;
export type AlbumZipStatus = AlbumZipRow['status'];
/** A zip with whether a refund has taken away what it may hold (`refundedSince`). */
export type CheckedAlbumZip = AlbumZipRow & { refunded: boolean };

/**
 * Whether a digital line of the zip owner's orders in the zip's event was refunded after the zip
 * was asked for: what the zip holds may then include media that are no longer theirs (one medium
 * shows in each of the owner's albums of its event, so any album of the event counts). Checked when
 * the zip is read rather than marked by the refund, so a zip still building at the refund is caught
 * too. Errs to "refunded" for a refund between the request and the build: a new zip is one click.
 */
const refundedSince = sql<boolean>`exists (
  select 1 from orders o
    join refunds r on r.order_id = o.id
    join order_lines l on l.order_id = o.id
    join checkins lc on lc.id = l.checkin_id
    join checkins zc on zc.id = album_zips.checkin_id
   where o.user_id = album_zips.user_id and r.status = 'succeeded' and r.finished_at >= album_zips.created_at
     and l.kind = 'digital' and (r.line_amounts ->> l.id::text) is not null
     and lc.photo_service_id = zc.photo_service_id)`;
const checked = { ...getTableColumns(albumZips), refunded: refundedSince };

/** Album zips users asked for (`album-zip.service.ts`): their progress, file and expiry. */
export function albumZipsRepository(db: Queryable) {
  return {
    async insert(row: typeof albumZips.$inferInsert): Promise<AlbumZipRow> {
      const [inserted] = await db.insert(albumZips).values(row).returning();
      return inserted!;
    },
    async find(id: number): Promise<AlbumZipRow | undefined> {
      const [row] = await db.select().from(albumZips).where(eq(albumZips.id, id));
      return row;
    },
    /** A zip, and whether a refund has made it stale since, in one statement (a link's download). */
    async findChecked(id: number): Promise<CheckedAlbumZip | undefined> {
      const [row] = await db.select(checked).from(albumZips).where(eq(albumZips.id, id));
      return row;
    },
    /** The user's newest zip of the album, whatever its state, and whether a refund made it stale. */
    async latest(userId: number, checkinId: number): Promise<CheckedAlbumZip | undefined> {
      const [row] = await db
        .select(checked)
        .from(albumZips)
        .where(and(eq(albumZips.userId, userId), eq(albumZips.checkinId, checkinId)))
        .orderBy(desc(albumZips.createdAt), desc(albumZips.id))
        .limit(1);
      return row;
    },
    /** The user's zip of the album that is waiting or being built and was asked for after `since`. */
    async pending(userId: number, checkinId: number, since: Date): Promise<AlbumZipRow | undefined> {
      const [row] = await db
        .select()
        .from(albumZips)
        .where(
          and(
            eq(albumZips.userId, userId),
            eq(albumZips.checkinId, checkinId),
            inArray(albumZips.status, ['queued', 'building']),
            sql`${albumZips.createdAt} > ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(albumZips.id))
        .limit(1);
      return row;
    },
    async update(id: number, changes: Partial<typeof albumZips.$inferInsert>): Promise<void> {
      await db.update(albumZips).set(changes).where(eq(albumZips.id, id));
    },
    /** Zips whose link has expired and whose file is still stored. */
    async expiredWithFiles(now: Date): Promise<{ id: number; storageKey: string }[]> {
      const rows = await db
        .select({ id: albumZips.id, storageKey: albumZips.storageKey })
        .from(albumZips)
        .where(and(isNotNull(albumZips.storageKey), lt(albumZips.expiresAt, now)));
      return rows.map((r) => ({ id: r.id, storageKey: r.storageKey! }));
    },
    /** Serialises zip requests for one album (a double click): held until the transaction ends. */
    async lockAlbum(checkinId: number): Promise<void> {
      await db.execute(sql`select id from checkins where id = ${checkinId} for update`);
    },
  };
}
