import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { createPaymentProviders } from '../src/adapters/payments/providers';
import { paymentCustomersRepository } from '../src/repositories/payment-customers.repository';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { teamRepository } from '../src/repositories/team.repository';
import { seedDemo } from '../src/seed/demo';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

interface Product {
  id: number;
  title: string;
  currency: string;
  product_variant_options: { options: { id: number; name: string }[] }[];
  variants?: { id: number; variant_option_ids: number[]; price: string }[];
}
interface OfferBody {
  currency: string;
  products: {
    id: number;
    title: string;
    enabled: boolean;
    variants: { id: number; options: string[]; catalogue_price: string | null; price: string | null }[];
  }[];
  shipping_rates: { country: string; shipping: string; handling_fee: string }[] | null;
  platform_shipping_rates: { country: string; shipping: string; handling_fee: string }[];
}
interface MethodsBody {
  customised: boolean;
  methods: {
    id: string;
    available: boolean;
    unavailable_reason: string | null;
    enabled: boolean;
    confirm_message: string | null;
  }[];
}

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Runner',
  email: 'ada@example.com',
  phone: '+49 30 000000',
  street: 'Hauptstraße',
  number: '1',
  zip_code: '10115',
  city: 'Berlin',
};

/**
 * Issue 19, "Payment methods and print offer": what the owner sets in the console acts on the
 * participant's real calls — the checkout's methods, the transfer's account, the print catalogue,
 * the cart's prices and shipping.
 */
