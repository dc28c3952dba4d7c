import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamRepository } from '../src/repositories/team.repository';
import { codesEvent, codesUrl, csvBody } from './codes-fixture';
import { BACKENDS } from './databases';
import { call } from './harness';
import { startTeamHarness, type TeamHarness } from './team-fixture';

const ACTORS = [
  'staff',
  'owner',
  'manager',
  'photographer',
  'unassignedPhotographer',
  'support',
  'otherOrganisation',
  'participant',
  'anonymous',
] as const;
type Actor = (typeof ACTORS)[number];

/** `allowed` answer `ok`; other members 403; photographers of other events and outsiders 404; anonymous 401. */
const expected = (ok: number, allowed: Actor[]) =>
  Object.fromEntries(
    ACTORS.map((a) => [
      a,
      allowed.includes(a)
        ? ok
        : a === 'anonymous'
          ? 401
          : ['unassignedPhotographer', 'otherOrganisation', 'participant'].includes(a)
            ? 404
            : 403,
    ]),
  ) as Record<Actor, number>;

const MANAGE: Actor[] = ['staff', 'owner', 'manager'];
const READ: Actor[] = [...MANAGE, 'support'];

/**
 * Issue 18: every album-code endpoint × every kind of caller. Managing codes is for owners and
 * managers, reading them also for support; a photographer (even of this event) neither; nothing of
 * the organisation is visible to another organisation or a participant.
 */
describe.each(BACKENDS)('album code roles on %s', (backend) => {
  let t: TeamHarness;
  let slug: string;
  let code: string;
  const tokens = {} as Record<Actor, string | undefined>;

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
    const event = await codesEvent(t, org.id, 'b0de0001');
    slug = event.slug;
    tokens.staff = t.staff;
    tokens.owner = org.owner;
    tokens.manager = (await t.addMember(org.id, org.owner, 'manager@lakeside.test', 'manager')).token;
    const photographer = await t.addMember(org.id, org.owner, 'photo@lakeside.test', 'photographer');
    tokens.photographer = photographer.token;
    await teamRepository(t.h.database.db).setPhotographers(event.id, [photographer.memberId]);
    tokens.unassignedPhotographer = (
      await t.addMember(org.id, org.owner, 'photo2@lakeside.test', 'photographer')
    ).token;
    tokens.support = (await t.addMember(org.id, org.owner, 'support@lakeside.test', 'support')).token;
    tokens.otherOrganisation = (await t.createOrganisation('hillside', 'owner@hillside.test')).owner;
    tokens.participant = await t.participant('runner@lakeside.test');
    tokens.anonymous = undefined;
    const made = await call(t.h.app, 'POST', codesUrl(slug), { count: 1 }, { token: org.owner });
    code = (made.body.results as { code: string }[])[0]!.code;
  });
  afterAll(() => t?.h.close());

  const status = async (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, body?: unknown) =>
    (await call(t.h.app, method, url, body, { token })).status;
  const rows: [string, Record<Actor, number>, (token?: string) => Promise<number>][] = [
    ['POST codes/', expected(201, MANAGE), (token) => status('POST', codesUrl(slug), token, { count: 2 })],
    ['GET codes/', expected(200, READ), (token) => status('GET', codesUrl(slug), token)],
    [
      'GET codes/?format=csv',
      expected(200, READ),
      (token) => status('GET', codesUrl(slug, '?format=csv'), token),
    ],
    [
      'POST codes/import/',
      expected(201, MANAGE),
      async (token) =>
        (
          await t.h.app.inject({
            method: 'POST',
            url: codesUrl(slug, 'import/'),
            headers: { 'content-type': 'text/csv', ...(token ? { authorization: `Token ${token}` } : {}) },
            payload: csvBody(['code,label', ',imported']),
          })
        ).statusCode,
    ],
    // revoking twice answers the same: every allowed caller gets 200
    [
      'DELETE codes/{code}/',
      expected(200, MANAGE),
      (token) => status('DELETE', codesUrl(slug, `${code}/`), token),
    ],
    [
      'GET codes/cards.pdf',
      expected(200, READ),
      (token) => status('GET', codesUrl(slug, 'cards.pdf?layout=a4&label=imported'), token),
    ],
  ];

  it.each(rows)('%s', async (_, want, run) => {
    const got: Record<string, number> = {};
    for (const actor of ACTORS) got[actor] = await run(tokens[actor]);
    expect(got).toEqual(want);
  });
});
