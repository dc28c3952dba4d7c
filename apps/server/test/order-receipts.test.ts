import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/adapters/mail/mailer';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, startHarness } from './harness';
import { addDemoBankAccount, addPhoto, runnerWithAlbum, seededMarathon } from './photos';

/** Minor units of a receipt figure "29.70 EUR" / "-5.94 EUR". */
const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * A sent receipt read back as a reader would: its figure rows ("label: 12.34 EUR"), which are the
 * lines, then perhaps the subtotal, discount, shipping and handling, and the total last.
 */
function receiptOf(mail: MailMessage, totalLabel: string) {
  const rows = mail.text
    .split('\n')
    .map((line) => /^(.+): (-?\d+\.\d{2}) EUR(?: \((.+)\))?$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, label, value, note]) => ({ label: label!, value: cents(value!), note }));
  const totalAt = rows.findIndex((r) => r.label === totalLabel);
  const amount = rows.findIndex((r) => r.label === 'Amount');
  const figures = rows.slice(amount + 1, totalAt);
  const lines = figures.filter((r) => r.note === 'VAT incl.');
  const after = figures.filter((r) => r.note === undefined && r.label !== 'Subtotal');
  return { rows, lines, after, total: rows[totalAt]?.value, text: mail.text };
}

/** Issue 17 item 5: every order e-mail lists what was charged, and its figures add up to its total. */
describe.each(BACKENDS)('order receipts on %s', (backend) => {
  let h: Harness;
  let mailer: ReturnType<typeof collectingMailer>;
  let token: string;
  let albumId: number;
  const mine: number[] = [];

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(h.app, method, `/api${url}`, body, { token });
  const pick = (ids: number[]) =>
    send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: ids,
    });
  const address = {
    first_name: 'Ada',
    last_name: 'Runner',
    email: 'ada@example.com',
    phone: '+39 333 000000',
    street: 'Via Roma',
    number: '1',
    zip_code: '20100',
    city: 'Milano',
    country: 'IT',
  };
  /** Pays the cart by card and answers the purchase e-mail of the order. */
  async function payAndRead(body: Record<string, unknown> = {}) {
    const created = await send('POST', '/v3/orders/', { payment_method: 'stripe', ...body });
    expect(created.status).toBe(201);
    const order = created.body.order as { id: number; grand_total: string };
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await send('POST', `/test-payments/v1/intents/${intent}/confirm/`, { card_number: TEST_CARDS.succeeds });
    const confirmed = await send('POST', '/v3/orders/confirm-payment/', {
      transaction_id: intent,
      payment_method: 'stripe',
    });
    expect(confirmed.body.status).toBe('paid');
    // the fulfilment job's work (the harness runs no fulfilment worker): the purchase e-mail
    await h.services.orderCompletion.fulfil(order.id);
    return { order, mail: await mailTo(`Your Fotodrop order ${order.id}`) };
  }
  async function mailTo(subject: string): Promise<MailMessage> {
    for (let i = 0; i < 100; i++) {
      const found = mailer.sent.find((m) => m.subject === subject);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail "${subject}"; sent: ${mailer.sent.map((m) => m.subject).join(', ')}`);
  }
  async function addPrints(photoId: number, quantity: number) {
    const all = (await send('GET', '/print/api/v1/products/?include_variants_with_price=true')).body
      .results as { id: number; title: string; product_variant_options: { options: { id: number }[] }[] }[];
    const prints = all.find((p) => p.title === 'Photo prints')!;
    const added = await send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: prints.id,
      variant_option_ids: prints.product_variant_options.map((g) => g.options[0]!.id),
      photos: [{ photo_id: photoId, quantity }],
      add_to_cart: true,
    });
    expect(added.status).toBe(200);
  }

  beforeAll(async () => {
    mailer = collectingMailer();
    h = await startHarness(backend, { mailer });
    await registerMailWorker(h.jobs, mailer);
    const marathon = await seededMarathon(h);
    const first = await addPhoto(h, marathon.place(), 0);
    // 9 more rows of that photo: figures read rows; the 10 photos cost 44.90 by the list, 39.90 as a package
    const copies = (
      await h.database.executeSql(
        `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
         select photo_service_id, gallery_id, type, status, tags, width, height, now() - make_interval(days => n)
           from media, generate_series(1, 9) n where id = $1 returning id`,
        [first],
      )
    ).rows as { id: number }[];
    mine.push(first, ...copies.map((r) => r.id));
    ({ token, albumId } = await runnerWithAlbum(h));
    await addDemoBankAccount(h);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    // Each order buys again what the last one bought: nothing owned, nothing open.
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    await h.database.executeSql('delete from album_entitlements', []);
    await h.database.executeSql('delete from voucher_redemptions', []);
    await send('DELETE', '/cart/');
  });

  it('with a voucher: each line, the discount with its code, and a total they add up to', async () => {
    await pick(mine.slice(0, 3));
    const { order, mail } = await payAndRead({ voucher_code: 'PROMO20' });
    const receipt = receiptOf(mail, 'Total paid');
    // 3 photos 29.70, 20% off: 23.76 — the 5.94 says where it went
    expect(receipt.lines).toEqual([
      { label: 'Lakeside City Marathon — 3 photos', value: 2970, note: 'VAT incl.' },
    ]);
    expect(receipt.after).toEqual([{ label: 'Discount (PROMO20)', value: -594, note: undefined }]);
    expect(receipt.total).toBe(cents(order.grand_total));
    expect(receipt.total).toBe(2376);
    expect([...receipt.lines, ...receipt.after].reduce((s, r) => s + r.value, 0)).toBe(receipt.total);
    expect(mail.html).toContain('Discount (PROMO20)');
  });

  it('with prints: shipping and handling listed, the address and the delivery estimate, figures adding up', async () => {
    await pick([mine[0]!]);
    await addPrints(mine[0]!, 1);
    const { order, mail } = await payAndRead({ shipping_address: address });
    const receipt = receiptOf(mail, 'Total paid');
    expect(receipt.lines.map((l) => l.label)).toEqual(['Lakeside City Marathon — 1 photo', 'Photo prints']);
    expect(receipt.after.map((r) => r.label)).toEqual(expect.arrayContaining(['Shipping']));
    expect(receipt.after.find((r) => r.label === 'Shipping')!.value).toBeGreaterThan(0);
    const sum = [...receipt.lines, ...receipt.after].reduce((s, r) => s + r.value, 0);
    expect(sum).toBe(receipt.total);
    expect(receipt.total).toBe(cents(order.grand_total));
    expect(mail.text).toContain(
      'Shipping address\n\nAda Runner\nVia Roma 1\n20100 Milano\nItaly\n+39 333 000000',
    );
    expect(mail.text).toMatch(/Estimated delivery of your prints: \w+ \d+, \d{4} to \w+ \d+, \d{4}\./);
  });

  it('with a package: the package line and the total it is', async () => {
    await pick(mine);
    const pack = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'ALL_PHOTOS',
      media_ids: [],
    });
    expect(pack.status).toBe(201);
    const { order, mail } = await payAndRead();
    const receipt = receiptOf(mail, 'Total paid');
    expect(receipt.lines).toEqual([
      { label: 'Lakeside City Marathon — all photos', value: 3990, note: 'VAT incl.' },
    ]);
    expect(receipt.after).toEqual([]);
    expect(receipt.total).toBe(cents(order.grand_total));
    expect(receipt.total).toBe(3990);
  });

  it('the bank-transfer e-mail carries the same receipt, its total the amount to transfer', async () => {
    await pick(mine.slice(0, 2));
    await addPrints(mine[0]!, 2);
    const created = await send('POST', '/v3/orders/', {
      payment_method: 'bank-transfer',
      voucher_code: 'PROMO20',
      shipping_address: address,
    });
    expect(created.status).toBe(201);
    const order = created.body.order as { id: number; grand_total: string };
    const mail = await mailTo(`Fotodrop order ${order.id}: bank transfer details`);
    const receipt = receiptOf(mail, 'Total to pay');
    expect(receipt.rows.find((r) => r.label === 'Amount')?.value).toBe(cents(order.grand_total));
    expect(receipt.lines.map((l) => l.label)).toEqual(['Lakeside City Marathon — 2 photos', 'Photo prints']);
    expect(receipt.after.map((r) => r.label)).toEqual(
      expect.arrayContaining(['Discount (PROMO20)', 'Shipping']),
    );
    const sum = [...receipt.lines, ...receipt.after].reduce((s, r) => s + r.value, 0);
    expect(sum).toBe(receipt.total);
    expect(receipt.total).toBe(cents(order.grand_total));
    expect(mail.text).toContain(
      'Your prints are delivered 5 to 10 working days after your transfer arrives.',
    );
    expect(mail.text).toContain('Via Roma 1');
  });
});
