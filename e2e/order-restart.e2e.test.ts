import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOf, outboxTexts, scratchDatabase } from './support/restart';
import { type RunningServer, startServer } from './support/server';

/**
 * The server is killed (SIGKILL) after the user paid at the provider and before it heard about it;
 * started again with the same command, it finds the payment and finishes the order exactly once.
 * PostgreSQL keeps the data, so the test can look at the provider's record while the server is down.
 */
describe('a server killed between payment and fulfilment', () => {
  const database = scratchDatabase();
  let server: RunningServer | null = null;
  const db = new pg.Client({ connectionString: database.url });

  afterAll(async () => {
    await server?.stop();
    await db.end().catch(() => undefined);
    await database.drop();
  });

  it('finishes the paid order once when started again', async () => {
    await database.create();
    const env = { DATABASE_URL: database.url, DEMO_PHOTOS: '4' };
    server = await startServer(env);
    const api = apiOf(() => server!);
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
          const texts = await outboxTexts(server!);
          return texts.filter((t) => t.includes(`order ${orderId}`)).length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
  });
});
