import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/server';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The server is killed (SIGKILL) after the user paid at the provider and before it heard about it;
 * started again with the same command, it finds the payment and finishes the order exactly once.
 * PostgreSQL keeps the data, so the test can look at the provider's record while the server is down.
 */
describe('a server killed between payment and fulfilment', () => {
  const name = `fotodrop_e2e_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let server: RunningServer | null = null;
  const db = new pg.Client({ connectionString: url.toString() });

  afterAll(async () => {
    await server?.stop();
    await db.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('finishes the paid order once when started again', async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const env = { DATABASE_URL: url.toString(), DEMO_PHOTOS: '4' };
    server = await startServer(env);
    const api = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await fetch(`${server!.url}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Token ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    };
    const login = await api('POST', '/api/v1/get-token-auth/', {
      username: 'demo@fotodrop.test',
      password: 'Fotodrop-demo1',
    });
    const token = login.body.token as string;
    const checkin = await api('POST', '/v2/checkins/', { picacode: 'K7M2Q9P' }, token);
    const albumId = (checkin.body.id ?? (checkin.body as { checkin_id?: number }).checkin_id) as number;
    let photoIds: number[] = [];
    await expect
      .poll(
        async () => {
          const page = await api('GET', `/v3/checkins/${albumId}/all-medias/`, undefined, token);
          photoIds = ((page.body.results as { id: number }[] | undefined) ?? []).map((m) => m.id);
          return photoIds.length;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const added = await api(
      'POST',
      '/cart/digital-items/',
      { checkin_id: albumId, order_type: 'PHOTOLIST', media_ids: [photoIds[0]] },
      token,
    );
    expect(added.status).toBe(201);
    const created = await api('POST', '/v3/orders/', { payment_method: 'stripe' }, token);
    expect(created.status).toBe(201);
    const orderId = (created.body.order as { id: number }).id;
    const intent = (created.body.payment as { client_secret: string }).client_secret;

    // The crash: the process dies; meanwhile the payment goes through at the provider.
    await server.stop({ keepData: true, kill: true });
    await db.connect();
    await db.query(`update test_payment_intents set status = 'succeeded', confirms = 1 where id = $1`, [
      intent,
    ]);

    server = await startServer(env, { port: server.port, dataDir: server.dataDir });
    await expect
      .poll(async () => (await api('GET', `/v3/orders/${orderId}/`, undefined, token)).body.status, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('paid');
    await expect
      .poll(
        async () =>
          (await db.query('select fulfilled_at from orders where id = $1', [orderId])).rows[0]?.fulfilled_at,
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBeTruthy();
    const purchases = await db.query(
      `select count(*)::int as n from metric_events where type = 'purchase' and (payload->>'order_id')::int = $1`,
      [orderId],
    );
    expect(purchases.rows[0].n).toBe(1);
    const granted = await db.query('select count(*)::int as n from media_entitlements where order_id = $1', [
      orderId,
    ]);
    expect(granted.rows[0].n).toBe(1);
    // One purchase e-mail in the outbox.
    await expect
      .poll(
        async () => {
          const files = await readdir(join(server!.dataDir, 'outbox')).catch(() => [] as string[]);
          const texts = await Promise.all(
            files.map((f) => readFile(join(server!.dataDir, 'outbox', f), 'utf8')),
          );
          return texts.filter((t) => t.includes(`order ${orderId}`)).length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
  });
});
