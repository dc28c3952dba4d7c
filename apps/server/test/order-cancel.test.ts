import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../src/adapters/password-hasher';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { EXPIRED_MESSAGE } from '../src/services/orders/order-payments';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';
import { addDemoBankAccount, addPhoto, runnerWithAlbum, seededMarathon } from './photos';

/** Argon2 costs ~50 ms a hash; these tests sign up a dozen buyers and only need them to exist. */
const plainHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hashed, password) => hashed === `plain:${password}`,
};

interface OrderBody {
  id: number;
  status: string;
  failure_message: string | null;
  discount_total: string;
}
type Created = { order: OrderBody; payment: { client_secret: string | null } };

/**
 * Issue 17, item 1: an abandoned 3-D Secure step must not lock the buyer out. A cancelled
 * confirmation, the payment's timeout, the cancel endpoint and a new pay press each end the open
 * order and cancel its payment at the provider; a payment that succeeds anyway is refunded, so a
 * buyer is never charged twice.
 */
describe.each(BACKENDS)('cancelling, expiring and replacing unfinished payments on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  let albumId: number;
  const mine: number[] = [];

  beforeAll(async () => {
    h = await startHarness(backend, { hasher: plainHasher });
    const marathon = await seededMarathon(h);
    for (const shade of [0, 1, 2]) mine.push(await addPhoto(h, marathon.place(), shade));
    ({ token, albumId } = await runnerWithAlbum(h));
    other = (await runnerWithAlbum(h, 'other@example.com')).token;
    await addDemoBankAccount(h);
  });
  afterAll(() => h?.close());

  beforeEach(async () => {
    h.clock.now = new Date();
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from test_payment_intents', []);
    await h.database.executeSql('delete from media_entitlements', []);
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token });
  });

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, t = token) =>
    call(h.app, method, `/api${url}`, body, { token: t });
  const fillCart = async (ids = mine) =>
    expect(
      (
        await send('POST', '/cart/digital-items/', {
          checkin_id: albumId,
          gallery_id: null,
          order_type: 'PHOTOLIST',
          media_ids: ids,
        })
      ).status,
    ).toBe(201);
  const createOrder = async (body: Record<string, unknown> = {}) => {
    const res = await send('POST', '/v3/orders/', { payment_method: 'stripe', ...body });
    return { status: res.status, body: res.body as unknown as Created & { code?: string } };
  };
  const payCard = (intent: string, card: string) =>
    send('POST', `/test-payments/v1/intents/${intent}/confirm/`, { card_number: card });
  const cancel = (id: number, t = token) => send('POST', `/v3/orders/${id}/cancel/`, undefined, t);
  const intentOf = async (id: string) =>
    (
      await h.database.executeSql('select status, refunded, amount from test_payment_intents where id = $1', [
        id,
      ])
    ).rows[0] as { status: string; refunded: number; amount: number };
  /** Money kept by the provider: what succeeded less what was refunded, over every intent. */
  const charges = async () =>
    (
      (
        await h.database.executeSql(
          "select count(*)::int as n from test_payment_intents where status = 'succeeded' and refunded < amount",
          [],
        )
      ).rows[0] as { n: number }
    ).n;
  /** The 3-D Secure card's first confirm: the intent waits for the bank, the order is processing. */
  const stuckIn3ds = async () => {
    await fillCart();
    const created = await createOrder();
    expect(created.status).toBe(201);
    const intent = created.body.payment.client_secret!;
    expect((await payCard(intent, TEST_CARDS.needsSecondConfirm)).body.status).toBe('processing');
    const confirmed = await send('POST', '/v3/orders/confirm-payment/', {
      transaction_id: intent,
      payment_method: 'stripe',
    });
    expect(confirmed.body.status).toBe('processing');
    return { orderId: created.body.order.id, intent };
  };

  it('Cancel in the bank dialog cancels the intent and frees the cart at once, bank transfer included', async () => {
    const { orderId, intent } = await stuckIn3ds();
    const cancelled = await cancel(orderId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await intentOf(intent)).status).toBe('canceled');
    // The cart is as the buyer built it, and any method pays it now.
    expect((await send('GET', '/cart/digital-items/')).body.results).toHaveLength(1);
    const transfer = await createOrder({ payment_method: 'bank-transfer' });
    expect(transfer.status).toBe(201);
    expect(transfer.body.order.status).toBe('pending');
    // The bank's second step after the cancel changes nothing.
    expect((await payCard(intent, TEST_CARDS.needsSecondConfirm)).body.status).toBe('canceled');
    expect((await send('GET', `/v3/orders/${orderId}/`)).body.status).toBe('cancelled');
    expect(await charges()).toBe(0);
  });

  it('cancel: owner only, 409 once paid, idempotent when repeated or concurrent', async () => {
    const { orderId, intent } = await stuckIn3ds();
    expect((await cancel(orderId, other)).status).toBe(404);
    expect((await call(h.app, 'POST', `/api/v3/orders/${orderId}/cancel/`)).status).toBe(401);
    expect((await cancel(987654)).status).toBe(404);
    expect((await send('GET', `/v3/orders/${orderId}/`)).body.status).toBe('processing');
    const all = await Promise.all([cancel(orderId), cancel(orderId), cancel(orderId)]);
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(all.every((r) => r.body.status === 'cancelled')).toBe(true);
    const again = await cancel(orderId);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('cancelled');
    expect((await intentOf(intent)).status).toBe('canceled');

    // A paid order is not cancelled: 409, and it stays paid.
    const paid = await createOrder();
    const paidIntent = paid.body.payment.client_secret!;
    await payCard(paidIntent, TEST_CARDS.succeeds);
    expect((await cancel(paid.body.order.id)).status).toBe(409);
    expect((await send('GET', `/v3/orders/${paid.body.order.id}/`)).body.status).toBe('paid');
  });

  it('a cancel that races a payment paid at the provider answers 409 and keeps the payment', async () => {
    await fillCart();
    const created = await createOrder();
    const intent = created.body.payment.client_secret!;
    // The provider's side only: the browser and our server have not heard of it yet.
    await h.database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
      intent,
    ]);
    const res = await cancel(created.body.order.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('order_state');
    expect((await send('GET', `/v3/orders/${created.body.order.id}/`)).body.status).toBe('paid');
    expect((await intentOf(intent)).refunded).toBe(0);
    expect(await charges()).toBe(1);
  });

  it('an abandoned bank step expires after the provider timeout through the job queue', async () => {
    const { orderId, intent } = await stuckIn3ds();
    const job = (
      await h.database.executeSql(
        "select start_after, created_on from pgboss.job where name = 'order-payment-expiry' and data->>'orderId' = $1",
        [String(orderId)],
      )
    ).rows[0] as { start_after: Date; created_on: Date } | undefined;
    expect(job).toBeDefined();
    expect(new Date(job!.start_after).getTime() - new Date(job!.created_on).getTime()).toBeGreaterThanOrEqual(
      15 * 60_000 - 1000,
    );
    // Before the timeout the job leaves the order alone (a job run early, or a clock behind).
    expect(await h.services.orderPayments.expire(orderId)).toBe(false);
    h.clock.now = new Date(Date.now() + 16 * 60_000);
    expect(await h.services.orderPayments.expire(orderId)).toBe(true);
    const order = (await send('GET', `/v3/orders/${orderId}/`)).body;
    expect(order.status).toBe('cancelled');
    expect(order.failure_message).toBe(EXPIRED_MESSAGE);
    expect((await intentOf(intent)).status).toBe('canceled');
    expect((await createOrder({ payment_method: 'bank-transfer' })).status).toBe(201);
  });

  it('the reconcile job expires orders whose expiry job was lost', async () => {
    const { orderId, intent } = await stuckIn3ds();
    await h.database.executeSql("delete from pgboss.job where name = 'order-payment-expiry'", []);
    h.clock.now = new Date(Date.now() + 16 * 60_000);
    await h.services.orders.reconcile();
    expect((await send('GET', `/v3/orders/${orderId}/`)).body.status).toBe('cancelled');
    expect((await intentOf(intent)).status).toBe('canceled');
  });

  it('a new pay press supersedes a payment in its bank step: the old intent is cancelled first', async () => {
    const { orderId, intent } = await stuckIn3ds();
    const again = await createOrder();
    expect(again.status).toBe(201);
    expect(again.body.order.id).not.toBe(orderId);
    expect((await intentOf(intent)).status).toBe('canceled');
    expect((await send('GET', `/v3/orders/${orderId}/`)).body.status).toBe('cancelled');
    await payCard(again.body.payment.client_secret!, TEST_CARDS.succeeds);
    const paid = await send('POST', '/v3/orders/confirm-payment/', {
      transaction_id: again.body.payment.client_secret,
      payment_method: 'stripe',
    });
    expect(paid.body.status).toBe('paid');
    expect(await charges()).toBe(1);
  });

  it('an old payment that succeeds after it was replaced is refunded in full: one charge', async () => {
    const { orderId, intent } = await stuckIn3ds();
    const again = await createOrder();
    const newIntent = again.body.payment.client_secret!;
    await payCard(newIntent, TEST_CARDS.succeeds);
    await send('POST', '/v3/orders/confirm-payment/', {
      transaction_id: newIntent,
      payment_method: 'stripe',
    });
    // The bank had finished the old step before our cancel reached it; its webhook comes late.
    await h.database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
      intent,
    ]);
    await h.services.orders.syncPayment('test', intent);
    await h.services.orders.syncPayment('test', intent);
    const old = await intentOf(intent);
    expect(old.refunded).toBe(old.amount);
    const oldOrder = (await send('GET', `/v3/orders/${orderId}/`)).body;
    expect(oldOrder.status).toBe('cancelled');
    expect(oldOrder.failure_message).toMatch(/refunded/);
    expect(await charges()).toBe(1);
    expect(
      (
        (await h.database.executeSql("select count(*)::int as n from orders where status = 'paid'", []))
          .rows[0] as {
          n: number;
        }
      ).n,
    ).toBe(1);
  });

  it('a late success of a cancelled order is refunded even when it arrives through confirm-payment', async () => {
    const { orderId, intent } = await stuckIn3ds();
    expect((await cancel(orderId)).status).toBe(200);
    await h.database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
      intent,
    ]);
    const confirmed = await send('POST', '/v3/orders/confirm-payment/', {
      transaction_id: intent,
      payment_method: 'stripe',
    });
    expect(confirmed.status).toBe(402);
    expect((await intentOf(intent)).refunded).toBe((await intentOf(intent)).amount);
    expect((await h.database.executeSql('select 1 from media_entitlements', [])).rows).toHaveLength(0);
    expect(await charges()).toBe(0);
  });

  it('My orders lists neither cancelled nor failed orders, and shows signed watermarked thumbnails', async () => {
    const { orderId } = await stuckIn3ds();
    let list = (await send('GET', '/v3/orders/')).body.results as (OrderBody & {
      thumbnails: { media_id: number; url: string }[];
    })[];
    expect(list.map((o) => o.id)).toEqual([orderId]);
    expect(list[0]!.thumbnails.map((t) => t.media_id).sort()).toEqual([...mine].sort());
    expect(list[0]!.thumbnails.every((t) => t.url.split('?')[0]!.endsWith('/thumb'))).toBe(true);
    expect(list[0]!.thumbnails.some((t) => t.url.includes('thumb-clean'))).toBe(false);
    await cancel(orderId);
    list = (await send('GET', '/v3/orders/')).body.results as typeof list;
    expect(list).toEqual([]);
    expect((await send('GET', '/v3/orders/')).body.pagination).toMatchObject({ total: 0 });
    // Paid: its thumbnails are the buyer's clean ones, and they load.
    const created = await createOrder();
    await payCard(created.body.payment.client_secret!, TEST_CARDS.succeeds);
    list = (await send('GET', '/v3/orders/')).body.results as typeof list;
    expect(list.map((o) => o.status)).toEqual(['paid']);
    expect(list[0]!.thumbnails.every((t) => t.url.includes('thumb-clean'))).toBe(true);
    const image = await h.app.inject({ method: 'GET', url: list[0]!.thumbnails[0]!.url });
    expect(image.statusCode).toBe(200);
  });
});
