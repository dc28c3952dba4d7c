import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call } from './harness';
import { membersUrl, startTeamHarness, type TeamHarness } from './team-fixture';

/**
 * Two owners demote or remove each other at the same moment: the row lock on the organisation's
 * owners makes one of them wait and see the other's change, so the organisation keeps an owner.
 */
describe.each(BACKENDS)('the last owner under concurrent changes on %s', (backend) => {
  let t: TeamHarness;
  beforeAll(async () => {
    t = await startTeamHarness(backend);
  });
  afterAll(() => t?.h.close());

  const owners = async (orgId: number) =>
    (
      await t.h.database.executeSql(
        "select count(*)::int as n from organisation_members where organisation_id = $1 and role = 'owner'",
        [orgId],
      )
    ).rows[0] as { n: number };

  it('never leaves an organisation without an owner', async () => {
    for (const [round, action] of (['demote', 'remove', 'demote', 'remove'] as const).entries()) {
      const org = await t.createOrganisation(`race${round}`, `first${round}@race.test`);
      const second = await t.addMember(org.id, org.owner, `second${round}@race.test`, 'owner');
      const members = await call(t.h.app, 'GET', membersUrl(org.id), undefined, { token: org.owner });
      const first = (members.body.results as { id: number; email: string }[]).find(
        (m) => m.email === `first${round}@race.test`,
      )!;
      const [a, b] = await Promise.all(
        action === 'demote'
          ? [
              call(
                t.h.app,
                'PATCH',
                membersUrl(org.id, second.memberId),
                { role: 'manager' },
                { token: org.owner },
              ),
              call(
                t.h.app,
                'PATCH',
                membersUrl(org.id, first.id),
                { role: 'manager' },
                { token: second.token },
              ),
            ]
          : [
              call(t.h.app, 'DELETE', membersUrl(org.id, second.memberId), undefined, { token: org.owner }),
              call(t.h.app, 'DELETE', membersUrl(org.id, first.id), undefined, { token: second.token }),
            ],
      );
      expect((await owners(org.id)).n, `${action} round ${round}`).toBe(1);
      // one change went through; the other was refused: the last owner (409), or its caller is no
      // longer an owner by the time it runs (403)
      const statuses = [a.status, b.status].sort();
      expect(statuses[0], `${action} round ${round}`).toBe(200);
      expect([403, 409], `${action} round ${round}`).toContain(statuses[1]);
    }
  }, 120_000);
});