describe.each(BACKENDS)('payment methods, bank account and print offer on %s', (backend) => {
  let h: Harness;
  const mailer = collectingMailer();
  let owner: string;
  let participant: string;
  let orgId: number;
  let slug: string;
  let albumId: number;
  let photo: number;
  let prints: Product;
  let canvas: Product;

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = participant,
  ) => call(h.app, method, `/api${url}`, body, { token });
  const asOwner = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    send(method, `/organiser/v1${url}`, body, owner);
  const methodsUrl = () => `/events/${slug}/payment-methods/`;
  const offerUrl = () => `/organisations/${orgId}/print-offer/`;
  const bankUrl = () => `/organisations/${orgId}/bank-account/`;
  /** The catalogue as the participant (null: someone signed out) asks for it. */
  const catalogue = async (query = '', token: string | null = participant) =>
    (
      await call(
        h.app,
        'GET',
        `/api/print/api/v1/products/?include_variants_with_price=true${query}`,
        undefined,
        {
          ...(token ? { token } : {}),
        },
      )
    ).body.results as Product[];
  const glossy10x15 = (product: Product) =>
    product.product_variant_options
      .flatMap((g) => g.options)
      .filter((o) => o.name === '10×15 cm' || o.name === 'Glossy')
      .map((o) => o.id);
  const decorate = (product: Product, optionIds: number[], addToCart = false) =>
    send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: product.id,
      variant_option_ids: optionIds,
      photos: [{ photo_id: photo, quantity: 2 }],
      add_to_cart: addToCart,
    });
  const variantOf = (product: Product, optionIds: number[]) =>
    product.variants!.find((v) => [...v.variant_option_ids].sort().join() === [...optionIds].sort().join())!;
  const count = async (sql: string, params: unknown[] = []) =>
    Number(((await h.database.executeSql(sql, params)).rows[0] as { n: number }).n);

  beforeAll(async () => {
    // The installation serves every method but Mercado Pago.
    h = await startHarness(backend, {
      mailer,
      payments: (db) =>
        createPaymentProviders({
          db,
          config: { PAYMENT_METHODS: ['stripe', 'ideal', 'p24', 'bank-transfer'] },
          customers: paymentCustomersRepository(db),
        }),
    });
    const db = h.database.db;
    await seedDemo(db, argon2Hasher, 1);
    await registerMailWorker(h.jobs, mailer);
    const marathon = (await photoServicesRepository(db).findBySlug('5e1a0c3d'))!;
    slug = marathon.slug;
    orgId = marathon.organisationId;
    const { rows } = await h.database.executeSql(
      `select id from galleries where photo_service_id = $1 and name = 'Start'`,
      [marathon.id],
    );
    photo = await addPhoto(
      h,
      { serviceId: marathon.id, galleryId: (rows[0] as { id: number }).id, tags: ['bib-1042'] },
      1,
    );
    owner = (await send('POST', '/v2/users/create/', { ...SIGNUP, email: 'owner@marathon.test' })).body
      .token as string;
    const ownerId = (
      (await h.database.executeSql(`select id from users where email = 'owner@marathon.test'`)).rows[0] as {
        id: number;
      }
    ).id;
    await teamRepository(db).addMember(orgId, ownerId, 'owner');
    participant = (await send('POST', '/v2/users/create/', SIGNUP)).body.token as string;
    albumId = (await send('POST', '/v2/checkins/', { picacode: 'K7M2Q9P' })).body.id as number;
    const all = await catalogue('', null);
    prints = all.find((p) => p.title === 'Photo prints')!;
    canvas = all.find((p) => p.id !== prints.id && p.product_variant_options.length > 0)!;
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await send('DELETE', '/cart/');
    const pick = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [photo],
    });
    expect(pick.status).toBe(201);
  });

  describe('payment methods per event', () => {
    const offered = async () =>
      (
        (await send('GET', '/cart/payment-methods/')).body as { payment_methods: { id: string }[] }
      ).payment_methods.map((m) => m.id);

    it('lists every platform method, with why one cannot be offered', async () => {
      const got = await asOwner('GET', methodsUrl());
      expect(got.status).toBe(200);
      const body = got.body as unknown as MethodsBody;
      expect(body.customised).toBe(false);
      expect(
        Object.fromEntries(body.methods.map((m) => [m.id, [m.available, m.enabled, m.unavailable_reason]])),
      ).toEqual({
        stripe: [true, true, null],
        ideal: [true, true, null],
        'bank-transfer': [true, true, null],
        // the installation does not serve it (PAYMENT_METHODS)
        'mercado-pago': [false, false, 'not_configured'],
        p24: [true, true, null],
      });
      expect(await offered()).toEqual(['stripe', 'ideal', 'bank-transfer', 'p24']);
    });

    it("the participant's checkout offers exactly the chosen methods, with the owner's texts", async () => {
      const put = await asOwner('PUT', methodsUrl(), {
        methods: ['stripe', 'bank-transfer'],
        confirm_messages: { 'bank-transfer': '  Pay within 3 days, please.  ', stripe: '' },
      });
      expect(put.status).toBe(200);
      expect((put.body as unknown as MethodsBody).customised).toBe(true);
      const payments = (await send('GET', '/cart/payment-methods/')).body as {
        payment_methods: { id: string }[];
        confirm_messages: Record<string, string>;
      };
      expect(payments.payment_methods.map((m) => m.id)).toEqual(['stripe', 'bank-transfer']);
      expect(payments.confirm_messages).toEqual({ 'bank-transfer': 'Pay within 3 days, please.' });
      // a method switched off cannot be paid with, whatever the browser sends
      const refused = await send('POST', '/v3/orders/', { payment_method: 'ideal', bank: 'ing' });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('payment.method_unavailable');
      // back to everything the platform serves
      const reset = await asOwner('PUT', methodsUrl(), { methods: null });
      expect((reset.body as unknown as MethodsBody).customised).toBe(false);
      expect(await offered()).toEqual(['stripe', 'ideal', 'bank-transfer', 'p24']);
      expect(
        await count(
          'select count(*)::int as n from event_payment_settings s join photo_services p on p.id = s.photo_service_id where p.slug = $1',
          [slug],
        ),
      ).toBe(0);
    });

    it('refuses a method the platform cannot serve for the event, and keeps what was set', async () => {
      await asOwner('PUT', methodsUrl(), { methods: ['stripe', 'p24'] });
      for (const methods of [['stripe', 'mercado-pago'], ['paypal'], [], ['stripe', 'stripe']]) {
        const refused = await asOwner('PUT', methodsUrl(), { methods });
        expect(refused.status, JSON.stringify(methods)).toBe(400);
      }
      const unavailable = await asOwner('PUT', methodsUrl(), { methods: ['mercado-pago'] });
      expect((unavailable.body.data as { fields: Record<string, string[]> }).fields).toEqual({
        methods: ['payment_methods.unavailable'],
      });
      expect(await offered()).toEqual(['stripe', 'p24']);
      await asOwner('PUT', methodsUrl(), { methods: null });
    });
  });

  describe('bank account', () => {
    it('refuses an IBAN failing the mod-97 check or a malformed BIC, storing nothing', async () => {
      const before = await count('select count(*)::int as n from bank_accounts where organisation_id = $1', [
        orgId,
      ]);
      const cases = [
        [
          { beneficiary: 'Marathon Club', iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBADEFFXXX' },
          'iban',
          'iban.checksum',
        ],
        [
          { beneficiary: 'Marathon Club', iban: 'DE89 3704 0044 0532 0130', bic: 'COBADEFFXXX' },
          'iban',
          'iban.length',
        ],
        [
          { beneficiary: 'Marathon Club', iban: 'DE89370400440532013000', bic: 'COBA-DE' },
          'bic',
          'bic.invalid',
        ],
        [
          { beneficiary: ' ', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
          'beneficiary',
          'field.required',
        ],
      ] as const;
      for (const [body, field, key] of cases) {
        const refused = await asOwner('PUT', bankUrl(), body);
        expect(refused.status).toBe(400);
        expect((refused.body.data as { fields: Record<string, string[]> }).fields[field]).toEqual([key]);
      }
      expect(
        await count('select count(*)::int as n from bank_accounts where organisation_id = $1', [orgId]),
      ).toBe(before);
    });

    it("sends the participant's transfer to the organisation's own account, in the e-mail too", async () => {
      expect((await asOwner('GET', bankUrl())).body).toEqual({ account: null, platform_account: true });
      const put = await asOwner('PUT', bankUrl(), {
        beneficiary: 'Marathon Club e.V.',
        iban: 'de89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
      });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({
        account: { beneficiary: 'Marathon Club e.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        platform_account: true,
      });
      const created = await send('POST', '/v3/orders/', { payment_method: 'bank-transfer' });
      expect(created.status).toBe(201);
      const transfer = (created.body.order as { bank_transfer: Record<string, string> }).bank_transfer;
      expect(transfer).toMatchObject({
        beneficiary: 'Marathon Club e.V.',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      });
      await expect
        .poll(() => mailer.sent.find((m) => m.text.includes(transfer.reference!))?.text ?? '', {
          timeout: 20_000,
        })
        .toContain('DE89370400440532013000');
    });

    it('is removed only when no event offers bank transfer, and says which events still do', async () => {
      await asOwner('PUT', bankUrl(), {
        beneficiary: 'Marathon Club',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      });
      const refused = await asOwner('DELETE', bankUrl());
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('bank_account_in_use');
      const events = (refused.body.data as { events: { slug: string; name: string }[] }).events;
      expect(events.map((e) => e.slug)).toContain(slug);
      expect(refused.body.message).toContain(events[0]!.name);
      expect(((await asOwner('GET', bankUrl())).body.account as { iban: string }).iban).toBe(
        'DE89370400440532013000',
      );

      // bank transfer off everywhere it was offered: the account goes, transfers use the platform's
      for (const e of events)
        expect(
          (await asOwner('PUT', `/events/${e.slug}/payment-methods/`, { methods: ['stripe'] })).status,
        ).toBe(200);
      const removed = await asOwner('DELETE', bankUrl());
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ account: null, platform_account: true });
      expect(
        await count('select count(*)::int as n from bank_accounts where organisation_id = $1', [orgId]),
      ).toBe(0);
      for (const e of events) await asOwner('PUT', `/events/${e.slug}/payment-methods/`, { methods: null });
    });
  });

  describe('print offer', () => {
    const putOffer = (body: unknown) => asOwner('PUT', offerUrl(), body);

    it("starts as the platform's catalogue at catalogue prices, with the platform's delivery", async () => {
      const got = await asOwner('GET', offerUrl());
      expect(got.status).toBe(200);
      const offer = got.body as unknown as OfferBody;
      expect(offer.currency).toBe('EUR');
      expect(offer.shipping_rates).toBeNull();
      expect(offer.platform_shipping_rates.find((r) => r.country === 'DE')).toEqual({
        country: 'DE',
        shipping: '5.90',
        handling_fee: '1.50',
      });
      const mine = offer.products.find((p) => p.id === prints.id)!;
      expect(mine.enabled).toBe(true);
      expect(mine.variants.every((v) => v.price === null && v.catalogue_price !== null)).toBe(true);
      expect(offer.products.map((p) => p.id).sort()).toEqual(
        (await catalogue('', null)).map((p) => p.id).sort(),
      );
    });

    it('switches products off, sets prices and delivery countries: the participant side follows', async () => {
      const options = glossy10x15(prints);
      const variant = variantOf(prints, options);
      const put = await putOffer({
        products: [
          { id: prints.id, enabled: true, variants: [{ id: variant.id, price: '0.5' }] },
          { id: canvas.id, enabled: false },
        ],
        shipping_rates: [
          { country: 'de', shipping: '3', handling_fee: '1.00' },
          { country: 'IT', shipping: '4.50', handling_fee: '0' },
        ],
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const saved = put.body as unknown as OfferBody;
      expect(saved.products.find((p) => p.id === canvas.id)!.enabled).toBe(false);
      expect(
        saved.products.find((p) => p.id === prints.id)!.variants.find((v) => v.id === variant.id)!.price,
      ).toBe('0.50');
      expect(saved.shipping_rates).toEqual([
        { country: 'DE', shipping: '3.00', handling_fee: '1.00' },
        { country: 'IT', shipping: '4.50', handling_fee: '0.00' },
      ]);

      // the catalogue for the album: no canvas, the own price
      for (const query of [`&checkin_id=${albumId}`, '']) {
        const shown = await catalogue(query);
        expect(shown.map((p) => p.id)).not.toContain(canvas.id);
        expect(variantOf(shown.find((p) => p.id === prints.id)!, options).price).toBe('0.50');
      }
      expect((await send('GET', `/print/api/v1/products/${canvas.id}/?checkin_id=${albumId}`)).status).toBe(
        404,
      );
      // anyone's album but one's own is not found
      const stranger = (await send('POST', '/v2/users/create/', { ...SIGNUP, email: 'stranger@example.com' }))
        .body.token as string;
      expect(
        (await send('GET', `/print/api/v1/countries/?checkin_id=${albumId}`, undefined, stranger)).status,
      ).toBe(404);
      // without an album, a cart or a site: the platform's catalogue
      expect((await catalogue('', null)).map((p) => p.id)).toContain(canvas.id);

      const refused = await decorate(
        canvas,
        canvas.product_variant_options.map((g) => g.options[0]!.id),
      );
      expect(refused.status).toBe(400);
      expect((refused.body.data as { fields: Record<string, string[]> }).fields).toEqual({
        product_id: ['print.product_not_offered'],
      });
      const priced = await decorate(prints, options, true);
      expect(priced.status).toBe(200);
      expect(((await send('GET', '/v1/cart/')).body.print_items as { offered: boolean }[])[0]!.offered).toBe(
        true,
      );
      expect(priced.body).toMatchObject({ unit_price: '0.50', total_price: '1.00', currency: 'EUR' });

      // delivery: only the offer's countries, at its rates
      const countries = (await send('GET', '/print/api/v1/countries/')).body.results as { code: string }[];
      expect(countries.map((c) => c.code)).toEqual(['DE', 'IT']);
      expect((await send('GET', '/v1/cart/?country=DE')).body.totals).toMatchObject({
        print_items_total: '1.00',
        shipping_costs: '3.00',
        handling_fee: '1.00',
      });
      const france = await send('GET', '/v1/cart/?country=FR');
      expect(france.status).toBe(400);
      expect(france.body.message).toBe('No delivery to your country');
      const order = await send('POST', '/v3/orders/', {
        payment_method: 'stripe',
        shipping_address: { ...ADDRESS, country: 'IT' },
      });
      expect(order.status).toBe(201);
      expect(order.body.order).toMatchObject({
        print_total: '1.00',
        shipping_costs: '4.50',
        handling_fee: '0.00',
      });
    });

    it('a product switched off while in a cart stays listed but cannot be ordered until removed', async () => {
      await putOffer({ products: [], shipping_rates: null });
      const added = await decorate(prints, glossy10x15(prints), true);
      expect(added.status).toBe(200);
      await putOffer({ products: [{ id: prints.id, enabled: false }], shipping_rates: null });
      const cart = await send('GET', '/v1/cart/?country=DE');
      // still listed, marked as no longer offered
      expect((cart.body.print_items as { offered: boolean }[]).map((i) => i.offered)).toEqual([false]);
      const order = await send('POST', '/v3/orders/', {
        payment_method: 'stripe',
        shipping_address: { ...ADDRESS, country: 'DE' },
      });
      expect(order.status).toBe(400);
      expect(order.body.message).toBe('“Photo prints” is no longer offered. Remove it from your cart.');
      const item = (cart.body.print_items as { id: number }[])[0]!;
      expect((await send('DELETE', `/cart/print-items/${item.id}/`)).status).toBe(200);
      expect((await send('POST', '/v3/orders/', { payment_method: 'stripe' })).status).toBe(201);
      await putOffer({ products: [], shipping_rates: null });
    });

    it('refuses unknown products, variants without a price and unknown countries, changing nothing', async () => {
      const before = (await asOwner('GET', offerUrl())).body;
      const bad = [
        { products: [{ id: 999_999, enabled: true }], shipping_rates: null },
        {
          products: [{ id: prints.id, enabled: true, variants: [{ id: 999_999, price: '1.00' }] }],
          shipping_rates: null,
        },
        {
          products: [
            { id: prints.id, enabled: true, variants: [{ id: prints.variants![0]!.id, price: '-1' }] },
          ],
          shipping_rates: null,
        },
        { products: [], shipping_rates: [{ country: 'XX', shipping: '1.00', handling_fee: '0' }] },
        { products: [], shipping_rates: [] },
        {
          products: [],
          shipping_rates: [
            { country: 'DE', shipping: '1', handling_fee: '0' },
            { country: 'de', shipping: '2', handling_fee: '0' },
          ],
        },
        {
          products: [
            { id: prints.id, enabled: true },
            { id: prints.id, enabled: false },
          ],
          shipping_rates: null,
        },
      ];
      for (const body of bad) expect((await putOffer(body)).status, JSON.stringify(body)).toBe(400);
      // an organisation selling in another currency than the catalogue's must price every variant
      await h.database.executeSql(`update organisations set currency = 'CHF' where id = $1`, [orgId]);
      try {
        const chf = (await asOwner('GET', offerUrl())).body as unknown as OfferBody;
        expect(chf.currency).toBe('CHF');
        expect(
          chf.products.every((p) => !p.enabled && p.variants.every((v) => v.catalogue_price === null)),
        ).toBe(true);
        const unpriced = await putOffer({
          products: [
            { id: prints.id, enabled: true, variants: [{ id: prints.variants![0]!.id, price: '1.00' }] },
          ],
          shipping_rates: null,
        });
        expect(unpriced.status).toBe(400);
        expect(
          Object.values((unpriced.body.data as { fields: Record<string, string[]> }).fields),
        ).toContainEqual(['print_offer.price_required']);
      } finally {
        await h.database.executeSql(`update organisations set currency = null where id = $1`, [orgId]);
      }
      expect((await asOwner('GET', offerUrl())).body).toEqual(before);
    });
  });
});
