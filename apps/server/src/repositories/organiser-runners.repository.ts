import { BIB_TAG_PREFIX } from '@fotodrop/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { runnerImports, runners } from '../db/race-schema';
import { containsPattern } from './like-pattern';
import type { Page } from './organiser-participants.repository';

/** The race's runners as the organiser console lists them (issue 20). */
export function organiserRunnersRepository(db: Queryable) {
  function where(photoServiceId: number, search: string | undefined): SQL | undefined {
    const pattern = search ? containsPattern(search) : undefined;
    return and(
      eq(runners.photoServiceId, photoServiceId),
      pattern
        ? or(
            ilike(sql`${runners.firstName} || ' ' || ${runners.lastName}`, pattern),
            ilike(runners.email, pattern),
            ilike(runners.bib, pattern),
          )
        : undefined,
    );
  }

  return {
    /**
     * One page of the event's runners in bib order (numbers of one length sort as numbers, shorter
     * first), each with their code, when last imported, and the visible photos carrying their bib
     * (the `media_tags_idx` GIN index answers each count).
     */
    async page(photoServiceId: number, search: string | undefined, page: Page) {
      const filter = where(photoServiceId, search);
      const rows = await db
        .select({
          runner: runners,
          code: picacodes.code,
          importedAt: sql<Date>`coalesce(${runnerImports.createdAt}, ${runners.createdAt})`.mapWith(
            (v: string | Date) => new Date(v),
          ),
          photos: sql<number>`(select count(*) from media m
            where m.photo_service_id = ${runners.photoServiceId} and m.status = 'ready' and m.hidden_at is null
              and m.tags @> array[${BIB_TAG_PREFIX} || ${runners.bib}])`.mapWith(Number),
        })
        .from(runners)
        .leftJoin(picacodes, eq(picacodes.id, runners.picacodeId))
        .leftJoin(runnerImports, eq(runnerImports.id, runners.importId))
        .where(filter)
        .orderBy(asc(sql`length(${runners.bib})`), asc(runners.bib))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(runners).where(filter);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
