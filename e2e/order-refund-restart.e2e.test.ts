import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOf, outboxTexts, scratchDatabase } from './support/restart';
import { type RunningServer, startServer } from './support/server';

/**
 * Issue 19: the server is killed (SIGKILL) in the middle of a refund the provider made but whose
 * answer the process never read: the refund is `pending` (order-refunds.ts writes it before it
 * asks) and the test provider holds it under its key. Started again with the same command, the
 * server asks the provider again with that key: the order is refunded exactly once, the photo
 * stops downloading, one refund e-mail. (A refund whose call never left is the same path without
 * the provider's record; `apps/server/test/organiser-orders.test.ts` runs both in process.)
 */
describe('a server killed mid-refund', () => {
  const database = scratchDatabase();
  let server: RunningServer | null = null;
  const db = new pg.Client({ connectionString: database.url });

  afterAll(async () => {
    await server?.stop();
    await db.end().catch(() => undefined);
    await database.drop();
  });

  it('refunds the order once when started again', async () => {
    await database.create();
    const env = { DATABASE_URL: database.url, DEMO_PHOTOS: '4' };
    server = await startServer(env);
    const api = apiOf(() => server!);
    const token = (
      await api('POST', '/api/v1/get-token-auth/', {
        username: 'demo@fotodrop.test',
        password: 'Fotodrop-demo1',
      })
    ).body.token as string;
    const checkin = await api('POST', '/v2/checkins/', { picacode: 'K7M2Q9P' }, token);
    const albumId = checkin.body.id as number;
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
    const buy = async (photoId: number) => {
      await api(
        'POST',
        '/cart/digital-items/',
        { checkin_id: albumId, order_type: 'PHOTOLIST', media_ids: [photoId] },
        token,
      );
      const created = await api('POST', '/v3/orders/', { payment_method: 'stripe' }, token);
      const intent = (created.body.payment as { client_secret: string }).client_secret;
      await api(
        'POST',
        `/test-payments/v1/intents/${intent}/confirm/`,
        { card_number: '4242424242424242' },
        token,
      );
      const paid = await api(
        'POST',
        '/v3/orders/confirm-payment/',
        { transaction_id: intent, payment_method: 'stripe' },
        token,
      );
      expect(paid.body.status).toBe('paid');
      return { orderId: (created.body.order as { id: number }).id, intent };
    };
    const after = await buy(photoIds[0]!);

    // The crash: the process dies with the refund written pending; its provider call went through.
    await server.stop({ keepData: true, kill: true });
    await db.connect();
    const pending = async (order: { orderId: number; intent: string }, key: string) => {
      const { rows } = await db.query('select id, total from order_lines where order_id = $1', [
        order.orderId,
      ]);
      const line = rows[0] as { id: number; total: number };
      await db.query(
        `insert into refunds (order_id, line_amounts, amount, currency, reason, status, provider, payment_ref, idempotency_key)
         values ($1, $2, $3, 'EUR', 'Crash test', 'pending', 'test', $4, $5)`,
        [order.orderId, JSON.stringify({ [line.id]: line.total }), line.total, order.intent, key],
      );
      return line.total;
    };
    const amount = await pending(after, `order-${after.orderId}-refund-answer-lost`);
    await db.query(
      `insert into test_payment_refunds (id, intent_id, amount, idempotency_key) values ('tr_crash', $1, $2, $3)`,
      [after.intent, amount, `order-${after.orderId}-refund-answer-lost`],
    );
    await db.query('update test_payment_intents set refunded = refunded + $2 where id = $1', [
      after.intent,
      amount,
    ]);

    server = await startServer(env, { port: server.port, dataDir: server.dataDir });
    await expect
      .poll(async () => (await api('GET', `/v3/orders/${after.orderId}/`, undefined, token)).body.status, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('refunded');
    const atProvider = await db.query(
      'select intent_id, count(*)::int as n, sum(amount)::int as total from test_payment_refunds group by intent_id',
    );
    expect(atProvider.rows.map((r) => [r.intent_id, r.n])).toEqual([[after.intent, 1]]);
    const intents = await db.query('select refunded, amount from test_payment_intents where id = any($1)', [
      [after.intent],
    ]);
    expect(intents.rows).toEqual([{ refunded: amount, amount }]);
    const granted = await db.query(
      'select count(*)::int as n from media_entitlements where order_id = any($1)',
      [[after.orderId]],
    );
    expect(granted.rows[0].n).toBe(0);
    await expect
      .poll(
        async () => {
          const texts = await outboxTexts(server!);
          return texts.filter((t) => t.includes(`order ${after.orderId}: refund`)).length;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
  });
});
