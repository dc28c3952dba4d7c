import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRepository } from '../src/repositories/support.repository';
import { codesEvent, codesUrl } from './codes-fixture';
import { BACKENDS } from './databases';
import { call } from './harness';
import { startTeamHarness, type TeamHarness } from './team-fixture';

type Actor = 'owner' | 'support' | 'otherOrganisation' | 'participant';

const checkinsUrl = (slug: string, query = '') => `/api/organiser/v1/events/${slug}/checkins/${query}`;
const requestsUrl = (orgId: number, rest = '') =>
  `/api/organiser/v1/organisations/${orgId}/support-requests/${rest}`;
/** The smallest JPEG header is enough: the screenshot is served as stored. */
const SCREENSHOT = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

/**
 * Issue 18, role "support": an event's albums and the organisation's support requests (who may
 * call them is in console-roles.test.ts).
 */
describe.each(BACKENDS)('participants and support requests in the console on %s', (backend) => {
  let t: TeamHarness;
  let orgId: number;
  let otherOrgId: number;
  let slug: string;
  let withScreenshot: number;
  let otherRequest: number;
  const tokens = {} as Record<Actor, string | undefined>;

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    const org = await t.createOrganisation('lakeside', 'owner@lakeside.test');
    orgId = org.id;
    const event = await codesEvent(t, org.id, 'c4ec0001');
    slug = event.slug;
    tokens.owner = org.owner;
    tokens.support = (await t.addMember(org.id, org.owner, 'support@lakeside.test', 'support')).token;
    const other = await t.createOrganisation('hillside', 'owner@hillside.test');
    otherOrgId = other.id;
    tokens.otherOrganisation = other.owner;
    tokens.participant = await t.participant('runner@lakeside.test');

    // two participants open albums with labelled codes, as at the event
    const made = await call(
      t.h.app,
      'POST',
      codesUrl(slug),
      { count: 2, label: 'Room 12' },
      { token: org.owner },
    );
    const [first, second] = (made.body.results as { code: string }[]).map((c) => c.code);
    for (const [token, code] of [
      [tokens.participant, first],
      [await t.participant('swimmer@lakeside.test'), second],
    ] as const) {
      const opened = await call(t.h.app, 'POST', '/api/v2/checkins/', { picacode: code }, { token });
      expect(opened.status).toBeLessThan(300);
    }

    const support = supportRepository(t.h.database.db);
    const request = (organisationId: number, email: string, subject: string, screenshotKey: string | null) =>
      support.insertRequest({
        organisationId,
        photoServiceId: organisationId === orgId ? event.id : null,
        name: 'Ada Runner',
        email,
        picacode: first ?? null,
        category: 'missing_photos',
        subject,
        message: 'I cannot find my finish photo.',
        language: 'it',
        screenshotKey,
        answerBy: '2026-11-30',
      });
    await t.h.storage.put('support/shot/screenshot.jpg', SCREENSHOT, 'image/jpeg');
    withScreenshot = (
      await request(orgId, 'ada@example.test', 'Finish photo missing', 'support/shot/screenshot.jpg')
    ).id;
    await request(orgId, 'bob@example.test', 'Wrong name on the invoice', null);
    otherRequest = (await request(otherOrgId, 'carl@example.test', 'Hillside question', null)).id;
  });
  afterAll(() => t?.h.close());

  type Answer = {
    status: number;
    body: { results: Record<string, unknown>[]; pagination: { total: number } } & Record<string, unknown>;
  };
  const get = async (url: string, token?: string) =>
    (await call(t.h.app, 'GET', url, undefined, { token })) as unknown as Answer;

  it("lists the event's albums newest first, with the participant, the code and its label, searchable", async () => {
    const all = await get(checkinsUrl(slug), tokens.support);
    expect(all.status).toBe(200);
    expect(all.body.pagination).toMatchObject({ total: 2, page_number: 1 });
    const results = all.body.results as { email: string; code_label: string; status: string }[];
    expect(results.map((r) => r.email)).toEqual(['swimmer@lakeside.test', 'runner@lakeside.test']);
    expect(results.every((r) => r.code_label === 'Room 12')).toBe(true);
    const found = await get(checkinsUrl(slug, '?search=SWIMMER@'), tokens.support);
    expect((found.body.results as { email: string }[]).map((r) => r.email)).toEqual([
      'swimmer@lakeside.test',
    ]);
    // a typed % is a character, not a wildcard
    expect((await get(checkinsUrl(slug, '?search=%25'), tokens.support)).body.pagination.total).toBe(0);
    const paged = await get(checkinsUrl(slug, '?page=2&page_size=1'), tokens.support);
    expect((paged.body.results as { email: string }[]).map((r) => r.email)).toEqual(['runner@lakeside.test']);
  });

  it("lists only the organisation's own support requests, searchable and by event, with the screenshot", async () => {
    const mine = await get(requestsUrl(orgId), tokens.support);
    expect(mine.status).toBe(200);
    const subjects = (mine.body.results as { subject: string }[]).map((r) => r.subject);
    expect(subjects).toEqual(['Wrong name on the invoice', 'Finish photo missing']);
    expect(mine.body.results[1]).toMatchObject({
      email: 'ada@example.test',
      has_screenshot: true,
      event: { slug, name: 'Lake Swim 2026' },
    });
    const searched = await get(requestsUrl(orgId, '?search=invoice'), tokens.support);
    expect(searched.body.pagination.total).toBe(1);
    expect((await get(requestsUrl(orgId, `?event=${slug}`), tokens.support)).body.pagination.total).toBe(2);
    // another organisation's event filters everything out rather than telling it exists
    expect((await get(requestsUrl(orgId, '?event=ffff0000'), tokens.support)).body.pagination.total).toBe(0);

    const shot = await t.h.app.inject({
      method: 'GET',
      url: requestsUrl(orgId, `${withScreenshot}/screenshot.jpg`),
      headers: { authorization: `Token ${tokens.support}` },
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/jpeg');
    expect(shot.rawPayload.equals(SCREENSHOT)).toBe(true);
    // another organisation's request is not found through this organisation, screenshot or not
    expect((await get(requestsUrl(orgId, `${otherRequest}/screenshot.jpg`), tokens.owner)).status).toBe(404);
    const other = await get(requestsUrl(otherOrgId), tokens.otherOrganisation);
    expect((other.body.results as { subject: string }[]).map((r) => r.subject)).toEqual([
      'Hillside question',
    ]);
  });

  it('refuses bad filters with their field', async () => {
    const bad = await get(checkinsUrl(slug, '?status=lost&page=0'), tokens.owner);
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { fields: Record<string, string[]> }).fields).sort()).toEqual([
      'page',
      'status',
    ]);
    expect((await get(requestsUrl(orgId, `?search=${'x'.repeat(201)}`), tokens.owner)).status).toBe(400);
  });
});
