import {
  bibTag,
  checkRunnersCsv,
  isBibNumber,
  type RunnerRefusal,
  type RunnerRow,
  type RunnersImportResult,
} from '@fotodrop/contract';
import type { Db, Queryable } from '../../db/client';
import { ValidationError } from '../../http/errors';
import { picacodesRepository } from '../../repositories/picacodes.repository';
import { type RunnerRowDb, runnersRepository } from '../../repositories/runners.repository';
import type { AuthContext } from '../accounts/auth.service';
import { newPicacode } from '../albums/picacodes';
import { consoleAccess } from '../organisations/console-access';

/** Draws for free codes before giving up: a clash is one in 10^13, five in a row means a broken source. */
const DRAWS = 5;

/**
 * decision (issue 20): an event without an issued list takes the imported bibs as its list (race
 * platforms import the start list first); `checkRunnersCsv` reads only `has` of the set, so this
 * one accepts every number and the bib's length is checked here.
 */
const EVERY_BIB = { has: () => true } as unknown as ReadonlySet<string>;

export const consentRequired = () => new ValidationError({ consent_confirmed: ['consent.required'] });

const fullName = (r: Pick<RunnerRow, 'first_name' | 'last_name'>) => `${r.first_name} ${r.last_name}`;

/**
 * A race's participants import (issue 20): all or nothing, in one transaction with the event
 * locked, so two imports of one event queue and a bib gets one runner and one code. Each new
 * runner gets a participant code scoped to their bib's tag (label: their name, e-mail: theirs);
 * a runner imported again is updated and keeps their code.
 */
export function runnersImportService(deps: {
  db: Db;
  now: () => Date;
  /** Called after an import committed: the runners whose photos are already out are told. */
  onImported: (eventId: number) => Promise<void>;
}) {
  const access = consoleAccess(deps.db);

  /** Stores the participant codes of new runners; their ids in the rows' order. */
  async function issueCodes(tx: Queryable, eventId: number, userId: number, rows: RunnerRow[]) {
    const repo = picacodesRepository(tx);
    const idOf = new Map<number, number>();
    let pending = rows.map((r, i) => ({ r, i, code: newPicacode() }));
    for (let draw = 0; draw < DRAWS && pending.length > 0; draw++) {
      const stored = await repo.insertMany(
        pending.map(({ r, code }) => ({
          photoServiceId: eventId,
          code,
          kind: 'participant' as const,
          tags: [bibTag(r.bib)],
          galleryIds: [],
          label: fullName(r),
          email: r.email,
          createdBy: userId,
        })),
      );
      const byCode = new Map(stored.map((s) => [s.code, s.id]));
      for (const p of pending) {
        const id = byCode.get(p.code);
        if (id !== undefined) idOf.set(p.i, id);
      }
      pending = pending.filter((p) => !idOf.has(p.i)).map((p) => ({ ...p, code: newPicacode() }));
    }
    if (pending.length > 0)
      throw new Error(`No free album code after ${DRAWS} draws: is the random source broken?`);
    return rows.map((_, i) => idOf.get(i)!);
  }

  async function store(tx: Queryable, eventId: number, userId: number, rows: RunnerRow[], openList: boolean) {
    const repo = runnersRepository(tx);
    if (openList)
      await repo.addIssued(
        eventId,
        rows.map((r) => r.bib),
      );
    const importId = await repo.insertImport({
      photoServiceId: eventId,
      importedBy: userId,
      consentConfirmedAt: deps.now(),
      rowCount: rows.length,
    });
    const known = new Map<string, RunnerRowDb>(
      (
        await repo.byBibs(
          eventId,
          rows.map((r) => r.bib),
        )
      ).map((r) => [r.bib, r]),
    );
    const fresh = rows.filter((r) => !known.has(r.bib));
    const codeIds = await issueCodes(tx, eventId, userId, fresh);
    await repo.insertRunners(
      fresh.map((r, i) => ({
        photoServiceId: eventId,
        importId,
        bib: r.bib,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        language: r.language,
        picacodeId: codeIds[i]!,
      })),
    );
    for (const r of rows) {
      const runner = known.get(r.bib);
      if (!runner) continue;
      await repo.updateRunner(runner.id, {
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        language: r.language,
        importId,
      });
      if (runner.picacodeId !== null) await repo.updateCode(runner.picacodeId, fullName(r), r.email);
    }
  }

  return {
    async importCsv(
      auth: AuthContext,
      slug: string,
      text: string,
      consentConfirmed: boolean,
    ): Promise<RunnersImportResult> {
      const { event } = await access.event(auth, slug, 'codes.manage');
      if (!consentConfirmed) throw consentRequired();
      const result = await deps.db.transaction(async (tx) => {
        const repo = runnersRepository(tx);
        await repo.lockEvent(event.id);
        const issued = await repo.issued(event.id);
        const openList = issued.size === 0;
        const checked = checkRunnersCsv(text, openList ? EVERY_BIB : issued);
        const refused: RunnerRefusal[] = [...checked.refused];
        if (openList) {
          for (const r of checked.rows) {
            if (!isBibNumber(r.bib)) refused.push({ row: r.row, reason: 'bib.invalid', column: 'bib' });
          }
          refused.sort((a, b) => a.row - b.row);
        }
        if (refused.length > 0) return { imported: 0, refused };
        await store(tx, event.id, auth.user.id, checked.rows, openList);
        return { imported: checked.rows.length, refused: [] };
      });
      if (result.imported > 0) await deps.onImported(event.id);
      return result;
    },
  };
}
export type RunnersImportService = ReturnType<typeof runnersImportService>;
