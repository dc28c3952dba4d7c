import { REFUND_GIVE_UP_HOURS } from '@fotodrop/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RefundAnswer, RefundLookup } from '../src/adapters/payments/payment-provider';
import { paymentRegistry } from '../src/adapters/payments/payment-registry';
import { testPaymentProvider } from '../src/adapters/payments/test-provider';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, logInAsDemoOrganiser, startHarness } from './harness';
import { payCart } from './orders-fixture';
import { addPhoto, runnerWithAlbum, seededMarathon } from './photos';

/**
 * How the provider's refund call behaves: as it is; no answer (a timeout: nothing made); the
 * refund made but its answer lost; taken and left `pending` (nothing made yet).
 */
type RefundFault = 'none' | 'no-answer' | 'answer-lost' | 'pending';
/** How its look-up behaves: as it is, no answer, or "pending" at the provider. */
type LookupFault = 'none' | 'no-answer' | 'pending';

const ORDERS = '/api/organiser/v1/orders/';
const HOUR = 3_600_000;

interface Detail {
  status: string;
  refunded_total: string;
  refundable_total: string;
  refunds: { status: string; failure: string | null; amount: string }[];
  emails: { kind: string }[];
}

/**
 * Issue 19: a refund the provider never answers is asked again with its key, and at the give-up
 * deadline looked up: made → it succeeds once, with its e-mail; not there, or no answer → it fails
 * and the line is refundable again; pending at the provider → it waits. Nothing refunded twice.
 */
