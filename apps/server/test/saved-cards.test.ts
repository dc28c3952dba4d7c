import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRegistry } from '../src/adapters/payments/payment-registry';
import { stripePaymentProvider } from '../src/adapters/payments/stripe-provider';
import { testPaymentProvider } from '../src/adapters/payments/test-provider';
import { paymentCustomersRepository } from '../src/repositories/payment-customers.repository';
import { type FakeStripeApi, startFakeStripeApi } from './fakes/fake-stripe-api';
import { call, type Harness, SIGNUP, startHarness } from './harness';

const CARDS = '/api/payments/v1/stripe/payment-methods/';

/** The saved-card endpoints of the profile and checkout, with Stripe pointed at a local fake. */
describe('saved cards through the API', () => {
  let h: Harness;
  let fake: FakeStripeApi;
  let rita: string;
  let otto: string;

  beforeAll(async () => {
    fake = await startFakeStripeApi();
    h = await startHarness('pglite', {
      payments: (db) =>
        paymentRegistry({
          test: testPaymentProvider(db),
          stripe: stripePaymentProvider({
            secretKey: 'sk_test_fake',
            publishableKey: 'pk_test_fake',
            webhookSecret: 'whsec_x',
            customers: paymentCustomersRepository(db),
            ...fake.connection,
          }),
          mercadoPago: null,
        }),
    });
    rita = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    otto = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'otto@example.com' })).body
      .token as string;
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  /** A Stripe customer with cards, as finished payments with "save card" leave it. */
  async function customerWithCards(email: string, last4s: string[]): Promise<string[]> {
    const users = (await h.database.executeSql('select id from users where email = $1', [email])).rows as {
      id: number;
    }[];
    const userId = users[0]!.id;
    const stripe = h.services.payments.forMethod('stripe')!;
    await stripe.create({
      orderId: userId * 1000,
      amountMinor: 500,
      currency: 'EUR',
      method: 'stripe',
      customer: { userId, email, name: email },
      saveCard: true,
      idempotencyKey: `setup-${userId}`,
      returnUrl: 'http://localhost:8080/checkout/complete',
      description: 'setup',
    });
    const customer = (await paymentCustomersRepository(h.database.db).find(userId, 'stripe'))!;
    return last4s.map((l) => fake.addCard(customer, l));
  }

  it('lists none before the first saved card', async () => {
    const { status, body } = await call(h.app, 'GET', CARDS, undefined, { token: rita });
    expect(status).toBe(200);
    expect(body).toEqual({ results: [] });
    expect((await call(h.app, 'GET', CARDS)).status).toBe(401);
  });

  it('lists, sets the default and removes the user’s own cards; another user’s card is not found', async () => {
    const [first, second] = await customerWithCards(SIGNUP.email, ['4242', '4444']);
    const [ottos] = await customerWithCards('otto@example.com', ['1881']);

    const listed = await call(h.app, 'GET', CARDS, undefined, { token: rita });
    expect(listed.body.results).toEqual([
      { id: first, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, is_default: true },
      { id: second, brand: 'visa', last4: '4444', exp_month: 12, exp_year: 2031, is_default: false },
    ]);

    const made = await call(h.app, 'PATCH', `${CARDS}${second}/set-default/`, undefined, { token: rita });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: second, is_default: true });
    const after = (await call(h.app, 'GET', CARDS, undefined, { token: rita })).body.results as {
      id: string;
      is_default: boolean;
    }[];
    expect(after.filter((c) => c.is_default).map((c) => c.id)).toEqual([second]);

    expect(
      (await call(h.app, 'PATCH', `${CARDS}${ottos}/set-default/`, undefined, { token: rita })).status,
    ).toBe(404);
    expect((await call(h.app, 'POST', `${CARDS}${ottos}/detach/`, undefined, { token: rita })).status).toBe(
      404,
    );
    expect((await call(h.app, 'GET', CARDS, undefined, { token: otto })).body.results).toHaveLength(1);

    const removed = await call(h.app, 'POST', `${CARDS}${first}/detach/`, undefined, { token: rita });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ detail: 'The card was removed.' });
    const left = (await call(h.app, 'GET', CARDS, undefined, { token: rita })).body.results as {
      id: string;
    }[];
    expect(left.map((c) => c.id)).toEqual([second]);
    expect((await call(h.app, 'POST', `${CARDS}${first}/detach/`, undefined, { token: rita })).status).toBe(
      404,
    );
  });
});
