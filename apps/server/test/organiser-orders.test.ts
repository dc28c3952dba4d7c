import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RefundRefusedError } from '../src/adapters/payments/payment-provider';
import { paymentRegistry } from '../src/adapters/payments/payment-registry';
import { testPaymentProvider } from '../src/adapters/payments/test-provider';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, logInAsDemoOrganiser, startHarness } from './harness';
import { payCart } from './orders-fixture';
import { addDemoBankAccount, addPhoto, runnerWithAlbum, seededMarathon } from './photos';

/** How the provider's refund call behaves: as it is, refusing, or losing its answer (a crash). */
type Fault = 'none' | 'refuse' | 'answer-lost' | 'killed-before';

const ORDERS = '/api/organiser/v1/orders/';

interface Detail {
  id: number;
  status: string;
  grand_total: string;
  events: { slug: string; name: string }[];
  refunded_total: string;
  refundable_total: string;
  lines: { id: number; total: string; refundable: string; refunded: string; media_ids: number[] }[];
  refunds: { status: string; amount: string }[];
  emails: { kind: string }[];
  print_hold: string;
}

/**
 * Issue 19: the console's orders — list and filters, the accounting CSV, the detail — and refunds
 * under faults: double clicks, a provider that says no, a process killed mid-refund.
 */
