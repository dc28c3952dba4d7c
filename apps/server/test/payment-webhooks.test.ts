import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { mercadoPagoPaymentProvider } from '../src/adapters/payments/mercado-pago-provider';
import { paymentRegistry } from '../src/adapters/payments/payment-registry';
import { stripePaymentProvider } from '../src/adapters/payments/stripe-provider';
import { testPaymentProvider } from '../src/adapters/payments/test-provider';
import { paymentCustomersRepository } from '../src/repositories/payment-customers.repository';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { type FakeMercadoPagoApi, startFakeMercadoPagoApi } from './fakes/fake-mercado-pago-api';
import { FAKE_DECLINE_MESSAGE, type FakeStripeApi, startFakeStripeApi } from './fakes/fake-stripe-api';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

const STRIPE_WEBHOOK_SECRET = 'whsec_fotodrop_test';
const MP_WEBHOOK_SECRET = 'mp-fotodrop-test';
const STRIPE_HOOK = '/api/payments/v1/stripe/webhook/';
const MP_HOOK = '/api/payments/v1/mercado-pago/webhook/';

interface OrderBody {
  id: number;
  status: string;
  failure_message: string | null;
}

/**
 * Provider notifications through the real app: Stripe and Mercado Pago pointed at local fakes of
 * their APIs, the orders service reading each payment's state back from the provider.
 */