describe.each(BACKENDS)('refunds the provider never answers on %s', (backend) => {
  let h: Harness;
  let refundFault: RefundFault = 'none';
  let lookupFault: LookupFault = 'none';
  let owner: string;
  let buyer: string;
  let albumId: number;
  let photo: number;
  const mailer = collectingMailer();

  beforeAll(async () => {
    h = await startHarness(backend, {
      mailer,
      payments: (db) => {
        const real = testPaymentProvider(db);
        return paymentRegistry({
          stripe: null,
          mercadoPago: null,
          test: {
            ...real,
            async refund(ref, amount, key): Promise<RefundAnswer> {
              if (refundFault === 'no-answer') throw new Error('timeout: the provider did not answer');
              if (refundFault === 'pending') return { refundRef: 'tr_waiting', pending: true };
              const answer = await real.refund(ref, amount, key);
              if (refundFault === 'answer-lost') throw new Error('connection reset before the answer');
              return answer;
            },
            async findRefund(ref, wanted): Promise<RefundLookup> {
              if (lookupFault === 'no-answer') throw new Error('timeout: the provider did not answer');
              if (lookupFault === 'pending') return { state: 'pending', refundRef: 'tr_waiting' };
              return real.findRefund(ref, wanted);
            },
          },
        });
      },
    });
    await registerMailWorker(h.jobs, mailer);
    const marathon = await seededMarathon(h);
    photo = await addPhoto(h, marathon.place(), 0);
    ({ token: buyer, albumId } = await runnerWithAlbum(h, 'ada.buyer@example.com'));
    owner = await logInAsDemoOrganiser(h.app);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    refundFault = 'none';
    lookupFault = 'none';
    h.clock.now = new Date();
    mailer.sent.length = 0;
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    await h.database.executeSql('delete from test_payment_refunds', []);
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token: buyer });
  });

  const send = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(h.app, method, url, body, { token: owner });
  const detail = async (id: number) => (await send('GET', `${ORDERS}${id}/`)).body as unknown as Detail;
  const refund = (id: number) => send('POST', `${ORDERS}${id}/refund/`, { reason: 'Wrong runner' });
  const providerRefunds = async () =>
    Number(
      (
        (await h.database.executeSql('select count(*) as n from test_payment_refunds', [])).rows[0] as {
          n: unknown;
        }
      ).n,
    );
  const purchased = async () =>
    (
      (await call(h.app, 'GET', `/api/v3/checkins/${albumId}/all-medias/`, undefined, { token: buyer })).body
        .results as { id: number; is_purchased: boolean }[]
    ).some((m) => m.id === photo && m.is_purchased);
  const later = (hours: number) => {
    h.clock.now = new Date(h.clock.now.getTime() + hours * HOUR);
  };
  const refundMails = () => mailer.sent.filter((m) => /refund/i.test(`${m.subject}`)).length;

  /** The buyer pays the photo by card; the order's id. */
  async function buy(): Promise<number> {
    await call(
      h.app,
      'POST',
      '/api/cart/digital-items/',
      { checkin_id: albumId, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [photo] },
      { token: buyer },
    );
    return payCart(h.app, buyer);
  }

  it('asks again until the deadline, then gives up: nothing refunded, the line refundable again', async () => {
    const id = await buy();
    refundFault = 'no-answer';
    lookupFault = 'no-answer';
    const first = await refund(id);
    expect(first.status).toBe(502);
    expect(first.body.data).toMatchObject({ pending: true });
    // before the deadline: asked again, still no answer, the line stays taken
    later(1);
    expect(await h.services.orderRefunds.resolvePending()).toBe(1);
    expect((await detail(id)).refunds.map((r) => r.status)).toEqual(['pending']);
    expect((await refund(id)).status).toBe(409);

    later(REFUND_GIVE_UP_HOURS);
    await h.services.orderRefunds.resolvePending();
    const given = await detail(id);
    expect(given.status).toBe('paid');
    expect(given.refunds.map((r) => [r.status, r.failure])).toEqual([['failed', 'unconfirmed']]);
    expect(given.refunded_total).toBe('0.00');
    expect(given.refundable_total).not.toBe('0.00');
    expect(await purchased()).toBe(true);
    expect(await providerRefunds()).toBe(0);
    expect(await h.services.orderRefunds.resolvePending(0)).toBe(0);

    // the organiser refunds again, the provider willing: once
    refundFault = 'none';
    const again = await refund(id);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('refunded');
    expect(await providerRefunds()).toBe(1);
    expect(await purchased()).toBe(false);
  });

  it('gives up when the provider confirms it holds no refund, though it answers', async () => {
    const id = await buy();
    refundFault = 'no-answer';
    await refund(id);
    later(REFUND_GIVE_UP_HOURS + 1);
    await h.services.orderRefunds.resolvePending();
    expect((await detail(id)).refunds.map((r) => r.failure)).toEqual(['unconfirmed']);
    expect(await providerRefunds()).toBe(0);
  });

  it('succeeds once, with its e-mail, when the look-up finds the refund the provider made', async () => {
    const id = await buy();
    refundFault = 'answer-lost';
    expect((await refund(id)).status).toBe(502);
    expect(await providerRefunds()).toBe(1);
    // past the deadline only the look-up is asked (the key may be forgotten): no second refund
    later(REFUND_GIVE_UP_HOURS + 1);
    await Promise.all([h.services.orderRefunds.resolvePending(), h.services.orderRefunds.resolvePending()]);
    const done = await detail(id);
    expect(done.status).toBe('refunded');
    expect(done.refunds.map((r) => r.status)).toEqual(['succeeded']);
    expect(done.emails.filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await providerRefunds()).toBe(1);
    expect(await purchased()).toBe(false);
    await expect.poll(refundMails).toBe(1);
    expect(await h.services.orderRefunds.resolvePending(0)).toBe(0);
    expect(refundMails()).toBe(1);
  });

  it('waits while the provider holds the refund pending, and succeeds when it reports success late', async () => {
    const id = await buy();
    refundFault = 'pending';
    const taken = await refund(id);
    expect(taken.status).toBe(200);
    expect((taken.body as unknown as Detail).refunds.map((r) => r.status)).toEqual(['pending']);
    lookupFault = 'pending';
    later(REFUND_GIVE_UP_HOURS * 3);
    await h.services.orderRefunds.resolvePending();
    // the money may still move: the line stays taken, a manual retry is refused
    expect((await detail(id)).refunds.map((r) => r.status)).toEqual(['pending']);
    expect((await refund(id)).status).toBe(409);
    // a provider acknowledging it and then silent is not given up either
    lookupFault = 'no-answer';
    await h.services.orderRefunds.resolvePending();
    expect((await detail(id)).refunds.map((r) => r.status)).toEqual(['pending']);

    // the provider settles it: the look-up finds it made
    const ref = (
      (await h.database.executeSql('select provider_ref from payments where order_id = $1', [id]))
        .rows[0] as {
        provider_ref: string;
      }
    ).provider_ref;
    const { idempotency_key: key, amount } = (
      await h.database.executeSql('select idempotency_key, amount from refunds where order_id = $1', [id])
    ).rows[0] as { idempotency_key: string; amount: number };
    refundFault = 'none';
    lookupFault = 'none';
    await testPaymentProvider(h.database.db).refund(ref, amount, key);
    await h.services.orderRefunds.resolvePending();
    const done = await detail(id);
    expect(done.status).toBe('refunded');
    expect(done.refunds.map((r) => r.status)).toEqual(['succeeded']);
    expect(await providerRefunds()).toBe(1);
    await expect.poll(refundMails).toBe(1);
  });

  it('refunds once when the give-up and a manual retry run together', async () => {
    const id = await buy();
    refundFault = 'no-answer';
    lookupFault = 'no-answer';
    await refund(id);
    later(REFUND_GIVE_UP_HOURS + 1);
    refundFault = 'none';
    const [, retry] = await Promise.all([h.services.orderRefunds.resolvePending(), refund(id)]);
    // the retry either waited for the give-up and refunded, or came first and found the line taken
    expect([200, 409]).toContain(retry.status);
    if (retry.status === 409) expect((await refund(id)).status).toBe(200);
    const done = await detail(id);
    expect(done.status).toBe('refunded');
    expect(done.refunds.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    expect(await providerRefunds()).toBe(1);
  });
});
