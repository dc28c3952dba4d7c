import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../src/adapters/password-hasher';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto, seededMarathon } from './photos';

/** Argon2 costs ~50 ms a hash; these tests sign up a dozen buyers and only need them to exist. */
const plainHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hashed, password) => hashed === `plain:${password}`,
};

const BUYERS = 12;
type Created = {
  status: number;
  body: {
    order: { id: number; discount_total: string; status: string };
    payment: { client_secret: string | null };
    message?: string;
    data?: { fields?: Record<string, string[]> };
  };
};

/**
 * Issue 17, item 2: the demo's one-use voucher `WELCOME5` (max_uses 1) is held by the first order
 * that uses it from the moment the order is made, given back when that order fails, is cancelled,
 * replaced or expires, and checked again when the payment arrives.
 */
describe.each(BACKENDS)('one-use vouchers held by unpaid orders on %s', (backend) => {
  let h: Harness;
  const tokens: string[] = [];
  const albums: number[] = [];
  let photo: number;
  let place: ReturnType<Awaited<ReturnType<typeof seededMarathon>>['place']>;

  beforeAll(async () => {
    h = await startHarness(backend, { hasher: plainHasher });
    const marathon = await seededMarathon(h);
    place = marathon.place();
    photo = await addPhoto(h, place, 0);
    for (let i = 0; i < BUYERS; i++) {
      const token = (
        await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: `buyer${i}@example.com` })
      ).body.token as string;
      expect(token).toBeTruthy();
      tokens.push(token);
      albums.push(
        (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
          .id as number,
      );
    }
  });
  afterAll(() => h?.close());

  beforeEach(async () => {
    h.clock.now = new Date();
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    for (const [i, token] of tokens.entries()) {
      await call(h.app, 'DELETE', '/api/cart/', undefined, { token });
      const album = albums[i];
      const added = await call(
        h.app,
        'POST',
        '/api/cart/digital-items/',
        { checkin_id: album, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [photo] },
        { token },
      );
      expect(added.status).toBe(201);
    }
  });

  const order = async (token: string, voucher: string | null = 'WELCOME5'): Promise<Created> =>
    (await call(
      h.app,
      'POST',
      '/api/v3/orders/',
      { payment_method: 'stripe', ...(voucher ? { voucher_code: voucher } : {}) },
      { token },
    )) as unknown as Created;
  const refusedAsUsed = (res: Created) => {
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Promotion already used');
    expect(res.body.data?.fields?.voucher_code).toEqual(['voucher.used']);
  };
  const uses = async () =>
    (
      (
        await h.database.executeSql(
          "select count(*)::int as n from voucher_redemptions r join vouchers v on v.id = r.voucher_id where v.code = 'WELCOME5'",
          [],
        )
      ).rows[0] as { n: number }
    ).n;

  it(`${BUYERS} buyers ordering at once: exactly one gets the discount`, async () => {
    const results = await Promise.all(tokens.map((t) => order(t)));
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.order.discount_total).toBe('5.00');
    for (const r of results.filter((r) => r.status !== 201)) refusedAsUsed(r);
    expect(await uses()).toBe(1);
    // The losers' orders were not stored (the order and its hold are one transaction).
    expect(
      ((await h.database.executeSql('select count(*)::int as n from orders', [])).rows[0] as { n: number }).n,
    ).toBe(1);
  });

  it('one after another: the second buyer is refused while the first order is unpaid', async () => {
    const first = await order(tokens[0]!);
    expect(first.status).toBe(201);
    refusedAsUsed(await order(tokens[1]!));
    const cart = await call(h.app, 'GET', '/api/v1/cart/?voucher_code=WELCOME5', undefined, {
      token: tokens[1]!,
    });
    expect((cart.body.voucher as { status: string }).status).toBe('used');
    // The holder itself may press pay again (a new card, another method): its new order keeps the use.
    const again = await order(tokens[0]!, 'WELCOME5');
    expect(again.status).toBe(201);
    const transfer = (await call(
      h.app,
      'POST',
      '/api/v3/orders/',
      { payment_method: 'bank-transfer', voucher_code: 'WELCOME5' },
      { token: tokens[0]! },
    )) as unknown as Created;
    expect([201, 400]).toContain(transfer.status);
    expect(await uses()).toBe(1);
  });

  it('a cancelled order gives its use back, and so does an expired one', async () => {
    const first = await order(tokens[0]!);
    refusedAsUsed(await order(tokens[1]!));
    const cancelled = await call(h.app, 'POST', `/api/v3/orders/${first.body.order.id}/cancel/`, undefined, {
      token: tokens[0]!,
    });
    expect(cancelled.status).toBe(200);
    expect(await uses()).toBe(0);
    const second = await order(tokens[1]!);
    expect(second.status).toBe(201);
    expect(second.body.order.discount_total).toBe('5.00');
    refusedAsUsed(await order(tokens[2]!));
    // The second buyer walks away; after the payment timeout the order expires and the code is free.
    h.clock.now = new Date(Date.now() + 16 * 60_000);
    expect(await h.services.orderPayments.expire(second.body.order.id)).toBe(true);
    expect(await uses()).toBe(0);
    const third = await order(tokens[2]!);
    expect(third.status).toBe(201);
    expect(third.body.order.discount_total).toBe('5.00');
  });

  it('a declined payment gives the use back; a payment that succeeds after someone else took it is refunded', async () => {
    const first = await order(tokens[0]!);
    const intent = first.body.payment.client_secret!;
    await call(
      h.app,
      'POST',
      `/api/test-payments/v1/intents/${intent}/confirm/`,
      { card_number: TEST_CARDS.declines },
      { token: tokens[0]! },
    );
    expect(await uses()).toBe(0);
    const second = await order(tokens[1]!);
    expect(second.status).toBe(201);
    // The first buyer's retry on the provider's side succeeds after all: checked again at payment.
    await h.database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
      intent,
    ]);
    await h.services.orders.syncPayment('test', intent);
    const row = (
      await h.database.executeSql('select refunded, amount from test_payment_intents where id = $1', [intent])
    ).rows[0] as { refunded: number; amount: number };
    expect(row.refunded).toBe(row.amount);
    const firstNow = await call(h.app, 'GET', `/api/v3/orders/${first.body.order.id}/`, undefined, {
      token: tokens[0]!,
    });
    expect(firstNow.body.status).not.toBe('paid');
    // The second buyer pays and keeps the use for good.
    const paid = second.body.payment.client_secret!;
    await call(
      h.app,
      'POST',
      `/api/test-payments/v1/intents/${paid}/confirm/`,
      { card_number: TEST_CARDS.succeeds },
      { token: tokens[1]! },
    );
    expect(await uses()).toBe(1);
    refusedAsUsed(await order(tokens[3]!));
  });

  it('once per account under concurrency: a payment arriving while the same account presses pay again uses it once', async () => {
    await h.database.executeSql(
      "insert into vouchers (code, kind, value, max_uses_per_account) values ('ONCEEACH', 'percent', 10, 1) on conflict do nothing",
      [],
    );
    const mine = async (buyer: number) =>
      (
        (
          await h.database.executeSql(
            `select count(*)::int as n from voucher_redemptions r join vouchers v on v.id = r.voucher_id
             join users u on u.id = r.user_id where v.code = 'ONCEEACH' and u.email = $1`,
            [`buyer${buyer}@example.com`],
          )
        ).rows[0] as { n: number }
      ).n;
    const another = await addPhoto(h, place, 1);
    // a few accounts, each its own race: their first order's payment against ten new presses
    for (const buyer of [0, 1, 2]) {
      const token = tokens[buyer]!;
      const first = await order(token, 'ONCEEACH');
      expect(first.status).toBe(201);
      const intent = first.body.payment.client_secret!;
      await h.database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
        intent,
      ]);
      // another photo in the cart: the new presses are a new order (not a repeat of the first),
      // and something is left to order once the first order's payment takes its photo out
      const added = await call(
        h.app,
        'POST',
        '/api/cart/digital-items/',
        { checkin_id: albums[buyer], gallery_id: null, order_type: 'PHOTOLIST', media_ids: [another] },
        { token },
      );
      expect(added.status).toBe(201);
      const press = () => order(token, 'ONCEEACH');
      const [, ...presses] = await Promise.all([
        h.services.orders.syncPayment('test', intent),
        ...Array.from({ length: 10 }, press),
      ]);
      expect(await mine(buyer)).toBe(1);
      const firstNow = await call(h.app, 'GET', `/api/v3/orders/${first.body.order.id}/`, undefined, {
        token,
      });
      if (firstNow.body.status === 'paid') {
        // the payment came first: every new press is told the account used it
        for (const r of presses) refusedAsUsed(r);
      } else {
        // the new press came first: the late payment is given back, the new order holds the use
        const row = (
          await h.database.executeSql('select refunded, amount from test_payment_intents where id = $1', [
            intent,
          ])
        ).rows[0] as { refunded: number; amount: number };
        expect(row.refunded).toBe(row.amount);
        expect(new Set(presses.map((r) => r.status))).toEqual(new Set([201]));
        expect(new Set(presses.map((r) => r.body.order.id)).size).toBe(1);
      }
    }
  });
});