describe('payment provider webhooks', () => {
  let h: Harness;
  let stripeApi: FakeStripeApi;
  let mpApi: FakeMercadoPagoApi;
  let token: string;
  let albumId: number;
  let marathonId: number;
  const mine: number[] = [];

  beforeAll(async () => {
    stripeApi = await startFakeStripeApi();
    mpApi = await startFakeMercadoPagoApi();
    h = await startHarness('pglite', {
      payments: (db) =>
        paymentRegistry({
          test: testPaymentProvider(db),
          stripe: stripePaymentProvider({
            secretKey: 'sk_test_fake',
            publishableKey: 'pk_test_fake',
            webhookSecret: STRIPE_WEBHOOK_SECRET,
            customers: paymentCustomersRepository(db),
            ...stripeApi.connection,
          }),
          mercadoPago: mercadoPagoPaymentProvider({
            accessToken: mpApi.accessToken,
            publicKey: 'TEST-public',
            webhookSecret: MP_WEBHOOK_SECRET,
            apiBase: mpApi.apiBase,
          }),
        }),
    });
    await seedDemo(h.database.db, argon2Hasher, 1);
    const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    marathonId = marathon.id;
    const [gallery] = (
      await h.database.executeSql('select id from galleries where photo_service_id = $1 order by id', [
        marathonId,
      ])
    ).rows as { id: number }[];
    for (const shade of [0, 1])
      mine.push(
        await addPhoto(h, { serviceId: marathonId, galleryId: gallery!.id, tags: ['bib-1042'] }, shade),
      );
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    albumId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
  });
  afterAll(async () => {
    await h?.close();
    await stripeApi?.close();
    await mpApi?.close();
  });

  beforeEach(async () => {
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token });
  });

  const send = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(h.app, method, `/api${url}`, body, { token });
  const orderWith = async (paymentMethod: string) => {
    const added = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: mine,
    });
    expect(added.status).toBe(201);
    const created = await send('POST', '/v3/orders/', { payment_method: paymentMethod });
    expect(created.status).toBe(201);
    return created.body as {
      order: OrderBody;
      payment: { client_secret: string | null; redirect_url: string | null };
    };
  };
  const statusOf = async (orderId: number) =>
    (await send('GET', `/v3/orders/${orderId}/`)).body as unknown as OrderBody;
  const entitlements = async () =>
    Number(
      (
        (await h.database.executeSql('select count(*)::int as n from media_entitlements', [])).rows[0] as {
          n: number;
        }
      ).n,
    );
  const post = (url: string, payload: string, headers: Record<string, string>) =>
    h.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  describe('Stripe', () => {
    const event = (intentId: string, type = 'payment_intent.succeeded') =>
      JSON.stringify({
        id: `evt_${intentId}`,
        object: 'event',
        type,
        data: { object: { id: intentId, object: 'payment_intent' } },
      });
    const signed = (payload: string, secret = STRIPE_WEBHOOK_SECRET) => ({
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    });

    it('pays the order on a signed notification, once, and refuses a bad signature', async () => {
      const { order, payment } = await orderWith('stripe');
      const intentId = payment.client_secret!.split('_secret_')[0]!;
      expect(stripeApi.intents.get(intentId)?.metadata).toEqual({ order_id: String(order.id) });
      stripeApi.settle(intentId, 'succeeded');

      const payload = event(intentId);
      const forged = await post(STRIPE_HOOK, payload, signed(payload, 'whsec_someone_else'));
      expect(forged.statusCode).toBe(400);
      const unsigned = await post(STRIPE_HOOK, payload, {});
      expect(unsigned.statusCode).toBe(400);
      expect((await statusOf(order.id)).status).toBe('awaiting_payment');
      expect(await entitlements()).toBe(0);

      const delivered = await post(STRIPE_HOOK, payload, signed(payload));
      expect(delivered.statusCode).toBe(200);
      const paid = await statusOf(order.id);
      expect(paid.status).toBe('paid');
      expect(await entitlements()).toBe(mine.length);

      // Stripe delivers again (at least once): nothing more happens.
      const replay = await post(STRIPE_HOOK, payload, signed(payload));
      expect(replay.statusCode).toBe(200);
      expect(await statusOf(order.id)).toEqual(paid);
      expect(await entitlements()).toBe(mine.length);
      expect(
        Number(
          (
            (await h.database.executeSql('select count(*)::int as n from orders', [])).rows[0] as {
              n: number;
            }
          ).n,
        ),
      ).toBe(1);
    });

    it('fails the order with Stripe’s message when the payment failed, and ignores other events', async () => {
      const { order, payment } = await orderWith('stripe');
      const intentId = payment.client_secret!.split('_secret_')[0]!;
      stripeApi.settle(intentId, 'failed');
      const payload = event(intentId, 'payment_intent.payment_failed');
      expect((await post(STRIPE_HOOK, payload, signed(payload))).statusCode).toBe(200);
      expect(await statusOf(order.id)).toMatchObject({
        status: 'failed',
        failure_message: FAKE_DECLINE_MESSAGE,
        // Stripe's decline code as our reason, which the web translates (issue 17)
        failure_reason: 'insufficient_funds',
      });

      const unrelated = JSON.stringify({
        id: 'evt_c',
        object: 'event',
        type: 'customer.created',
        data: { object: {} },
      });
      expect((await post(STRIPE_HOOK, unrelated, signed(unrelated))).statusCode).toBe(200);
      const unknown = event('pi_not_ours');
      expect((await post(STRIPE_HOOK, unknown, signed(unknown))).statusCode).toBe(200);
    });

    it('a new pay press cancels the intent in flight first; if it succeeds anyway it is refunded (issue 17)', async () => {
      const { order, payment } = await orderWith('stripe');
      const oldIntent = payment.client_secret!.split('_secret_')[0]!;
      stripeApi.settle(oldIntent, 'requires_action');
      // The buyer leaves the 3-D Secure step and presses pay again (another choice: a new order).
      const again = await send('POST', '/v3/orders/', { payment_method: 'stripe', save_card: true });
      expect(again.status).toBe(201);
      const newIntent = (again.body.payment as { client_secret: string }).client_secret.split('_secret_')[0]!;
      expect(newIntent).not.toBe(oldIntent);
      expect(stripeApi.intents.get(oldIntent)?.status).toBe('canceled');
      const cancelAt = stripeApi.requests.findIndex((r) => r.path.endsWith(`${oldIntent}/cancel`));
      const createdAt = stripeApi.requests.findIndex(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/payment_intents' &&
          r.idempotencyKey === `order-${(again.body.order as OrderBody).id}-payment`,
      );
      expect(cancelAt).toBeGreaterThanOrEqual(0);
      expect(cancelAt).toBeLessThan(createdAt);
      expect(stripeApi.requests[cancelAt]?.idempotencyKey).toBe(`order-${order.id}-cancel`);
      expect((await statusOf(order.id)).status).toBe('cancelled');

      // The new payment is paid; the old one had gone through at the bank before the cancel arrived.
      stripeApi.settle(newIntent, 'succeeded');
      const paidHook = event(newIntent);
      expect((await post(STRIPE_HOOK, paidHook, signed(paidHook))).statusCode).toBe(200);
      stripeApi.settle(oldIntent, 'succeeded');
      const late = event(oldIntent);
      expect((await post(STRIPE_HOOK, late, signed(late))).statusCode).toBe(200);
      expect((await post(STRIPE_HOOK, late, signed(late))).statusCode).toBe(200);
      const refunds = stripeApi.refunds.filter((r) => r.payment_intent === oldIntent);
      expect(refunds.length).toBeGreaterThanOrEqual(1);
      // Stripe answers a repeated key with the first refund: one refund, whatever the retries.
      expect(
        new Set(stripeApi.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey)),
      ).toEqual(new Set([`order-${order.id}-refund-late`]));
      expect(refunds[0]!.amount).toBe(stripeApi.intents.get(oldIntent)!.amount);
      expect((await statusOf(order.id)).status).toBe('cancelled');
      expect((await statusOf((again.body.order as OrderBody).id)).status).toBe('paid');
    });

    it('refuses a body too large to be a notification', async () => {
      const big = JSON.stringify({ padding: 'x'.repeat(300 * 1024) });
      expect((await post(STRIPE_HOOK, big, signed(big))).statusCode).toBe(413);
    });
  });

  describe('Mercado Pago', () => {
    beforeAll(async () => {
      await h.database.executeSql("update photo_services set currency = 'BRL' where id = $1", [marathonId]);
    });
    afterAll(async () => {
      await h.database.executeSql("update photo_services set currency = 'EUR' where id = $1", [marathonId]);
    });

    it('pays the order on a signed notification of an approved payment, once, and refuses a bad signature', async () => {
      const { order, payment } = await orderWith('mercado-pago');
      const [preference] = [...mpApi.preferences.values()].filter(
        (p) => p.external_reference === String(order.id),
      );
      expect(payment.redirect_url).toBe(preference!.init_point);
      const paidAtMp = mpApi.pay(preference!.id, 'approved');

      const forged = mpApi.notification(paidAtMp.id, 'not-the-secret');
      expect((await post(MP_HOOK, forged.body, forged.headers)).statusCode).toBe(400);
      expect((await statusOf(order.id)).status).toBe('awaiting_payment');
      expect(await entitlements()).toBe(0);

      const good = mpApi.notification(paidAtMp.id, MP_WEBHOOK_SECRET);
      expect((await post(MP_HOOK, good.body, good.headers)).statusCode).toBe(200);
      const paid = await statusOf(order.id);
      expect(paid.status).toBe('paid');
      expect(await entitlements()).toBe(mine.length);

      expect((await post(MP_HOOK, good.body, good.headers)).statusCode).toBe(200);
      expect(await statusOf(order.id)).toEqual(paid);
      expect(await entitlements()).toBe(mine.length);
    });

    it('a new pay press expires the old preference first; a payment on it anyway is refunded (issue 17)', async () => {
      const { order } = await orderWith('mercado-pago');
      const [old] = [...mpApi.preferences.values()].filter((p) => p.external_reference === String(order.id));
      const again = await send('POST', '/v3/orders/', { payment_method: 'mercado-pago', save_card: true });
      expect(again.status).toBe(201);
      expect((await statusOf(order.id)).status).toBe('cancelled');
      expect(
        mpApi.requests.some((r) => r.method === 'PUT' && r.path === `/checkout/preferences/${old!.id}`),
      ).toBe(true);
      // The payer had the old page open and pays there all the same.
      const paid = mpApi.pay(old!.id, 'approved');
      const note = mpApi.notification(paid.id, MP_WEBHOOK_SECRET);
      expect((await post(MP_HOOK, note.body, note.headers)).statusCode).toBe(200);
      expect(mpApi.refunds.filter((r) => r.paymentId === paid.id)).toHaveLength(1);
      expect(mpApi.refunds[mpApi.refunds.length - 1]?.key).toBe(`order-${order.id}-refund-late`);
      expect((await statusOf(order.id)).status).toBe('cancelled');
      expect(await entitlements()).toBe(0);
    });

    it('fails the order when Mercado Pago rejected the payment', async () => {
      const { order } = await orderWith('mercado-pago');
      const [preference] = [...mpApi.preferences.values()].filter(
        (p) => p.external_reference === String(order.id),
      );
      const rejected = mpApi.pay(preference!.id, 'rejected', 'cc_rejected_insufficient_amount');
      const note = mpApi.notification(rejected.id, MP_WEBHOOK_SECRET);
      expect((await post(MP_HOOK, note.body, note.headers)).statusCode).toBe(200);
      expect(await statusOf(order.id)).toMatchObject({
        status: 'failed',
        failure_message: 'Your card has insufficient funds.',
      });
    });
  });
});
