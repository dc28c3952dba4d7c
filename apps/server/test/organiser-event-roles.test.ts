import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import {
  EVENTS_URL,
  type EventsHarness,
  eventUrl,
  galleriesUrl,
  newEvent,
  startEventsHarness,
} from './events-fixture';
import { call } from './harness';

const ACTORS = [
  'staff',
  'owner',
  'manager',
  'photographerAssigned',
  'photographerUnassigned',
  'support',
  'otherOrganisation',
  'participant',
  'anonymous',
] as const;
type Actor = (typeof ACTORS)[number];

/** Members of the organisation whose role lacks the action get `member`; everyone outside 404. */
const table = (allowed: Partial<Record<Actor, number>>, member = 403): Record<Actor, number> =>
  Object.fromEntries(
    ACTORS.map((a) => {
      if (allowed[a] !== undefined) return [a, allowed[a]];
      if (a === 'anonymous') return [a, 401];
      // an unassigned photographer does not see the event at all, like an outsider
      if (['otherOrganisation', 'participant', 'photographerUnassigned'].includes(a)) return [a, 404];
      return [a, member];
    }),
  ) as Record<Actor, number>;

const readers = { staff: 200, owner: 200, manager: 200, photographerAssigned: 200, support: 200 };
const managers = (status: number) => ({ staff: status, owner: status, manager: status });

/**
 * Issue 18: every events, galleries and event-read endpoint × every kind of caller. Managers and
 * owners run events; assigned photographers see their events and media; support reads settings;
 * anyone outside the organisation, and a photographer not assigned to the event, gets 404.
 */