describe.each(BACKENDS)('organiser orders on %s', (backend) => {
  let h: Harness;
  let fault: Fault = 'none';
  let owner: string;
  let buyer: string;
  let albumId: number;
  let orgId: number;
  const mine: number[] = [];
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
            async refund(ref, amount, key) {
              if (fault === 'refuse') throw new RefundRefusedError('Insufficient balance.');
              if (fault === 'killed-before') throw new Error('process killed before the call left');
              const answer = await real.refund(ref, amount, key);
              if (fault === 'answer-lost') throw new Error('process killed before the answer was read');
              return answer;
            },
          },
        });
      },
    });
    await registerMailWorker(h.jobs, mailer);
    const marathon = await seededMarathon(h);
    for (const shade of [0, 1, 2]) mine.push(await addPhoto(h, marathon.place(), shade));
    ({ token: buyer, albumId } = await runnerWithAlbum(h, 'ada.buyer@example.com'));
    owner = await logInAsDemoOrganiser(h.app);
    orgId = (
      (await h.database.executeSql('select organisation_id from photo_services where id = $1', [marathon.id]))
        .rows[0] as { organisation_id: number }
    ).organisation_id;
    await addDemoBankAccount(h);
    // the VAT of the CSV is the selling organisation's country's
    await h.database.executeSql("update organisations set country = 'IT' where id = $1", [orgId]);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    fault = 'none';
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    await h.database.executeSql('delete from voucher_redemptions', []);
    await h.database.executeSql('delete from test_payment_refunds', []);
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token: buyer });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, token = owner) =>
    call(h.app, method, url, body, { token });
  const count = async (sql: string, values: unknown[] = []) =>
    Number(((await h.database.executeSql(sql, values)).rows[0] as { n: unknown }).n);

  /** The buyer pays these photos by card (one PHOTOLIST line per call of `pick`). */
  async function buy(ids: number[], body: Record<string, unknown> = {}): Promise<number> {
    const picked = await call(
      h.app,
      'POST',
      '/api/cart/digital-items/',
      { checkin_id: albumId, gallery_id: null, order_type: 'PHOTOLIST', media_ids: ids },
      { token: buyer },
    );
    expect(picked.status).toBe(201);
    return payCart(h.app, buyer, body);
  }
  const detail = async (id: number) => (await send('GET', `${ORDERS}${id}/`)).body as unknown as Detail;
  const purchased = async () =>
    (
      (await call(h.app, 'GET', `/api/v3/checkins/${albumId}/all-medias/`, undefined, { token: buyer })).body
        .results as { id: number; is_purchased: boolean }[]
    )
      .filter((m) => m.is_purchased)
      .map((m) => m.id)
      .sort();
  const providerRefunds = () => count('select count(*) as n from test_payment_refunds');

  it('finds an order by e-mail or number, filters it, and exports its lines with sums that match', async () => {
    const id = await buy(mine.slice(0, 2), { voucher_code: 'PROMO20' });
    const list = async (query: string) =>
      (
        (await send('GET', `${ORDERS}?organisation_id=${orgId}${query}`)).body.results as { id: number }[]
      ).map((o) => o.id);
    expect(await list('&q=ada.buyer')).toEqual([id]);
    expect(await list(`&q=${id}`)).toEqual([id]);
    expect(await list('&q=nobody@example.com')).toEqual([]);
    expect(await list('&status=paid&payment_method=stripe&event=5e1a0c3d')).toEqual([id]);
    expect(await list('&status=refunded')).toEqual([]);
    expect(await list('&payment_method=bank-transfer')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(`&from=2020-01-01&to=2099-12-31`)).toEqual([id]);
    expect(await list(`&from=2099-01-01`)).toEqual([]);
    expect((await send('GET', `${ORDERS}?organisation_id=${orgId}&from=${today}&to=2020-01-01`)).status).toBe(
      400,
    );

    const csv = await send('GET', `${ORDERS}?organisation_id=${orgId}&format=csv`);
    expect(csv.raw.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const cell = (row: string, name: string) => row.split(',')[columns.indexOf(name)]!;
    expect(rows.length).toBe(1);
    const order = await detail(id);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const sum = rows.reduce((s, r) => s + cents(cell(r, 'amount')), 0);
    expect(sum).toBe(cents(order.grand_total));
    expect(cell(rows[0]!, 'order_total')).toBe(order.grand_total);
    // the line's album's event, by name
    expect(order.events).toHaveLength(1);
    expect(cell(rows[0]!, 'event')).toBe(order.events[0]!.name);
    expect(cell(rows[0]!, 'vat_rate')).toBe('22');
    // the VAT inside the amount at Italy's 22 %
    expect(cents(cell(rows[0]!, 'vat_amount'))).toBe(Math.round((sum * 22) / 122));
  });

  it('refunds a line: its photo stops downloading, the other order keeps its own, the buyer is told', async () => {
    await buy([mine[0]!]);
    const id = await buy([mine[1]!]);
    expect(await purchased()).toEqual([mine[0]!, mine[1]!].sort());
    const order = await detail(id);
    const refunded = await send('POST', `${ORDERS}${id}/refund/`, {
      lines: [order.lines[0]!.id],
      reason: 'Wrong runner',
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.status).toBe('refunded');
    expect(await purchased()).toEqual([mine[0]!]);
    expect(await providerRefunds()).toBe(1);
    await expect.poll(() => mailer.sent.some((m) => m.subject === `Fotodrop order ${id}: refund`)).toBe(true);
    // nothing is left of it to refund
    const again = await send('POST', `${ORDERS}${id}/refund/`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_refunded');
  });

  it('refunds by line with the discount shared, then the rest: partially refunded, then refunded', async () => {
    const id = await buy(mine, { voucher_code: 'PROMO20' });
    // one pick of three photos is one line; refund it whole through "no lines"
    const order = await detail(id);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]!.refundable).toBe(order.grand_total);
    const done = await send('POST', `${ORDERS}${id}/refund/`, { reason: 'Customer asked' });
    expect(done.body.status).toBe('refunded');
    expect(done.body.refunded_total).toBe(order.grand_total);
    expect(await purchased()).toEqual([]);
    // My orders says so, in the participant's words
    const mineNow = await call(h.app, 'GET', `/api/v3/orders/${id}/`, undefined, { token: buyer });
    expect(mineNow.body.status).toBe('refunded');
  });

  it('refunds once when the same line is asked 20 times at once', async () => {
    const id = await buy([mine[0]!]);
    const line = (await detail(id)).lines[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('POST', `${ORDERS}${id}/refund/`, { lines: [line], reason: 'Double click' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await providerRefunds()).toBe(1);
    expect(await count('select count(*) as n from refunds where status = $1', ['succeeded'])).toBe(1);
    expect((await detail(id)).status).toBe('refunded');
  });

  it('leaves the order as it was when the provider refuses, and says so', async () => {
    const id = await buy([mine[0]!]);
    fault = 'refuse';
    const refused = await send('POST', `${ORDERS}${id}/refund/`, { reason: 'Duplicate' });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('refund_failed');
    expect(refused.body.message).toMatch(/Insufficient balance/);
    const order = await detail(id);
    expect(order.status).toBe('paid');
    expect(order.refunded_total).toBe('0.00');
    expect(order.refunds.map((r) => r.status)).toEqual(['failed']);
    expect(await purchased()).toEqual([mine[0]!]);
    // a later try, the provider willing, refunds
    fault = 'none';
    expect((await send('POST', `${ORDERS}${id}/refund/`, { reason: 'Duplicate' })).body.status).toBe(
      'refunded',
    );
  });

  it.each(['answer-lost', 'killed-before'] as const)(
    'is consistent after a restart when the process died mid-refund (%s)',
    async (kind) => {
      const id = await buy([mine[0]!]);
      fault = kind;
      const lost = await send('POST', `${ORDERS}${id}/refund/`, { reason: 'Crash' });
      expect(lost.status).toBe(502);
      // until the provider's answer is known the order is unchanged and the refund pending
      expect((await detail(id)).status).toBe('paid');
      expect(await purchased()).toEqual([mine[0]!]);
      expect(await providerRefunds()).toBe(kind === 'answer-lost' ? 1 : 0);
      // a double click meanwhile is refused: the line's refund is under way
      expect((await send('POST', `${ORDERS}${id}/refund/`, { reason: 'Again' })).status).toBe(409);
      // what the restarted process runs at start: pending refunds asked again with their key
      fault = 'none';
      expect(await h.services.orderRefunds.resolvePending(0)).toBe(1);
      expect(await providerRefunds()).toBe(1);
      const order = await detail(id);
      expect(order.status).toBe('refunded');
      expect(order.refunds.map((r) => r.status)).toEqual(['succeeded']);
      expect(await purchased()).toEqual([]);
      expect(await h.services.orderRefunds.resolvePending(0)).toBe(0);
    },
  );

  it('marks a bank transfer paid and sends its e-mail again, a few times an hour', async () => {
    const id = await buy([mine[2]!], { payment_method: 'bank-transfer' });
    expect((await detail(id)).status).toBe('pending');
    const paid = await send('POST', `${ORDERS}${id}/mark-paid/`);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect(await purchased()).toEqual([mine[2]!]);
    expect((await send('POST', `${ORDERS}${id}/mark-paid/`)).status).toBe(409);
    for (let i = 0; i < 3; i++) expect((await send('POST', `${ORDERS}${id}/resend/`)).status).toBe(200);
    expect((await send('POST', `${ORDERS}${id}/resend/`)).status).toBe(429);
    expect((await detail(id)).emails.filter((e) => e.kind === 'resend')).toHaveLength(3);
  });

  it('holds a print order for review until released, or cancels its prints with a refund', async () => {
    expect(
      (
        await send('PATCH', `/api/organiser/v1/organisations/${orgId}/order-settings/`, {
          print_hold_hours: 24,
        })
      ).body,
    ).toEqual({
      print_hold_hours: 24,
    });
    const withPrints = async () => {
      const id = await buy([mine[1]!]);
      // a print line of the bought photo, as the lab reads it
      await h.database.executeSql(
        `insert into order_lines (order_id, kind, description, quantity, total, media_ids, print)
         values ($1, 'print', 'Photo prints 10x15', 1, 0, '{}', $2)`,
        [
          id,
          JSON.stringify({
            productId: 1,
            variantId: 1,
            title: 'Photo prints',
            options: {},
            sizeMm: null,
            photos: [{ photo_id: mine[1], quantity: 1 }],
            unitPrice: 0,
          }),
        ],
      );
      await h.services.orderCompletion.fulfil(id);
      return id;
    };
    const first = await withPrints();
    expect((await detail(first)).print_hold).toBe('held');
    expect((await send('POST', `${ORDERS}${first}/release/`)).body.print_hold).toBe('released');
    expect((await send('POST', `${ORDERS}${first}/release/`)).status).toBe(409);

    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    const second = await withPrints();
    const cancelled = await send('POST', `${ORDERS}${second}/cancel-print/`, { reason: 'Blurred photo' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.print_hold).toBe('cancelled');
    expect(cancelled.body.status).toBe('partially_refunded');
    // the digital photo stays bought
    expect(await purchased()).toEqual([mine[1]!]);

    // a refund of a held order's print lines through the refund call cancels the hold too
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    const third = await withPrints();
    const printLine = (await detail(third)).lines.find((l) => l.media_ids.length === 0)!.id;
    const byRefund = await send('POST', `${ORDERS}${third}/refund/`, {
      lines: [printLine],
      reason: 'No prints',
    });
    expect(byRefund.body.print_hold).toBe('cancelled');
    expect(await h.services.organiserOrderActions.releaseDue()).toBe(0);
    await send('PATCH', `/api/organiser/v1/organisations/${orgId}/order-settings/`, { print_hold_hours: 0 });
  });
});
