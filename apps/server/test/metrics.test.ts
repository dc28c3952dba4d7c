import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DEFAULT_EVENT_OWNER_ID, type MetricMessage } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetricQueue, PAUSE_FIRST_MS } from '../../web/src/shared/metrics/queue';
import { webOriginAllowed } from '../src/http/web-origins';
import { buildMetricsApp, intakeBudget, METRICS_BODY_LIMIT } from '../src/metrics-app';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { metricIntake } from '../src/services/metrics/metric-intake';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

/** The event the messages are about, with media 1 … MEDIA (made in beforeAll: unknown ones are dropped). */
const fixture = { eventId: 0 };
const MEDIA = 1300;

const message = (extra: Partial<MetricMessage> = {}): MetricMessage => ({
  id: randomUUID(),
  type: 'media_viewed',
  event_id: fixture.eventId,
  media_id: 7,
  media_type: 'p',
  timestamp: new Date().toISOString(),
  platform: 's',
  ...extra,
});

/** The metrics listener (entry spec §9 "Metrics"): every message stored once, from the web's origins only. */
describe.each(BACKENDS)('metrics listener on %s', (backend) => {
  let h: Harness;
  const count = async (where = 'message_id is not null', params: unknown[] = []) =>
    Number(
      (
        (await h.database.executeSql(`select count(*)::int as n from metric_events where ${where}`, params))
          .rows[0] as { n: number }
      ).n,
    );
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    call(h.metrics, 'POST', '/metric', body, { headers });

  beforeAll(async () => {
    h = await startHarness(backend);
    const event = await photoServicesRepository(h.database.db).insert({
      organisationId: DEFAULT_EVENT_OWNER_ID,
      slug: 'ab12cd34',
      name: 'Metrics Run',
      experienceType: 'event',
      startDate: '2026-09-01',
      endDate: '2026-09-01',
      currency: 'EUR',
    });
    fixture.eventId = event.id;
    await h.database.executeSql(
      `insert into media (id, photo_service_id, type) select i, $1, 'photo' from generate_series(1, ${MEDIA}) i`,
      [event.id],
    );
  });
  afterAll(() => h?.close());

  it('stores a batch once: sent again (a lost answer), nothing new is counted', async () => {
    const before = await count();
    const messages = [message(), message({ type: 'media_opened' }), message({ type: 'checkin_page_opened' })];
    const first = await post({ messages });
    expect(first).toMatchObject({ status: 200, body: { accepted: 3 } });
    const again = await post({ messages: [...messages, message()] });
    expect(again.body).toEqual({ accepted: 1 });
    expect(await count()).toBe(before + 4);
    // the same message twice in one post is one row
    const twin = message();
    expect((await post({ messages: [twin, twin] })).body).toEqual({ accepted: 1 });
  });

  it('refuses bad input with a 400 and stores nothing of that post', async () => {
    const before = await count();
    const bad = [
      { messages: [] },
      { messages: [message(), { ...message(), type: 'nonsense' }] },
      { messages: [{ ...message(), id: 'not-a-uuid' }] },
      { messages: [{ ...message(), platform: 'web' }] },
      { messages: Array.from({ length: 501 }, () => message()) },
    ];
    for (const body of bad) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_error');
    }
    const garbage = await h.metrics.inject({
      method: 'POST',
      url: '/metric',
      headers: { 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(400);
    const huge = await h.metrics.inject({
      method: 'POST',
      url: '/metric',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ messages: [message({ short_long_url: 'x'.repeat(METRICS_BODY_LIMIT) })] }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await count()).toBe(before);
  });

  it("takes the user from the token, never from the body; a stale token's messages are kept anonymous", async () => {
    const signup = await call(h.app, 'POST', '/api/v2/users/create/', {
      ...SIGNUP,
      email: 'metrics@example.com',
    });
    expect(signup.status).toBeLessThan(300);
    const token = String(signup.body.token);
    const userId = Number(
      (
        (await h.database.executeSql('select id from users where email = $1', ['metrics@example.com']))
          .rows[0] as {
          id: number;
        }
      ).id,
    );
    const mine = message({ user_id: 999_999 });
    expect((await post({ messages: [mine] }, { authorization: `Token ${token}` })).body).toEqual({
      accepted: 1,
    });
    const forged = message({ user_id: userId });
    expect((await post({ messages: [forged] })).body).toEqual({ accepted: 1 });
    const stale = message();
    const staleAnswer = await post({ messages: [stale] }, { authorization: `Token ${'x'.repeat(40)}` });
    expect(staleAnswer.body).toEqual({ accepted: 1 });
    // sendBeacon: text/plain, the token inside the body
    const beaconed = message({ type: 'time_in_album', time_in_seconds: 42 });
    const beacon = await h.metrics.inject({
      method: 'POST',
      url: '/metric',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost:8080' },
      payload: JSON.stringify({ messages: [beaconed], authorization: `Token ${token}` }),
    });
    expect(beacon.json()).toEqual({ accepted: 1 });
    const users = await h.database.executeSql(
      'select message_id, user_id, payload from metric_events where message_id = any($1::uuid[])',
      [[mine.id, forged.id, stale.id, beaconed.id]],
    );
    const byId = new Map(
      (users.rows as { message_id: string; user_id: number | null }[]).map((r) => [r.message_id, r]),
    );
    expect(byId.get(mine.id)?.user_id).toBe(userId);
    expect(byId.get(forged.id)?.user_id).toBeNull();
    expect(byId.get(stale.id)?.user_id).toBeNull();
    expect(byId.get(beaconed.id)).toMatchObject({ user_id: userId, payload: { time_in_seconds: 42 } });
  });

  it("answers the web app's origins (and its organisations' subdomains) and refuses other sites", async () => {
    const preflight = await h.metrics.inject({
      method: 'OPTIONS',
      url: '/metric',
      headers: { origin: 'http://alpinerun.localhost:8080', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://alpinerun.localhost:8080');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    const before = await count();
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example:8080',
      'http://a.b.localhost:8080',
    ]) {
      const answer = await post({ messages: [message()] }, { origin });
      expect(answer.status).toBe(403);
      expect(answer.raw.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(await count()).toBe(before);
    expect(webOriginAllowed('https://fotodrop.example', 'https://club.fotodrop.example')).toBe(true);
    expect(webOriginAllowed('https://fotodrop.example', 'http://club.fotodrop.example')).toBe(false);
    expect(webOriginAllowed('https://fotodrop.example', 'https://fotodrop.example.evil')).toBe(false);
  });

  it('answers the app reached by another loopback name, and the configured PUBLIC_ORIGINS (issue 17 item 10)', async () => {
    // the default PUBLIC_URL is http://localhost:8080; the app opened as http://127.0.0.1:8080
    const before = await count();
    for (const origin of ['http://127.0.0.1:8080', 'http://[::1]:8080']) {
      const answer = await post({ messages: [message()] }, { origin });
      expect(answer.status).toBe(200);
      expect(answer.raw.headers['access-control-allow-origin']).toBe(origin);
    }
    expect(await count()).toBe(before + 2);
    for (const origin of [
      'http://127.0.0.1:9999',
      'https://127.0.0.1:8080',
      'http://127.0.0.1.evil.example:8080',
    ]) {
      expect((await post({ messages: [message()] }, { origin })).status).toBe(403);
    }
    const listener = await buildMetricsApp({
      intake: metricIntake({ db: h.database.db }),
      publicUrl: 'https://fotodrop.example',
      otherOrigins: ['http://192.168.1.20:8080', 'https://photos.example.org'],
      ratePerMinute: 1000,
      logLevel: 'silent',
    });
    const status = async (origin: string) =>
      (await call(listener, 'POST', '/metric', { messages: [message()] }, { headers: { origin } })).status;
    expect(await status('http://192.168.1.20:8080')).toBe(200);
    expect(await status('https://alpinerun.photos.example.org')).toBe(200);
    // a public site's loopback names are not its own, nor another port of a configured origin
    expect(await status('http://127.0.0.1:8080')).toBe(403);
    expect(await status('http://192.168.1.20:8081')).toBe(403);
    await listener.close();
  });

  it('answers 503 when the store cannot be written (the browser keeps its queue); the API never needs the listener', async () => {
    const down = Object.create(h.database.db) as typeof h.database.db;
    down.execute = (async () => {
      throw new Error('database unreachable');
    }) as unknown as typeof down.execute;
    const listener = await buildMetricsApp({
      intake: metricIntake({ db: down }),
      publicUrl: 'http://localhost:8080',
      ratePerMinute: 1000,
      logLevel: 'silent',
    });
    const answer = await call(listener, 'POST', '/metric', { messages: [message()] });
    expect(answer.status).toBe(503);
    expect(answer.raw.headers['retry-after']).toBe('5');
    await listener.close();
    // the API answers without any listener running
    expect((await call(h.app, 'GET', '/api/health')).status).toBe(200);
  });

  it('limits posts per address, generously', async () => {
    const listener = await buildMetricsApp({
      intake: metricIntake({ db: h.database.db }),
      publicUrl: 'http://localhost:8080',
      ratePerMinute: 3,
      logLevel: 'silent',
    });
    for (let i = 0; i < 3; i++)
      expect((await call(listener, 'POST', '/metric', { messages: [message()] })).status).toBe(200);
    const limited = await call(listener, 'POST', '/metric', { messages: [message()] });
    expect(limited.status).toBe(429);
    expect(Number(limited.raw.headers['retry-after'])).toBeGreaterThan(0);
    await listener.close();
  });

  it('drops messages about an event or a medium that does not exist, or a medium of another event (issue 17 item 12)', async () => {
    const other = await photoServicesRepository(h.database.db).insert({
      organisationId: DEFAULT_EVENT_OWNER_ID,
      slug: 'ef56ab78',
      name: 'Other Run',
      experienceType: 'event',
      startDate: '2026-09-01',
      endDate: '2026-09-01',
      currency: 'EUR',
    });
    const kept = [
      message(),
      message({ type: 'checkin_page_opened', media_id: undefined, event_id: undefined }),
    ];
    const dropped = [
      message({ event_id: 987_654 }),
      message({ media_id: 999_999 }),
      message({ event_id: other.id }),
      message({ event_id: undefined, media_id: 999_999 }),
    ];
    const answer = await post({ messages: [...dropped, ...kept] });
    expect(answer).toMatchObject({ status: 200, body: { accepted: 2 } });
    const ids = [...dropped, ...kept].map((m) => m.id);
    expect(await count('message_id = any($1::uuid[])', [ids])).toBe(2);
  });

  it('keeps all senders together within the intake budget: 429 with Retry-After, nothing stored (issue 17 item 12)', async () => {
    const clock = { now: 0 };
    const listener = await buildMetricsApp({
      intake: metricIntake({ db: h.database.db }),
      publicUrl: 'http://localhost:8080',
      ratePerMinute: 100_000,
      messagesPerMinute: 6000,
      now: () => clock.now,
      logLevel: 'silent',
    });
    const before = await count();
    // ten seconds' worth (1,000) from two "addresses" at once, then the bucket is empty
    const batch = (n: number) => Array.from({ length: n }, () => message());
    const from = (ip: string, messages: MetricMessage[]) =>
      listener.inject({ method: 'POST', url: '/metric', remoteAddress: ip, payload: { messages } });
    expect((await from('198.51.100.1', batch(500))).statusCode).toBe(200);
    expect((await from('198.51.100.2', batch(500))).statusCode).toBe(200);
    const refused = await from('198.51.100.3', batch(100));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(await count()).toBe(before + 1000);
    // 100 messages a second come back
    clock.now += 1000;
    expect((await from('198.51.100.3', batch(100))).statusCode).toBe(200);
    expect((await from('198.51.100.4', batch(1))).statusCode).toBe(429);
    await listener.close();
  });

  it('measures the wait of the intake budget from the refill rate', () => {
    const clock = { now: 0 };
    const take = intakeBudget(600, () => clock.now);
    expect(take(500)).toBeNull();
    // ten a second: a hundred in ten seconds
    expect(take(100)).toBe(10);
    clock.now += 10_000;
    expect(take(100)).toBeNull();
    expect(take(1)).toBe(1);
  });

  it('stores 100,000 messages posted by 50 concurrent clients exactly once, retried batches included', async () => {
    await h.metrics.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.metrics.server.address() as AddressInfo).port}/metric`;
    const before = await count();
    const CLIENTS = 50;
    const PER_CLIENT = 2000;
    const BATCH = 250;
    const send = async (messages: MetricMessage[]) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { accepted: number }).accepted;
    };
    const client = async (n: number) => {
      let accepted = 0;
      for (let start = 0; start < PER_CLIENT; start += BATCH) {
        const batch = Array.from({ length: BATCH }, (_, i) =>
          message({ media_id: ((n * PER_CLIENT + start + i) % MEDIA) + 1 }),
        );
        accepted += await send(batch);
        // every client repeats its first batch (an answer it never saw): nothing new
        if (start === 0) expect(await send(batch)).toBe(0);
      }
      return accepted;
    };
    const accepted = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    expect(accepted.reduce((a, b) => a + b, 0)).toBe(CLIENTS * PER_CLIENT);
    expect(await count()).toBe(before + CLIENTS * PER_CLIENT);
    const distinct = await h.database.executeSql(
      'select count(distinct message_id)::int as n, count(*)::int as total from metric_events where message_id is not null',
    );
    const row = distinct.rows[0] as { n: number; total: number };
    expect(row.n).toBe(row.total);
  }, 300_000);

  it("keeps the web queue's messages while the listener is down and delivers them once it is back", async () => {
    // the web app's own queue module, over an in-memory storage and Node's fetch
    const listener = () =>
      buildMetricsApp({
        intake: metricIntake({ db: h.database.db }),
        publicUrl: 'http://localhost:8080',
        ratePerMinute: 1000,
        logLevel: 'silent',
      });
    let app = await listener();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    await app.close();
    let stored: string | null = null;
    let attempts = 0;
    let clock = 0;
    const queue = createMetricQueue({
      storage: {
        read: () => stored,
        write: (v) => {
          stored = v;
        },
      },
      transport: {
        async post(body, authorization) {
          attempts++;
          const response = await fetch(`http://127.0.0.1:${port}/metric`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: 'http://localhost:8080',
              ...(authorization ? { authorization } : {}),
            },
            body,
          });
          return { status: response.status };
        },
        beacon: () => false,
      },
      authorization: () => null,
      sleep: async () => {},
      now: () => clock,
      warn: () => {},
    });
    const queued = Array.from({ length: 1200 }, (_, i) =>
      message({ type: 'media_downloaded', media_id: i + 1 }),
    );
    for (const m of queued) queue.enqueue(m);
    await queue.flush();
    // no answer: the queue pauses rather than retrying at once
    expect(attempts).toBe(1);
    expect(queue.size()).toBe(1200);
    expect(await count('message_id = any($1::uuid[])', [queued.map((m) => m.id)])).toBe(0);

    app = await listener();
    await app.listen({ port, host: '127.0.0.1' });
    try {
      await queue.flush();
      expect(queue.size()).toBe(1200);
      clock += PAUSE_FIRST_MS;
      await queue.flush();
      expect(queue.size()).toBe(0);
      expect(await count('message_id = any($1::uuid[])', [queued.map((m) => m.id)])).toBe(1200);
    } finally {
      await app.close();
    }
  });
});
