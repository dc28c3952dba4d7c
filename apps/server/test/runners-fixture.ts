import { eq } from 'drizzle-orm';
import { photoServices, picacodes } from '../src/db/album-schema';
import type { Db } from '../src/db/client';
import { runners } from '../src/db/race-schema';

/**
 * Runners as the participants import leaves them (issue 20): one per bib, each with an album code
 * scoped to the tag `bib-<number>`. Inserted directly, so tests of find by bib do not depend on it.
 */
export async function addRunner(
  db: Db,
  runner: { photoServiceId: number; bib: string; lastName: string; firstName?: string; code?: string },
): Promise<{ code: string; runnerId: number }> {
  const code = runner.code ?? `RB${runner.bib}${runner.photoServiceId}K`;
  const [picacode] = await db
    .insert(picacodes)
    .values({ photoServiceId: runner.photoServiceId, code, kind: 'participant', tags: [`bib-${runner.bib}`] })
    .returning();
  if (!picacode) throw new Error('picacode not inserted');
  const [row] = await db
    .insert(runners)
    .values({
      photoServiceId: runner.photoServiceId,
      bib: runner.bib,
      firstName: runner.firstName ?? 'Ana',
      lastName: runner.lastName,
      email: `${runner.bib}-${runner.photoServiceId}@runners.test`,
      picacodeId: picacode.id,
    })
    .returning();
  if (!row) throw new Error('runner not inserted');
  return { code, runnerId: row.id };
}

/** Sets an event's settings straight in the table (find by bib, status, steps). */
export async function setEvent(db: Db, slug: string, changes: Partial<typeof photoServices.$inferInsert>) {
  const [row] = await db.update(photoServices).set(changes).where(eq(photoServices.slug, slug)).returning();
  if (!row) throw new Error(`no event ${slug}`);
  return row;
}
