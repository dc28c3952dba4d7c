import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addDemoBankAccount, addPhoto, runnerWithAlbum, seededMarathon, setPhotoPackage } from './photos';

interface OrderBody {
  id: number;
  status: string;
  grand_total: string;
  digital_total: string;
  discount_total: string;
  failure_message: string | null;
  bank_transfer: { reference: string; iban: string; amount: string } | null;
  albums: { checkin_id: number }[];
}

describe.each(BACKENDS)('orders and payments on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  let albumId: number;
  let marathon: Awaited<ReturnType<typeof seededMarathon>>;
  let marathonId: number;
  const mine: number[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    marathon = await seededMarathon(h);
    marathonId = marathon.id;
    for (const shade of [0, 1, 2]) mine.push(await addPhoto(h, marathon.place(), shade));
    ({ token, albumId } = await runnerWithAlbum(h));
    other = (await runnerWithAlbum(h, 'other@example.com')).token;
    await addDemoBankAccount(h);
  });
  afterAll(() => h?.close());

  beforeEach(async () => {
    // Nothing bought, nothing open: each test starts from a cart of its own.
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
    await h.database.executeSql('delete from album_entitlements', []);
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token });
    await h.database.executeSql('update photo_services set media_available_to = $1 where id = $2', [
      new Date(Date.now() + 90 * 86_400_000).toISOString(),
      marathonId,
    ]);
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, t = token) =>
    call(h.app, method, `/api${url}`, body, { token: t });
  const fillCart = async (ids = mine) => {
    const res = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: ids,
    });
    expect(res.status).toBe(201);
  };
  const cartTotal = async () => (await send('GET', '/cart/totals/')).body.grand_total as string;
  const createOrder = (body: Record<string, unknown> = {}, t = token) =>
    send('POST', '/v3/orders/', { payment_method: 'stripe', ...body }, t);
  const payCard = async (intent: string, card: string) =>
    send('POST', `/test-payments/v1/intents/${intent}/confirm/`, { card_number: card });
  const confirm = (intent: string, t = token) =>
    send('POST', '/v3/orders/confirm-payment/', { transaction_id: intent, payment_method: 'stripe' }, t);
  const albumMedia = async () =>
    (await send('GET', `/v3/checkins/${albumId}/all-medias/`)).body.results as {
      id: number;
      is_purchased: boolean;
      preview_url: string;
    }[];
  const count = async (sql: string) =>
    Number(((await h.database.executeSql(sql, [])).rows[0] as { n?: unknown } | undefined)?.n ?? 0);

  it('pays with the success card: the order is paid, the photos unlocked, the cart emptied', async () => {
    await fillCart();
    const total = await cartTotal();
    const created = await createOrder();
    expect(created.status).toBe(201);
    const order = created.body.order as OrderBody;
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    expect(order.status).toBe('awaiting_payment');
    expect(order.grand_total).toBe(total);
    expect(intent).toMatch(/^ti_/);

    expect((await payCard(intent, TEST_CARDS.succeeds)).body.status).toBe('succeeded');
    const confirmed = await confirm(intent);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('paid');

    const media = await albumMedia();
    const bought = media.filter((m) => mine.includes(m.id));
    expect(bought.every((m) => m.is_purchased)).toBe(true);
    expect(bought.every((m) => m.preview_url.includes('preview-clean'))).toBe(true);
    expect((await send('GET', '/cart/digital-items/')).body.results).toEqual([]);
    expect((await send('GET', `/v3/orders/${order.id}/`)).body.status).toBe('paid');
    const list = (await send('GET', '/v3/orders/')).body.results as OrderBody[];
    expect(list.map((o) => o.id)).toEqual([order.id]);
    // Never pay twice for a photo.
    const again = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [mine[0]],
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('already_bought');
    // …but prints of bought photos need no cart line (albums spec §2: prints from earlier purchases).
    const prints = (
      (await send('GET', '/print/api/v1/products/?include_variants_with_price=true')).body.results as {
        id: number;
        title: string;
        product_variant_options: { options: { id: number }[] }[];
      }[]
    ).find((p) => p.title === 'Photo prints')!;
    const printed = await send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: prints.id,
      variant_option_ids: prints.product_variant_options.map((g) => g.options[0]!.id),
      photos: [{ photo_id: mine[0], quantity: 1 }],
      add_to_cart: true,
    });
    expect(printed.status).toBe(200);
    await send('DELETE', '/cart/');
  });

  it('a package unlocks the album, photos arriving later included, and the bought tab counts them', async () => {
    // offered only at or below what the album's 3 photos cost (issue 17)
    await setPhotoPackage(h, marathonId, '19.90');
    const line = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      order_type: 'ALL_PHOTOS',
    });
    expect(line.status).toBe(201);
    const created = await createOrder();
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await payCard(intent, TEST_CARDS.succeeds);
    expect((await confirm(intent)).body.status).toBe('paid');
    const later = await addPhoto(h, marathon.place(), 9);
    const media = await albumMedia();
    expect(media.find((m) => m.id === later)?.is_purchased).toBe(true);
    expect(media.filter((m) => mine.includes(m.id)).every((m) => m.is_purchased)).toBe(true);
    const tree = await send('GET', `/v3/checkins/${albumId}/gallery_tree/0/tree/`);
    const tabs = tree.body.tabs as { type: string; count: number }[];
    const photos = media.length;
    expect(tabs.find((t) => t.type === 'bought')?.count).toBe(photos);
    expect(tabs.find((t) => t.type === 'buyable')?.count).toBe(0);
    const bought = await send(
      'GET',
      `/v3/checkins/${albumId}/gallery_tree/0/media/?tab=bought&page=1&page_size=40`,
    );
    expect((bought.body.results as unknown[]).length).toBe(photos);
    // A package bought once is not sold again.
    expect(
      (await send('POST', '/cart/digital-items/', { checkin_id: albumId, order_type: 'ALL_PHOTOS' })).body
        .code,
    ).toBe('already_bought');
    await h.database.executeSql('delete from album_entitlements', []);
  });

  it('ignores prices a client sends: the server computes what is charged', async () => {
    await fillCart();
    const total = await cartTotal();
    const created = await createOrder({ grand_total: '0.01', digital_total: '0.01', discount_total: '999' });
    expect(created.status).toBe(201);
    expect((created.body.order as OrderBody).grand_total).toBe(total);
    const amount = await h.database.executeSql('select amount from test_payment_intents', []);
    expect(Number((amount.rows[0] as { amount: number }).amount)).toBe(Math.round(Number(total) * 100));
  });

  it('a declined card shows the provider message and leaves the cart intact', async () => {
    await fillCart();
    const created = await createOrder();
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    const paid = await payCard(intent, TEST_CARDS.declines);
    expect(paid.body.status).toBe('failed');
    // our reason, which the web says in the user's language; its English for API clients (issue 17)
    expect(paid.body).toMatchObject({ reason: 'declined', message: 'Your card was declined.' });
    const confirmed = await confirm(intent);
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.code).toBe('payment_failed');
    expect(confirmed.body.message).toBe('Your card was declined.');
    expect(confirmed.body.data).toMatchObject({ reason: 'declined' });
    expect((await send('GET', '/cart/digital-items/')).body.results).toHaveLength(1);
    expect((await albumMedia()).some((m) => m.is_purchased)).toBe(false);
    // Paying again makes a new order for the same cart.
    const again = await createOrder();
    expect(again.status).toBe(201);
    expect((again.body.order as OrderBody).id).not.toBe((created.body.order as OrderBody).id);
  });

  it('the 3-D Secure card stays processing until its second confirm', async () => {
    await fillCart();
    const intent = ((await createOrder()).body.payment as { client_secret: string }).client_secret;
    expect((await payCard(intent, TEST_CARDS.needsSecondConfirm)).body.status).toBe('processing');
    expect((await confirm(intent)).body.status).toBe('processing');
    expect((await payCard(intent, TEST_CARDS.needsSecondConfirm)).body.status).toBe('succeeded');
    expect((await confirm(intent)).body.status).toBe('paid');
    // (A new pay press while the bank step waits replaces that payment: order-cancel.test.ts, issue 17.)
  });

  it('concurrent confirms, webhook replays and a racing webhook end in one paid order and one fulfilment', async () => {
    await fillCart();
    const created = await createOrder();
    const orderId = (created.body.order as OrderBody).id;
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    // The provider's side only (no notification): the browser and the webhooks race afterwards.
    await h.database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
      intent,
    ]);
    const results = await Promise.all([
      confirm(intent),
      confirm(intent),
      h.services.orders.syncPayment('test', intent),
      h.services.orders.syncPayment('test', intent),
      confirm(intent),
    ]);
    for (const r of results) if (r && 'status' in r) expect(r.status).toBe(200);
    expect(await count(`select count(*) as n from orders where status = 'paid'`)).toBe(1);
    expect(await count(`select count(*) as n from media_entitlements where order_id = ${orderId}`)).toBe(
      mine.length,
    );
    // Fulfilment asked many times (queue retries, the sweep) runs once.
    await Promise.all([1, 2, 3].map(() => h.services.orderCompletion.fulfil(orderId)));
    await h.services.orderCompletion.fulfil(orderId);
    expect(
      await count(
        `select count(*) as n from metric_events where type = 'purchase' and (payload->>'order_id')::int = ${orderId}`,
      ),
    ).toBe(1);
    // A replayed webhook after the fact changes nothing.
    await h.services.orders.syncPayment('test', intent);
    expect(await count(`select count(*) as n from orders where status = 'paid'`)).toBe(1);
  });

  it('a repeated pay press for the same cart reuses the order and its payment', async () => {
    await fillCart();
    const [a, b] = await Promise.all([createOrder(), createOrder()]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect((a.body.order as OrderBody).id).toBe((b.body.order as OrderBody).id);
    expect((a.body.payment as { client_secret: string }).client_secret).toBe(
      (b.body.payment as { client_secret: string }).client_secret,
    );
    expect(await count('select count(*) as n from test_payment_intents')).toBeGreaterThan(0);
    expect(await count('select count(*) as n from payments')).toBe(1);
  });

  it('a payment nobody confirmed (closed tab, crash) is found by the reconcile job', async () => {
    await fillCart();
    const created = await createOrder();
    const orderId = (created.body.order as OrderBody).id;
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await h.database.executeSql("update test_payment_intents set status = 'succeeded' where id = $1", [
      intent,
    ]);
    h.clock.now = new Date(Date.now() + 5 * 60_000);
    try {
      await h.database.executeSql("update payments set updated_at = now() - interval '5 minutes'", []);
      expect(await h.services.orders.reconcile()).toBe(1);
      expect((await send('GET', `/v3/orders/${orderId}/`)).body.status).toBe('paid');
      // Paid but not fulfilled (the process died before its job ran): the sweep sends it again.
      h.clock.now = new Date(Date.now() + 10 * 60_000);
      expect(await h.services.orderCompletion.sweep()).toBe(1);
    } finally {
      h.clock.now = new Date();
    }
  });

  it('refuses unknown methods, another user, and an empty cart', async () => {
    expect((await createOrder()).status).toBe(400);
    await fillCart();
    const created = await createOrder();
    const orderId = (created.body.order as OrderBody).id;
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    expect((await send('GET', `/v3/orders/${orderId}/`, undefined, other)).status).toBe(404);
    expect((await confirm(intent, other)).status).toBe(404);
    expect(
      (
        await send(
          'POST',
          `/test-payments/v1/intents/${intent}/confirm/`,
          { card_number: TEST_CARDS.succeeds },
          other,
        )
      ).status,
    ).toBe(404);
    expect((await createOrder({ payment_method: 'mercado-pago' })).status).toBe(400);
    expect((await createOrder({ payment_method: 'paypal' })).status).toBe(400);
    expect((await send('GET', '/v3/orders/', undefined, other)).body.results).toEqual([]);
  });

  it('answers anonymous callers 401 and malformed input 400, changing nothing', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/v3/orders/', { payment_method: 'stripe' }],
      ['GET', '/api/v3/orders/', undefined],
      ['POST', '/api/v3/orders/confirm-payment/', { transaction_id: 'ti_x', payment_method: 'stripe' }],
      ['GET', '/api/cart/payment-methods/', undefined],
      [
        'POST',
        '/api/test-payments/v1/intents/ti_0123456789abcdefghij/confirm/',
        { card_number: '4242424242424242' },
      ],
    ] as const) {
      expect((await call(h.app, method, url, body)).status).toBe(401);
    }
    await fillCart();
    const bad = [
      { payment_method: 'stripe', voucher_code: 'X'.repeat(10_000) },
      { payment_method: 'ideal' },
      { payment_method: 'stripe', shipping_address: { country: 'Italy' } },
      { payment_method: 'stripe', invoice: { heading: '' } },
      { payment_method: 'stripe', saved_card_id: ['pm_1'] },
    ];
    for (const body of bad) expect((await send('POST', '/v3/orders/', body)).status).toBe(400);
    expect(
      (await send('POST', '/v3/orders/confirm-payment/', { transaction_id: '', payment_method: 'stripe' }))
        .status,
    ).toBe(400);
    expect(
      (await send('POST', '/test-payments/v1/intents/not-an-intent/confirm/', { card_number: '4242' }))
        .status,
    ).toBe(400);
    expect(await count('select count(*) as n from orders')).toBe(0);
  });

  it('bank transfer: pending with instructions until staff marks it paid', async () => {
    await fillCart();
    const created = await createOrder({ payment_method: 'bank-transfer' });
    expect(created.status).toBe(201);
    const order = created.body.order as OrderBody;
    expect(order.status).toBe('pending');
    expect(order.bank_transfer?.iban).toBe('IT60X0542811101000000123456');
    expect(order.bank_transfer?.reference).toMatch(/^FD-/);
    expect((await albumMedia()).some((m) => m.is_purchased)).toBe(false);
    expect((await send('POST', `/v3/orders/${order.id}/mark-paid/`, undefined, token)).status).toBe(403);
    const staff = (
      await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
        username: 'staff@fotodrop.test',
        password: 'Fotodrop-staff1',
      })
    ).body.token as string;
    const marked = await send('POST', `/v3/orders/${order.id}/mark-paid/`, undefined, staff);
    expect(marked.status).toBe(200);
    expect(marked.body.status).toBe('paid');
    expect(
      (await albumMedia())
        .filter((m) => m.is_purchased)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...mine].sort());
  });

  it('print orders need a served country; a paid one gets its lab package', async () => {
    await fillCart([mine[0]!]);
    const all = (await send('GET', '/print/api/v1/products/?include_variants_with_price=true')).body
      .results as {
      id: number;
      title: string;
      product_variant_options: { options: { id: number; name: string }[] }[];
    }[];
    const prints = all.find((p) => p.title === 'Photo prints')!;
    const optionIds = prints.product_variant_options.map((g) => g.options[0]!.id);
    const added = await send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: prints.id,
      variant_option_ids: optionIds,
      photos: [{ photo_id: mine[0], quantity: 2 }],
      add_to_cart: true,
    });
    expect(added.status).toBe(200);
    const address = {
      first_name: 'Ada',
      last_name: 'Runner',
      email: 'ada@example.com',
      phone: '+39 333 000000',
      street: 'Via Roma',
      number: '1',
      zip_code: '20100',
      city: 'Milano',
    };
    const noCountry = await createOrder({ shipping_address: address });
    expect(noCountry.status).toBe(400);
    expect(JSON.stringify(noCountry.body)).toContain('shipping.country_required');
    expect((await createOrder()).body.message).toBe('The Country field is required');
    const refused = await createOrder({ shipping_address: { ...address, country: 'US' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('No delivery to your country');
    expect((refused.body.data as { fields: Record<string, string[]> }).fields).toEqual({
      'shipping_address.country': ['shipping.no_delivery'],
    });
    const created = await createOrder({ shipping_address: { ...address, country: 'IT' } });
    expect(created.status).toBe(201);
    const order = created.body.order as OrderBody & { shipping_costs: string; print_total: string };
    expect(Number(order.shipping_costs)).toBeGreaterThan(0);
    expect(Number(order.print_total)).toBeGreaterThan(0);
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await payCard(intent, TEST_CARDS.succeeds);
    expect((await confirm(intent)).body.status).toBe('paid');
    expect((await send('GET', '/v1/cart/')).body.print_items).toEqual([]);
    // The fulfilment asks for the lab package; the builder leaves files and a manifest in storage.
    await h.services.orderCompletion.fulfil(order.id);
    const built = await h.services.labPackages.build(order.id);
    expect(built?.files).toBeGreaterThan(0);
    expect(await count(`select count(*) as n from lab_packages where order_id = ${order.id}`)).toBe(1);
  });

  it('promo code guessing is limited per account, a right code included once the budget is used', async () => {
    const guesser = (
      await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'guesser@example.com' })
    ).body.token as string;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await send('GET', `/v1/cart/?voucher_code=GUESS${i}`, undefined, guesser)).status);
    }
    expect(statuses.slice(0, 19).every((s) => s === 200)).toBe(true);
    expect(statuses[19]).toBe(429);
    expect(statuses[20]).toBe(429);
    const right = await send('GET', '/v1/cart/?voucher_code=PROMO20', undefined, guesser);
    expect(right.status).toBe(429);
    expect(right.raw.headers['retry-after']).toBeDefined();
    // Another account is not affected.
    expect((await send('GET', '/v1/cart/?voucher_code=NOPE')).status).toBe(200);
  });

  it('campaign codes tried in the cart spend the promo codes’ budget; a real one does not', async () => {
    const guesser = (
      await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'campaigns@example.com' })
    ).body.token as string;
    for (let i = 0; i < 30; i++) {
      const real = await send('GET', '/v1/cart/?campaign_code=SUMMER10', undefined, guesser);
      expect(real.status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await send('GET', `/v1/cart/?campaign_code=WINTER${i}`, undefined, guesser)).status);
    }
    expect(statuses.slice(0, 19).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(19)).toEqual([429, 429]);
    // the budget is shared: a promo code is refused too, and an order carrying a campaign code
    expect((await send('GET', '/v1/cart/?voucher_code=PROMO20', undefined, guesser)).status).toBe(429);
    const order = await send(
      'POST',
      '/v3/orders/',
      { payment_method: 'stripe', campaign_code: 'SUMMER10' },
      guesser,
    );
    expect(order.status).toBe(429);
  });

  it('vouchers: free photos, used once, invalid codes refused', async () => {
    await h.database.executeSql(
      "insert into vouchers (code, kind, value) values ('TESTFREE1', 'free_photos', 1) on conflict do nothing",
      [],
    );
    await fillCart();
    const before = await send('GET', '/v1/cart/?voucher_code=testfree1');
    expect((before.body.voucher as { status: string }).status).toBe('valid');
    expect(Number((before.body.totals as { discount_total: string }).discount_total)).toBeGreaterThan(0);
    expect(
      ((await send('GET', '/v1/cart/?voucher_code=NOPE')).body.voucher as { status: string }).status,
    ).toBe('invalid');
    expect((await createOrder({ voucher_code: 'NOPE' })).body.message).toBe('Invalid promo code');
    const created = await createOrder({ voucher_code: 'TESTFREE1' });
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await payCard(intent, TEST_CARDS.succeeds);
    expect((await confirm(intent)).body.status).toBe('paid');
    expect(
      ((await send('GET', '/v1/cart/?voucher_code=TESTFREE1')).body.voucher as { status: string }).status,
    ).toBe('used');
  });
});
