import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call } from './harness';
import { ACCEPT_URL, membersUrl, startTeamHarness, type TeamHarness } from './team-fixture';

/**
 * Issue 18: the organisations a caller is in, each with the caller's role. (Which caller may call
 * which team endpoint is in the console's role table, console-roles.test.ts.)
 */
describe.each(BACKENDS)('organisation memberships on %s', (backend) => {
  let t: TeamHarness;
  let orgId: number;
  const tokens = {} as Record<'owner' | 'photographer' | 'otherOrganisation' | 'participant', string>;

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
    orgId = org.id;
    tokens.owner = org.owner;
    tokens.photographer = (await t.addMember(orgId, org.owner, 'photo@lakeside.test', 'photographer')).token;
    tokens.otherOrganisation = (await t.createOrganisation('hillside', 'owner@hillside.test')).owner;
    tokens.participant = await t.participant('runner@lakeside.test');
  });
  afterAll(() => t?.h.close());

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
