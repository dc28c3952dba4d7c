import { BIB_TAG_PREFIX } from '@fotodrop/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { eventBibs, runnerImports, runners } from '../db/race-schema';
import { rowsOf } from './metric-events.repository';

export type RunnerRowDb = typeof runners.$inferSelect;

/** Rows per statement: 50,000 runners go in a few dozen statements, each well under the 65,535 parameters. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** A runner the "ready" scan claimed, with what their e-mail needs. */
export interface ClaimedRunner {
  id: number;
  firstName: string;
  email: string;
  language: string | null;
  code: string;
}

/** Race runners (issue 20): the participants imports, the runners and their "ready" e-mail. */
export function runnersRepository(db: Queryable) {
  return {
    /** The event's issued bibs. */
    async issued(photoServiceId: number): Promise<Set<string>> {
      const rows = await db
        .select({ number: eventBibs.number })
        .from(eventBibs)
        .where(eq(eventBibs.photoServiceId, photoServiceId));
      return new Set(rows.map((r) => r.number));
    },

    async addIssued(photoServiceId: number, numbers: readonly string[]): Promise<void> {
      for (const part of chunks(numbers)) {
        await db
          .insert(eventBibs)
          .values(part.map((number) => ({ photoServiceId, number })))
          .onConflictDoNothing();
      }
    },

    /** Two imports of one event queue here, so a bib gets one runner and one code. Call in a transaction. */
    async lockEvent(photoServiceId: number): Promise<void> {
      await db.execute(sql`select id from photo_services where id = ${photoServiceId} for update`);
    },

    async insertImport(row: typeof runnerImports.$inferInsert): Promise<number> {
      const [stored] = await db.insert(runnerImports).values(row).returning({ id: runnerImports.id });
      return stored!.id;
    },

    /** The runners already imported for these bibs. */
    async byBibs(photoServiceId: number, bibs: readonly string[]): Promise<RunnerRowDb[]> {
      const found: RunnerRowDb[] = [];
      for (const part of chunks(bibs)) {
        found.push(
          ...(await db
            .select()
            .from(runners)
            .where(and(eq(runners.photoServiceId, photoServiceId), inArray(runners.bib, part)))),
        );
      }
      return found;
    },

    async insertRunners(rows: (typeof runners.$inferInsert)[]): Promise<void> {
      for (const part of chunks(rows)) await db.insert(runners).values(part);
    },

    /** A runner imported again: new names, e-mail and language, same code. */
    async updateRunner(
      id: number,
      changes: Pick<RunnerRowDb, 'firstName' | 'lastName' | 'email' | 'language' | 'importId'>,
    ): Promise<void> {
      await db.update(runners).set(changes).where(eq(runners.id, id));
    },

    /** The code's label and e-mail follow the runner's. */
    async updateCode(id: number, label: string, email: string): Promise<void> {
      await db.update(picacodes).set({ label, email }).where(eq(picacodes.id, id));
    },

    /** Events with runners still to tell (the periodic safety scan walks them). */
    async eventsToScan(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: runners.photoServiceId })
        .from(runners)
        .where(and(isNull(runners.readyNotifiedAt), isNull(runners.optedOutAt)));
      return rows.map((r) => r.id);
    },

    /**
     * Claims up to `limit` runners of a published event whose bib tag is on a photo every album
     * with their code shows (ready, not hidden), not yet told and not opted out: their
     * `ready_notified_at` is set, so the caller's transaction queues each e-mail once.
     */
    async claimReady(photoServiceId: number, limit: number): Promise<ClaimedRunner[]> {
      const rows = await db.execute(sql`
        with due as (
          select r.id, p.code from runners r
          join photo_services ps on ps.id = r.photo_service_id
          join picacodes p on p.id = r.picacode_id and p.revoked_at is null
          where r.photo_service_id = ${photoServiceId}
            and r.ready_notified_at is null and r.opted_out_at is null
            and ps.status = 'published'
            and exists (select 1 from media m
              where m.photo_service_id = r.photo_service_id and m.status = 'ready' and m.hidden_at is null
                and m.tags @> array[${BIB_TAG_PREFIX} || r.bib])
          order by r.id
          limit ${limit}
          for update of r skip locked
        )
        update runners set ready_notified_at = now() from due
        where runners.id = due.id and runners.ready_notified_at is null
        returning runners.id, runners.first_name, runners.email, runners.language, due.code`);
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
        id: Number(r.id),
        firstName: String(r.first_name),
        email: String(r.email),
        language: (r.language as string | null) ?? null,
        code: String(r.code),
      }));
    },

    /**
     * Whether the runner's "ready" e-mail is still to send: not sent yet (a retried job finds the
     * mark of its earlier run) and not opted out since the claim.
     */
    async stillToMail(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: runners.id })
        .from(runners)
        .where(and(eq(runners.id, id), isNull(runners.readyMailedAt), isNull(runners.optedOutAt)));
      return row !== undefined;
    },

    /** The mail server accepted the runner's "ready" e-mail (the first time counts; the database's clock, as the claim's). */
    async markMailed(id: number): Promise<void> {
      await db
        .update(runners)
        .set({ readyMailedAt: sql`now()` })
        .where(and(eq(runners.id, id), isNull(runners.readyMailedAt)));
    },

    /** Stops the runner's e-mails; the event's name, or undefined for no such runner. */
    async optOut(id: number, now: Date): Promise<string | undefined> {
      const rows = await db.execute(sql`
        update runners set opted_out_at = coalesce(opted_out_at, ${now.toISOString()}::timestamptz)
        from photo_services ps where runners.id = ${id} and ps.id = runners.photo_service_id
        returning ps.name`);
      return rowsOf<{ name: string }>(rows)[0]?.name;
    },
  };
}
