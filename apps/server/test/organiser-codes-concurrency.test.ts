import type { OrganiserCode } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesEvent, codesUrl, csvBody } from './codes-fixture';
import { BACKENDS } from './databases';
import { startTeamHarness, type TeamHarness } from './team-fixture';

const CALLERS = 20;
const PER_CALL = 50;

/**
 * Issue 18: album codes under concurrent calls — twenty generations at once all succeed with
 * distinct codes; twenty imports of one file at once store its codes once, the others refused as
 * the all-or-nothing rule says (docs/decisions.md), and nothing answers 500.
 */
describe.each(BACKENDS)('album codes under concurrent calls on %s', (backend) => {
  let t: TeamHarness;
  let owner: string;

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
    owner = org.owner;
    await codesEvent(t, org.id, 'c0c0de01');
    await codesEvent(t, org.id, 'c0c0de02', 'River Run');
  });
  afterAll(() => t?.h.close());

  const post = (url: string, payload: string, type: string) =>
    t.h.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Token ${owner}`, 'content-type': type },
      payload,
    });
  const storedCodes = async (slug: string) =>
    (
      await t.h.database.executeSql(
        'select c.code from picacodes c join photo_services p on p.id = c.photo_service_id where p.slug = $1',
        [slug],
      )
    ).rows.map((r) => (r as { code: string }).code);

  it(`stores ${CALLERS} × ${PER_CALL} distinct codes from ${CALLERS} generations at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, (_, i) =>
        post(
          codesUrl('c0c0de01'),
          JSON.stringify({ count: PER_CALL, label: `batch ${i}` }),
          'application/json',
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(CALLERS).fill(201));
    const answered = answers.flatMap((a) => (a.json().results as OrganiserCode[]).map((c) => c.code));
    expect(new Set(answered).size).toBe(CALLERS * PER_CALL);
    const stored = await storedCodes('c0c0de01');
    expect(stored).toHaveLength(CALLERS * PER_CALL);
    expect(new Set(stored)).toEqual(new Set(answered));
    // each call's codes carry its own label: no batch took another's rows
    for (const [i, a] of answers.entries())
      expect(new Set((a.json().results as OrganiserCode[]).map((c) => c.label))).toEqual(
        new Set([`batch ${i}`]),
      );
  });

  it(`stores a file's codes once when it is imported ${CALLERS} times at once; the others are refused`, async () => {
    const chosen = Array.from({ length: 30 }, (_, i) => `ROOM${String(i + 1).padStart(4, '0')}`);
    // generated rows too: a refused import must not leave its generated codes behind
    const file = csvBody(['code,label', ...chosen.map((c) => `${c},room`), ',spare', ',spare']);
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, () => post(codesUrl('c0c0de02', 'import/'), file, 'text/csv')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      // refused as the rule says: taken when checked (400, every row listed), or taken meanwhile (409)
      expect([400, 409]).toContain(a.statusCode);
      const body = a.json() as { code: string; data?: { rows: { reason: string }[] } };
      expect(body.code).toBe('import_refused');
      if (a.statusCode === 400)
        expect(new Set(body.data?.rows.map((r) => r.reason))).toEqual(new Set(['code.taken']));
    }
    const stored = await storedCodes('c0c0de02');
    // the chosen codes once each, and the one successful import's two generated codes
    expect(stored.filter((c) => chosen.includes(c)).sort()).toEqual(chosen);
    expect(stored).toHaveLength(chosen.length + 2);
  });
});
