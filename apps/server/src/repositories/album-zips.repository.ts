import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { albumZips } from '../db/order-schema';

export type AlbumZipRow = typeof albumZips.$inferSelect;
export type AlbumZipStatus = AlbumZipRow['status'];

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
    /** The user's newest zip of the album, whatever its state. */
    async latest(userId: number, checkinId: number): Promise<AlbumZipRow | undefined> {
      const [row] = await db
        .select()
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
