import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { checkins, galleries, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { containsPattern } from './like-pattern';
import type { PicacodeRow } from './photo-services.repository';

export type CodeWithAlbums = PicacodeRow & { albums: number };

/** Filters of the console's list, its CSV export and the QR cards. */
export interface CodeFilters {
  search?: string | undefined;
  label?: string | undefined;
  revoked?: boolean | undefined;
  createdAfter?: Date | undefined;
  codes?: string[] | undefined;
}

function filtersOf(photoServiceId: number, f: CodeFilters): SQL | undefined {
  const pattern = f.search ? containsPattern(f.search) : undefined;
  return and(
    eq(picacodes.photoServiceId, photoServiceId),
    pattern ? or(ilike(picacodes.code, pattern), ilike(picacodes.label, pattern)) : undefined,
    f.label !== undefined ? eq(picacodes.label, f.label) : undefined,
    f.revoked === true
      ? isNotNull(picacodes.revokedAt)
      : f.revoked === false
        ? isNull(picacodes.revokedAt)
        : undefined,
    f.createdAfter ? gte(picacodes.createdAt, f.createdAfter) : undefined,
    f.codes ? inArray(picacodes.code, f.codes) : undefined,
  );
}

/** Rows inserted per statement: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** An event's album codes for the organiser console (issue 18). */
export function picacodesRepository(db: Queryable) {
  // Written out: in a one-table select Drizzle leaves columns unqualified, and inside the subquery
  // an unqualified "id" would be the check-in's.
  const albums = sql<number>`(select count(*) from ${checkins} where "checkins"."picacode_id" = "picacodes"."id")::int`;
  const withAlbums = () =>
    db
      .select({
        id: picacodes.id,
        photoServiceId: picacodes.photoServiceId,
        code: picacodes.code,
        kind: picacodes.kind,
        tags: picacodes.tags,
        galleryIds: picacodes.galleryIds,
        startOfStay: picacodes.startOfStay,
        endOfStay: picacodes.endOfStay,
        label: picacodes.label,
        email: picacodes.email,
        revokedAt: picacodes.revokedAt,
        createdBy: picacodes.createdBy,
        createdAt: picacodes.createdAt,
        albums,
      })
      .from(picacodes);

  return {
    /** One page of an event's codes, newest first, with the number that matches. */
    async page(
      photoServiceId: number,
      filters: CodeFilters,
      page: number,
      pageSize: number,
    ): Promise<{ rows: CodeWithAlbums[]; total: number }> {
      const where = filtersOf(photoServiceId, filters);
      const [rows, [count]] = await Promise.all([
        withAlbums()
          .where(where)
          .orderBy(desc(picacodes.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(picacodes).where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    /** Every code matching, oldest first (the order they were made in), at most `limit` when given. */
    async all(photoServiceId: number, filters: CodeFilters, limit?: number): Promise<CodeWithAlbums[]> {
      const query = withAlbums().where(filtersOf(photoServiceId, filters)).orderBy(picacodes.id);
      return limit === undefined ? query : query.limit(limit);
    },

    async count(photoServiceId: number, filters: CodeFilters): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(picacodes)
        .where(filtersOf(photoServiceId, filters));
      return row?.total ?? 0;
    },

    async inEvent(photoServiceId: number, code: string): Promise<CodeWithAlbums | undefined> {
      const [row] = await withAlbums().where(
        and(eq(picacodes.photoServiceId, photoServiceId), eq(picacodes.code, code)),
      );
      return row;
    },

    /** Which of `codes` exist already, in any event. */
    async taken(codes: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
        const part = codes.slice(i, i + INSERT_CHUNK);
        const rows = await db
          .select({ code: picacodes.code })
          .from(picacodes)
          .where(inArray(picacodes.code, part));
        for (const row of rows) found.add(row.code);
      }
      return found;
    },

    /**
     * Inserts codes, skipping any whose code exists already (a concurrent insert won the race);
     * returns the rows stored.
     */
    async insertMany(rows: (typeof picacodes.$inferInsert)[]): Promise<PicacodeRow[]> {
      const stored: PicacodeRow[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const part = rows.slice(i, i + INSERT_CHUNK);
        stored.push(...(await db.insert(picacodes).values(part).onConflictDoNothing().returning()));
      }
      return stored;
    },

    /** Revokes a valid code of the event (a revoked one keeps its first date); the row after. */
    async revoke(photoServiceId: number, code: string, now: Date): Promise<void> {
      await db
        .update(picacodes)
        .set({ revokedAt: now })
        .where(
          and(
            eq(picacodes.photoServiceId, photoServiceId),
            eq(picacodes.code, code),
            isNull(picacodes.revokedAt),
          ),
        );
    },

    /** The event's galleries (id and name), to check the ones a code names. */
    async galleriesOf(photoServiceId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: galleries.id, name: galleries.name })
        .from(galleries)
        .where(eq(galleries.photoServiceId, photoServiceId));
    },
  };
}
export type PicacodesRepository = ReturnType<typeof picacodesRepository>;
