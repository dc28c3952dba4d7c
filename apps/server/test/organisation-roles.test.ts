import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call } from './harness';
import { ACCEPT_URL, membersUrl, startTeamHarness, type TeamHarness } from './team-fixture';

const ACTORS = [
  'staff',
  'owner',
  'manager',
  'photographer',
  'support',
  'otherOrganisation',
  'participant',
  'anonymous',
] as const;
type Actor = (typeof ACTORS)[number];

type Row = {
  name: string;
  expected: Record<Actor, number>;
  run: (token: string | undefined, actor: Actor) => Promise<number>;
};

const only = (allowed: Partial<Record<Actor, number>>, others: number, outsiders = others) =>
  Object.fromEntries(
    ACTORS.map((a) => [
      a,
      allowed[a] ??
        (a === 'anonymous' ? 401 : a === 'otherOrganisation' || a === 'participant' ? outsiders : others),
    ]),
  ) as Record<Actor, number>;

/**
 * Issue 18: every team endpoint × every kind of caller. Owners (and platform staff) manage the
 * team; other members of the organisation get 403; callers outside it 404 (it is not theirs to
 * see); anonymous 401.
 */
describe.each(BACKENDS)('organisation roles on %s', (backend) => {
  let t: TeamHarness;
  let orgId: number;
  const tokens = {} as Record<Actor, string | undefined>;
  let supportMemberId: number;
  let n = 0;

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
    orgId = org.id;
    tokens.staff = t.staff;
    tokens.owner = org.owner;
    tokens.manager = (await t.addMember(orgId, org.owner, 'manager@lakeside.test', 'manager')).token;
    tokens.photographer = (await t.addMember(orgId, org.owner, 'photo@lakeside.test', 'photographer')).token;
    const support = await t.addMember(orgId, org.owner, 'support@lakeside.test', 'support');
    tokens.support = support.token;
    supportMemberId = support.memberId;
    tokens.otherOrganisation = (await t.createOrganisation('hillside', 'owner@hillside.test')).owner;
    tokens.participant = await t.participant('runner@lakeside.test');
    tokens.anonymous = undefined;
  });
  afterAll(() => t?.h.close());

  const status = async (...args: Parameters<typeof call>) => (await call(...args)).status;
  const rows: Row[] = [
    {
      name: 'POST organisations/',
      expected: only({ staff: 201 }, 403),
      run: (token) =>
        status(
          t.h.app,
          'POST',
          '/api/organiser/v1/organisations/',
          {
            name: 'New',
            app_name: `new-${++n}`,
            country: 'IT',
            currency: 'EUR',
            owner_email: `o${n}@new.test`,
          },
          { token },
        ),
    },
    {
      name: 'GET organisations/',
      expected: only({}, 200),
      run: (token) => status(t.h.app, 'GET', '/api/organiser/v1/organisations/', undefined, { token }),
    },
    {
      name: 'GET organisations/{id}/members/',
      expected: only({ staff: 200, owner: 200 }, 403, 404),
      run: (token) => status(t.h.app, 'GET', membersUrl(orgId), undefined, { token }),
    },
    {
      name: 'POST organisations/{id}/members/',
      expected: only({ staff: 201, owner: 201 }, 403, 404),
      run: (token, actor) =>
        status(
          t.h.app,
          'POST',
          membersUrl(orgId),
          { email: `${actor}@invitee.test`, role: 'support' },
          { token },
        ),
    },
    {
      name: 'PATCH organisations/{id}/members/{member_id}/',
      expected: only({ staff: 200, owner: 200 }, 403, 404),
      run: (token) =>
        status(t.h.app, 'PATCH', membersUrl(orgId, supportMemberId), { role: 'support' }, { token }),
    },
    {
      name: 'DELETE organisations/{id}/members/{member_id}/',
      expected: only({ staff: 200, owner: 200 }, 403, 404),
      run: async (token, actor) => {
        // a fresh member for each caller: a removal that succeeds takes nobody the table needs
        const target = await t.addMember(
          orgId,
          t.staff,
          `leaving-${actor.toLowerCase()}@lakeside.test`,
          'photographer',
        );
        return status(t.h.app, 'DELETE', membersUrl(orgId, target.memberId), undefined, { token });
      },
    },
    {
      // public: a link that was never issued is refused the same, whoever calls
      name: 'POST invitations/accept/ (unknown token)',
      expected: only({}, 400, 400),
      run: (token) =>
        status(
          t.h.app,
          'POST',
          ACCEPT_URL,
          { token: 'x'.repeat(43), password: 'Team-work-2026!' },
          { token },
        ),
    },
  ];
  rows[rows.length - 1]!.expected.anonymous = 400;

  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_, row) => {
    const got: Record<string, number> = {};
    for (const actor of ACTORS) got[actor] = await row.run(tokens[actor], actor);
    expect(got).toEqual(row.expected);
  });

  it("lists each caller's organisations with the caller's role, and a person in two with both roles", async () => {
    const mine = async (token: string | undefined) =>
      (await call(t.h.app, 'GET', '/api/organiser/v1/organisations/', undefined, { token })).body.results as {
        app_name: string;
        role: string;
      }[];
    expect((await mine(tokens.owner)).map((o) => [o.app_name, o.role])).toEqual([['lakeside', 'owner']]);
    expect((await mine(tokens.photographer)).map((o) => [o.app_name, o.role])).toEqual([
      ['lakeside', 'photographer'],
    ]);
    expect(await mine(tokens.participant)).toEqual([]);
    // the other organisation's owner joins lakeside as support: one person, two organisations
    const before = t.sentTo('owner@hillside.test');
    await call(
      t.h.app,
      'POST',
      membersUrl(orgId),
      { email: 'owner@hillside.test', role: 'support' },
      {
        token: tokens.owner,
      },
    );
    const link = await t.nextInvitation('owner@hillside.test', before);
    const joined = await call(
      t.h.app,
      'POST',
      ACCEPT_URL,
      { token: t.tokenOf(link) },
      {
        token: tokens.otherOrganisation,
      },
    );
    expect(joined.status).toBe(200);
    expect((await mine(tokens.otherOrganisation)).map((o) => [o.app_name, o.role])).toEqual([
      ['hillside', 'owner'],
      ['lakeside', 'support'],
    ]);
  });

  it('gives the demo organiser an owner membership of its organisation', async () => {
    const organiser = await t.logIn('organiser@fotodrop.test', 'Fotodrop-organiser1');
    const mine = await call(t.h.app, 'GET', '/api/organiser/v1/organisations/', undefined, {
      token: organiser,
    });
    expect(mine.body.results).toEqual([expect.objectContaining({ id: 34, role: 'owner' })]);
    expect((await call(t.h.app, 'GET', membersUrl(34), undefined, { token: organiser })).status).toBe(200);
  });
});
