import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentInput } from '../src/adapters/payments/payment-provider';
import { ProviderDeclinedError, WebhookSignatureError } from '../src/adapters/payments/payment-provider';
import { type StripePaymentProvider, stripePaymentProvider } from '../src/adapters/payments/stripe-provider';
import { NotFoundError } from '../src/http/errors';
import { paymentCustomersRepository } from '../src/repositories/payment-customers.repository';
import { type FakeStripeApi, startFakeStripeApi } from './fakes/fake-stripe-api';
import { call, type Harness, SIGNUP, startHarness } from './harness';

const WEBHOOK_SECRET = 'whsec_test_secret';

/** The Stripe provider through the official SDK against a local fake of Stripe's API. */
describe('the Stripe payment provider', () => {
  let h: Harness;
  let fake: FakeStripeApi;
  let stripe: StripePaymentProvider;
  let rita: { userId: number; email: string; name: string };
  let otto: { userId: number; email: string; name: string };
  let nextOrder = 1;

  const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
    const orderId = over.orderId ?? nextOrder++;
    return {
      orderId,
      amountMinor: 1990,
      currency: 'EUR',
      method: 'stripe',
      customer: rita,
      saveCard: false,
      idempotencyKey: `order-${orderId}-payment`,
      returnUrl: `http://localhost:8080/checkout/complete?order=${orderId}`,
      description: `Fotodrop order ${orderId}`,
      ...over,
    };
  };

  beforeAll(async () => {
    h = await startHarness('pglite');
    fake = await startFakeStripeApi();
    stripe = stripePaymentProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      customers: paymentCustomersRepository(h.database.db),
      ...fake.connection,
    });
    await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP);
    await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'otto@example.com' });
    const users = (await h.database.executeSql('select id, email from users order by id')).rows as {
      id: number;
      email: string;
    }[];
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    rita = { userId: idOf(SIGNUP.email), email: SIGNUP.email, name: 'Rita Runner' };
    otto = { userId: idOf('otto@example.com'), email: 'otto@example.com', name: 'Otto' };
  });
  afterAll(async () => {
    await fake?.close();
    await h?.close();
  });

  it('creates one card intent per idempotency key, for the order, on the user’s one customer', async () => {
    const first = await stripe.create(input({ orderId: 501 }));
    const retry = await stripe.create(input({ orderId: 501 }));
    expect(retry.providerRef).toBe(first.providerRef);
    expect(first).toMatchObject({
      status: 'requires_action',
      amountMinor: 1990,
      currency: 'EUR',
      redirectUrl: null,
    });
    expect(first.clientSecret).toMatch(new RegExp(`^${first.providerRef}_secret_`));

    const intent = fake.intents.get(first.providerRef)!;
    expect(intent.metadata).toEqual({ order_id: '501' });
    expect(intent.allowed_payment_method_types).toEqual(['card']);
    expect(fake.intents.size).toBe(1);
    const creates = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(creates.map((r) => r.idempotencyKey)).toEqual(['order-501-payment', 'order-501-payment']);

    // A second order of the same user reuses the customer stored the first time.
    const second = await stripe.create(input());
    expect(fake.intents.get(second.providerRef)!.customer).toBe(intent.customer);
    expect(fake.customers.size).toBe(1);
    expect(await paymentCustomersRepository(h.database.db).find(rita.userId, 'stripe')).toBe(intent.customer);
  });

  it('maps Stripe’s states and reports the failure message', async () => {
    const { providerRef } = await stripe.create(input());
    fake.settle(providerRef, 'requires_action');
    expect((await stripe.retrieve(providerRef)).status).toBe('requires_action');
    fake.settle(providerRef, 'processing');
    expect((await stripe.retrieve(providerRef)).status).toBe('processing');
    fake.settle(providerRef, 'failed');
    expect(await stripe.retrieve(providerRef)).toMatchObject({
      status: 'failed',
      // our reason, not Stripe's English (issue 17)
      message: 'insufficient_funds',
    });
    fake.settle(providerRef, 'succeeded');
    expect(await stripe.retrieve(providerRef)).toMatchObject({ status: 'succeeded', message: null });
    await expect(stripe.retrieve('pi_unknown')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('keeps a card when asked, then charges the saved card at once', async () => {
    const first = await stripe.create(input({ saveCard: true }));
    expect(fake.intents.get(first.providerRef)!.setup_future_usage).toBe('on_session');
    fake.settle(first.providerRef, 'succeeded');
    const [card] = await stripe.savedCards.list(rita);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', is_default: true });

    const charged = await stripe.create(input({ savedCardId: card!.id }));
    expect(charged.status).toBe('succeeded');
    expect(fake.intents.get(charged.providerRef)!.payment_method).toBe(card!.id);
  });

  it('refuses a declined saved card with Stripe’s message, and another customer’s card', async () => {
    const customer = (await paymentCustomersRepository(h.database.db).find(rita.userId, 'stripe'))!;
    const declining = fake.addCard(customer, '0002');
    fake.declineCard(declining);
    await expect(stripe.create(input({ savedCardId: declining }))).rejects.toThrow(
      new ProviderDeclinedError('insufficient_funds'),
    );
    const before = fake.intents.size;
    await expect(stripe.create(input({ customer: otto, savedCardId: declining }))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(fake.intents.size).toBe(before);
  });

  it('sends an iDEAL payer to the chosen bank and back to our return page', async () => {
    const payment = await stripe.create(input({ method: 'ideal', bank: 'ing' }));
    const intent = fake.intents.get(payment.providerRef)!;
    expect(intent.allowed_payment_method_types).toEqual(['ideal']);
    expect(intent.payment_method_data).toEqual({ type: 'ideal', ideal: { bank: 'ing' } });
    expect(intent.return_url).toMatch(/^http:\/\/localhost:8080\/checkout\/complete\?order=/);
    expect(payment).toMatchObject({
      status: 'requires_action',
      redirectUrl: `https://bank.fake-stripe.test/${intent.id}`,
    });

    const p24 = await stripe.create(input({ method: 'p24', currency: 'PLN', bank: 'mbank_mtransfer' }));
    expect(fake.intents.get(p24.providerRef)!.payment_method_data).toMatchObject({
      type: 'p24',
      p24: { bank: 'mbank_mtransfer' },
      billing_details: { email: rita.email },
    });
    expect(stripe.banks('ideal').map((b) => b.id)).toContain('rabobank');
    expect(stripe.banks('p24').find((b) => b.id === 'blik')?.name).toBe('BLIK');
    expect(stripe.banks('stripe')).toEqual([]);
  });

  it('refunds and cancels with our idempotency keys; cancelling a paid intent changes nothing', async () => {
    const paid = await stripe.create(input());
    fake.settle(paid.providerRef, 'succeeded');
    await stripe.refund(paid.providerRef, 500, 'order-x-refund');
    await stripe.refund(paid.providerRef, 500, 'order-x-refund');
    expect(fake.refunds.filter((r) => r.payment_intent === paid.providerRef).map((r) => r.amount)).toEqual([
      500,
    ]);
    // the look-up past the key's 24 h finds the refund by the key it carries, and only that one
    const made = fake.refunds.find((r) => r.payment_intent === paid.providerRef)!;
    const wanted = { amountMinor: 500, knownRefs: [] };
    expect(
      await stripe.findRefund(paid.providerRef, { ...wanted, idempotencyKey: 'order-x-refund' }),
    ).toEqual({
      state: 'succeeded',
      refundRef: made.id,
    });
    expect(
      await stripe.findRefund(paid.providerRef, { ...wanted, idempotencyKey: 'order-y-refund' }),
    ).toEqual({
      state: 'none',
    });
    made.status = 'pending';
    expect(
      (await stripe.findRefund(paid.providerRef, { ...wanted, idempotencyKey: 'order-x-refund' })).state,
    ).toBe('pending');
    made.status = 'succeeded';

    await stripe.cancel(paid.providerRef, 'order-x-cancel');
    expect((await stripe.retrieve(paid.providerRef)).status).toBe('succeeded');

    const open = await stripe.create(input());
    await stripe.cancel(open.providerRef, 'order-y-cancel');
    expect((await stripe.retrieve(open.providerRef)).status).toBe('canceled');
    expect(fake.requests.at(-2)?.idempotencyKey).toBe('order-y-cancel');
  });

  it('lists, sets the default of and removes only the customer’s own cards', async () => {
    const customer = (await paymentCustomersRepository(h.database.db).find(rita.userId, 'stripe'))!;
    // Otto has a customer and a card of his own.
    await stripe.create(input({ customer: otto }));
    const ottoCustomer = (await paymentCustomersRepository(h.database.db).find(otto.userId, 'stripe'))!;
    const ottosCard = fake.addCard(ottoCustomer, '1881');

    const second = fake.addCard(customer, '5556', 'mastercard');
    const before = await stripe.savedCards.list(rita);
    expect(before.map((c) => c.last4)).toEqual(['4242', '0002', '5556']);
    expect(before.filter((c) => c.is_default).map((c) => c.last4)).toEqual(['4242']);

    expect(await stripe.savedCards.setDefault(rita, second)).toMatchObject({ id: second, is_default: true });
    const after = await stripe.savedCards.list(rita);
    expect(after.filter((c) => c.is_default).map((c) => c.id)).toEqual([second]);

    await expect(stripe.savedCards.setDefault(rita, ottosCard)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stripe.savedCards.detach(rita, ottosCard)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stripe.savedCards.detach(rita, 'pm_nothing')).rejects.toBeInstanceOf(NotFoundError);
    expect((await stripe.savedCards.list(otto)).map((c) => c.id)).toEqual([ottosCard]);

    await stripe.savedCards.detach(rita, second);
    expect((await stripe.savedCards.list(rita)).map((c) => c.last4)).toEqual(['4242', '0002']);
    expect((await stripe.savedCards.list(rita)).filter((c) => c.is_default).map((c) => c.last4)).toEqual([
      '4242',
    ]);
  });

  it('reads payment-intent webhooks signed with the webhook secret, and refuses others', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_123', object: 'payment_intent' } },
    });
    const sign = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(
      await stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': sign(WEBHOOK_SECRET) }),
    ).toEqual({
      providerRef: 'pi_123',
    });
    await expect(
      stripe.parseWebhook(Buffer.from(payload), { 'stripe-signature': sign('whsec_other') }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.parseWebhook(Buffer.from(payload), {})).rejects.toBeInstanceOf(WebhookSignatureError);

    const other = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: other, secret: WEBHOOK_SECRET });
    expect(await stripe.parseWebhook(Buffer.from(other), { 'stripe-signature': header })).toBeNull();
  });
});
