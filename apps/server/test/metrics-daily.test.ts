import { randomUUID } from 'node:crypto';
import type { MetricMessage, OrganiserMetrics } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { metricDailyService } from '../src/services/metrics/metric-daily.service';
import { track } from '../src/services/metrics/tracking';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';

const MARATHON = '5e1a0c3d';
const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The organiser's metrics (issue 11): messages counted per event and day by the aggregation job. */
describe.each(BACKENDS)('daily metrics on %s', (backend) => {
  let h: Harness;
  let eventId: number;
  let organiser: string;
  let participant: string;
  const today = new Date();
  const message = (type: MetricMessage['type'], extra: Partial<MetricMessage> = {}): MetricMessage => ({
    id: randomUUID(),
    type,
    event_id: eventId,
    timestamp: today.toISOString(),
    platform: 's',
    ...extra,
  });
  const metrics = (token: string | undefined, slug = MARATHON, query = '') =>
    call(
      h.app,
      'GET',
      `/api/organiser/v1/events/${slug}/metrics/${query}`,
      undefined,
      token ? { token } : {},
    );

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    eventId = (await photoServicesRepository(h.database.db).findBySlug(MARATHON))!.id;
    // media 1 … 5 of the marathon (the demo seed makes none): messages about others are dropped
    await h.database.executeSql(
      "insert into media (id, photo_service_id, type) select i, $1, 'photo' from generate_series(1, 5) i",
      [eventId],
    );
    organiser = await logInAsDemoOrganiser(h.app);
    participant = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
  });
  afterAll(() => h?.close());

  it('counts nothing in an empty store, and everything that comes later', async () => {
    // a run before any message (the job at start) must not move the watermark past future ids
    expect(await metricDailyService({ db: h.database.db, settleSeconds: 0 }).aggregate()).toBe(0);
    const marks = await h.database.executeSql('select last_id from metric_watermarks');
    expect(marks.rows.every((r) => (r as { last_id: number }).last_id === 0)).toBe(true);
  });

  it('counts views, opens, downloads and shares per day of the event, each message once', async () => {
    const threeDaysAgo = new Date(today.getTime() - 3 * DAY_MS);
    const messages = [
      message('media_viewed', { media_id: 1 }),
      message('media_viewed', { media_id: 2 }),
      message('media_viewed', { media_id: 3, timestamp: threeDaysAgo.toISOString() }),
      // a time in the future, or a month back, is counted on the day it was stored
      message('media_viewed', {
        media_id: 4,
        timestamp: new Date(today.getTime() + 5 * DAY_MS).toISOString(),
      }),
      message('media_viewed', {
        media_id: 5,
        timestamp: new Date(today.getTime() - 30 * DAY_MS).toISOString(),
      }),
      message('media_opened', { media_id: 1 }),
      message('media_downloaded', { media_id: 1 }),
      message('shared_link_created', { media_id: 1, share_type: 'whatsapp' }),
      message('share_with_friend_created'),
      message('banner_viewed', { banner_id: 3 }),
      // an event that does not exist is not counted anywhere
      message('media_viewed', { event_id: 987_654 }),
    ];
    // (the unknown event's message is not even stored)
    expect((await call(h.metrics, 'POST', '/metric', { messages })).body).toEqual({
      accepted: messages.length - 1,
    });
    // the server's own tracking names the album only: its event is the album's
    const album = (
      await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token: participant })
    ).body;
    await track(h.database.db, {
      type: 'zip_downloaded',
      userId: null,
      payload: { zip_id: 1, album_id: album.id as number },
    });

    // the listener's own service waits until messages have settled: nothing of this minute yet
    expect(await h.services.metricDaily.aggregate()).toBe(0);
    const before = await metrics(organiser);
    expect(before.status).toBe(200);
    expect((before.body as unknown as OrganiserMetrics).pending).toBe(messages.length - 1 + 1);

    const job = metricDailyService({ db: h.database.db, settleSeconds: 0 });
    expect(await job.aggregate()).toBe(1);
    // a second run (a job repeated after a crash) counts nothing twice
    expect(await job.aggregate()).toBe(0);

    const answer = await metrics(organiser, MARATHON, '?days=7');
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as OrganiserMetrics;
    expect(body.pending).toBe(0);
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)).toEqual({
      day: dayOf(today),
      views: 4,
      opens: 1,
      downloads: 2,
      shares: 2,
      sales: 0,
    });
    expect(body.days.find((d) => d.day === dayOf(threeDaysAgo))).toMatchObject({ views: 1, opens: 0 });
    expect(body.days.slice(0, -1).reduce((n, d) => n + d.views, 0)).toBe(1);

    const stored = await h.database.executeSql(
      "select sum(count)::int as n from metric_daily where type = 'banner_viewed' and event_id = $1",
      [eventId],
    );
    expect((stored.rows[0] as { n: number }).n).toBe(1);
  });

  it('counts a person once per medium, day and metric: a flood adds one (issue 17 item 12)', async () => {
    const job = metricDailyService({ db: h.database.db, settleSeconds: 0 });
    await job.aggregate();
    const todayOf = async () =>
      ((await metrics(organiser, MARATHON, '?days=1')).body as unknown as OrganiserMetrics).days.at(-1)!;
    const start = await todayOf();
    const [a, b] = (
      await h.database.executeSql('select id from media where photo_service_id = $1 order by id limit 2', [
        eventId,
      ])
    ).rows.map((r) => (r as { id: number }).id);
    const flood = (n: number, extra: Partial<MetricMessage>) =>
      Array.from({ length: n }, () => message('media_viewed', { media_id: a, ...extra }));
    const from = (ip: string, messages: MetricMessage[], token?: string) =>
      h.metrics.inject({
        method: 'POST',
        url: '/metric',
        remoteAddress: ip,
        headers: token ? { authorization: `Token ${token}` } : {},
        payload: { messages },
      });
    // one signed-in person, from two addresses: photo a 400 times, photo b once, opened 100 times
    expect((await from('203.0.113.1', flood(400, {}), participant)).statusCode).toBe(200);
    expect((await from('203.0.113.9', flood(1, { media_id: b }), participant)).statusCode).toBe(200);
    expect((await from('203.0.113.9', flood(100, { type: 'media_opened' }), participant)).statusCode).toBe(
      200,
    );
    // anonymous: 400 from one address are one person, one from another address is another
    expect((await from('198.51.100.7', flood(400, {}))).statusCode).toBe(200);
    expect((await from('198.51.100.8', flood(1, {}))).statusCode).toBe(200);
    await job.aggregate();
    const after = await todayOf();
    expect(after.views - start.views).toBe(4);
    expect(after.opens - start.opens).toBe(1);
    // the same again later the same day counts nothing more
    await from('203.0.113.1', flood(50, {}), participant);
    await from('198.51.100.7', flood(50, {}));
    await job.aggregate();
    expect((await todayOf()).views).toBe(after.views);
  });

  it("answers only the event's own organisers, and refuses a bad period", async () => {
    expect((await metrics(undefined)).status).toBe(401);
    // issue 18: someone outside the organisation is told the event does not exist
    expect((await metrics(participant)).status).toBe(404);
    expect((await metrics(organiser, 'ffffffff')).status).toBe(404);
    for (const query of ['?days=0', '?days=367', '?days=week']) {
      const answer = await metrics(organiser, MARATHON, query);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_error');
    }
    expect(((await metrics(organiser)).body as unknown as OrganiserMetrics).days).toHaveLength(30);
  });
});