describe.each(BACKENDS)('organiser event roles on %s', (backend) => {
  let t: EventsHarness;
  let slug: string;
  let galleryId: number;
  const tokens = {} as Record<Actor, string | undefined>;
  let n = 0;

  beforeAll(async () => {
    t = await startEventsHarness(backend);
    tokens.staff = t.staff;
    tokens.owner = t.org.owner;
    tokens.manager = t.members.manager.token;
    tokens.photographerAssigned = t.members.assigned.token;
    tokens.photographerUnassigned = t.members.unassigned.token;
    tokens.support = t.members.support.token;
    tokens.otherOrganisation = t.otherOwner;
    tokens.participant = t.participantToken;
    tokens.anonymous = undefined;
    const event = await t.createEvent({ photographer_member_ids: [t.members.assigned.memberId] });
    slug = event.slug;
    galleryId = (await call(t.h.app, 'POST', galleriesUrl(slug), { name: 'Start' }, { token: t.org.owner }))
      .body.id as number;
  });
  afterAll(() => t?.h.close());

  const status = async (...args: Parameters<typeof call>) => (await call(...args)).status;
  const rows: { name: string; expected: Record<Actor, number>; run: (token?: string) => Promise<number> }[] =
    [
      {
        // an organisation-wide action: every member is inside, so a photographer's role is what refuses
        name: 'POST events/',
        expected: table({ ...managers(201), photographerUnassigned: 403 }),
        run: (token) => status(t.h.app, 'POST', EVENTS_URL, newEvent(t.org.id), { token }),
      },
      {
        name: 'GET events/ (every caller lists their own)',
        expected: table({
          ...readers,
          photographerUnassigned: 200,
          otherOrganisation: 200,
          participant: 200,
        }),
        run: (token) => status(t.h.app, 'GET', EVENTS_URL, undefined, { token }),
      },
      {
        name: 'GET events/?organisation_id=',
        expected: table({ ...readers, photographerUnassigned: 200 }),
        run: (token) =>
          status(t.h.app, 'GET', `${EVENTS_URL}?organisation_id=${t.org.id}`, undefined, { token }),
      },
      {
        name: 'GET events/{slug}/',
        expected: table(readers),
        run: (token) => status(t.h.app, 'GET', eventUrl(slug), undefined, { token }),
      },
      {
        name: 'PATCH events/{slug}/',
        expected: table(managers(200)),
        run: (token) => status(t.h.app, 'PATCH', eventUrl(slug), { location: `Lake ${++n}` }, { token }),
      },
      {
        name: 'GET events/{slug}/galleries/',
        expected: table(readers),
        run: (token) => status(t.h.app, 'GET', galleriesUrl(slug), undefined, { token }),
      },
      {
        name: 'POST events/{slug}/galleries/',
        expected: table(managers(201)),
        run: (token) => status(t.h.app, 'POST', galleriesUrl(slug), { name: `G${++n}` }, { token }),
      },
      {
        name: 'PATCH events/{slug}/galleries/{id}/',
        expected: table(managers(200)),
        run: (token) =>
          status(t.h.app, 'PATCH', galleriesUrl(slug, galleryId), { name: `Start ${++n}` }, { token }),
      },
      {
        name: 'DELETE events/{slug}/galleries/{id}/',
        expected: table(managers(200)),
        run: async (token) => {
          // a fresh gallery each time: a deletion that succeeds takes nothing the table needs
          const made = await call(
            t.h.app,
            'POST',
            galleriesUrl(slug),
            { name: `Gone ${++n}` },
            { token: t.staff },
          );
          return status(t.h.app, 'DELETE', galleriesUrl(slug, made.body.id as number), undefined, { token });
        },
      },
      {
        name: 'GET events/{slug}/media/',
        expected: table({ ...managers(200), photographerAssigned: 200 }),
        run: (token) => status(t.h.app, 'GET', `${eventUrl(slug)}media/`, undefined, { token }),
      },
      {
        name: 'GET events/{slug}/face-index/',
        expected: table({ ...managers(200), photographerAssigned: 200 }),
        run: (token) => status(t.h.app, 'GET', `${eventUrl(slug)}face-index/`, undefined, { token }),
      },
      {
        // decision (issue 18): progress is media.read, like face-index: support reads settings, not media
        name: 'GET events/{slug}/progress/',
        expected: table({ ...managers(200), photographerAssigned: 200 }),
        run: (token) => status(t.h.app, 'GET', `${eventUrl(slug)}progress/`, undefined, { token }),
      },
      {
        // whoever assigns photographers (events.manage) reads them; the organisation-wide list is
        // refused to every other member's role, assigned photographers included
        name: 'GET organisations/{id}/photographers/',
        expected: table({ ...managers(200), photographerUnassigned: 403 }),
        run: (token) =>
          status(t.h.app, 'GET', `/api/organiser/v1/organisations/${t.org.id}/photographers/`, undefined, {
            token,
          }),
      },
      {
        name: 'GET events/{slug}/metrics/',
        expected: table(managers(200)),
        run: (token) => status(t.h.app, 'GET', `${eventUrl(slug)}metrics/`, undefined, { token }),
      },
    ];

  it.each(rows.map((row) => [row.name, row] as const))('%s', async (_, row) => {
    const got: Record<string, number> = {};
    for (const actor of ACTORS) got[actor] = await row.run(tokens[actor]);
    expect(got).toEqual(row.expected);
  });

  it("names the organisation's photographers, and only them, to a manager", async () => {
    const answer = await call(
      t.h.app,
      'GET',
      `/api/organiser/v1/organisations/${t.org.id}/photographers/`,
      undefined,
      { token: tokens.manager },
    );
    const ids = (answer.body.results as { id: number; email: string }[]).map((p) => p.id).sort();
    expect(ids).toEqual([t.members.assigned.memberId, t.members.unassigned.memberId].sort());
    // the manager assigns the other photographer with the ids read
    const saved = await call(
      t.h.app,
      'PATCH',
      eventUrl(slug),
      { photographer_member_ids: ids },
      { token: tokens.manager },
    );
    expect(saved.status).toBe(200);
    expect([...(saved.body.photographer_member_ids as number[])].sort()).toEqual(ids);
    await call(
      t.h.app,
      'PATCH',
      eventUrl(slug),
      { photographer_member_ids: [t.members.assigned.memberId] },
      { token: tokens.manager },
    );
  });

  it("lists to each caller only the events they may see: nothing of another organisation's", async () => {
    const slugs = async (token: string | undefined, query = '') =>
      (
        (await call(t.h.app, 'GET', `${EVENTS_URL}${query}`, undefined, { token })).body.results as {
          slug: string;
          organisation_id: number;
          status: string;
        }[]
      ).map((e) => e.slug);
    expect(await slugs(tokens.owner)).toContain(slug);
    expect(await slugs(tokens.support)).toContain(slug);
    expect(await slugs(tokens.photographerAssigned)).toEqual([slug]);
    expect(await slugs(tokens.photographerUnassigned)).toEqual([]);
    expect(await slugs(tokens.otherOrganisation)).toEqual([]);
    expect(await slugs(tokens.participant)).toEqual([]);
    // the other organisation asking for lakeside's by id: not found, not an empty list
    const asked = await call(t.h.app, 'GET', `${EVENTS_URL}?organisation_id=${t.org.id}`, undefined, {
      token: tokens.otherOrganisation,
    });
    expect(asked.status).toBe(404);
    const listed = (await call(t.h.app, 'GET', EVENTS_URL, undefined, { token: tokens.owner })).body
      .results as { slug: string; organisation_id: number; status: string }[];
    expect(listed.find((e) => e.slug === slug)).toMatchObject({ organisation_id: t.org.id, status: 'draft' });
  });
});
