import { and, eq, isNull } from 'drizzle-orm';
import { picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { runners } from '../db/race-schema';

/** A runner as find by bib reads it (issue 20): the last name to compare and their album code. */
export interface RunnerWithCode {
  lastName: string;
  picacode: typeof picacodes.$inferSelect;
}

export function runnerLookupRepository(db: Queryable) {
  return {
    /** The runner of this bib at this event with their album code, when the code is still valid. */
    async byBib(photoServiceId: number, bib: string): Promise<RunnerWithCode | undefined> {
      const [row] = await db
        .select({ lastName: runners.lastName, picacode: picacodes })
        .from(runners)
        .innerJoin(picacodes, eq(picacodes.id, runners.picacodeId))
        .where(
          and(eq(runners.photoServiceId, photoServiceId), eq(runners.bib, bib), isNull(picacodes.revokedAt)),
        );
      return row;
    },
  };
}
