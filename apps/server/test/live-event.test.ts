import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { BRANDED_APP_NAME, seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';

const DAY = 86_400_000;

describe.each(BACKENDS)('GET /v1/events/live/ on %s', (backend) => {
  let h: Harness;
  let seededAt: number;
  let branded: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    seededAt = Date.now();
    await seedDemo(h.database.db, argon2Hasher, 1);
    const config = await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`);
    branded = String(config.body.id);
  });
  afterAll(() => h?.close());

  const live = (headers: Record<string, string> = {}, query = '') =>
    call(h.app, 'GET', `/api/v1/events/live/${query}`, undefined, { headers });
  /** Noon (UTC) of the day `days` from the seeding, when the demo events were placed. */
  const at = (days: number) => {
    const day = new Date(seededAt + days * DAY).toISOString().slice(0, 10);
    h.clock.now = new Date(`${day}T12:00:00Z`);
  };

  it('sends the main site to the event happening today, opening its event-wide album', async () => {
    at(-6); // the Lakeside City Marathon's day
    const answer = await live();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: 'Lakeside City Marathon',
      slug: '5e1a0c3d',
      gallery_url: '/checkins?picacode=LAKE2026',
    });
    expect(Date.parse(answer.body.ends_at as string)).toBe(
      Date.parse(`${h.clock.now.toISOString().slice(0, 10)}T00:00:00Z`) + DAY,
    );
  });

  it('never offers another site’s event: each site sees only its own', async () => {
    at(-2); // the branded site's Alpine Trail Run; the main site has only a holiday stay that day
    const own = await live({ 'x-event-owner': branded });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'Alpine Trail Run', gallery_url: '/e/a1b7e5d0' });
    const main = await live();
    expect(main.status).toBe(404);
    expect(main.body).toMatchObject({ code: 'not_found', message: 'No event is live right now.' });
    at(-6);
    expect((await live({ 'x-event-owner': branded })).status).toBe(404);
  });

  it('follows an explicit live window over the event days, and narrows to a slug', async () => {
    at(-6);
    expect((await live({}, '?slug=c0ffee42')).status).toBe(404);
    await h.database.executeSql(
      "update photo_services set live_from = $1, live_to = $2 where slug = 'c0ffee42'",
      [new Date(seededAt - 7 * DAY), new Date(seededAt - 5 * DAY)],
    );
    const answer = await live({}, '?slug=c0ffee42');
    expect(answer.body).toMatchObject({
      name: 'Winter Night Run',
      ends_at: new Date(seededAt - 5 * DAY).toISOString(),
    });
    // without a slug the event that went live last wins: the marathon's day started after the window
    expect((await live()).body).toMatchObject({ name: 'Lakeside City Marathon' });
    expect((await live({}, '?slug=NOTHEX!!')).status).toBe(400);
  });
});
