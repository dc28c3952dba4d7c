import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { DomainError } from '../src/http/errors';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { shippingQuote } from '../src/services/cart-print/shipping';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

interface Product {
  id: number;
  title: string;
  product_variant_options: { options: { id: number; name: string }[] }[];
}

describe.each(BACKENDS)('shipping by country on %s', (backend) => {
  let h: Harness;
  let token: string;
  let albumId: number;
  let photo: number;
  let prints: Product;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(h.app, method, `/api${url}`, body, { token });
  const cart = (query = '') => send('GET', `/v1/cart/${query}`);
  const addPrint = () =>
    send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: prints.id,
      variant_option_ids: prints.product_variant_options
        .flatMap((g) => g.options)
        .filter((o) => o.name === '10×15 cm' || o.name === 'Glossy')
        .map((o) => o.id),
      photos: [{ photo_id: photo, quantity: 2 }],
      add_to_cart: true,
    });

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    const { rows } = await h.database.executeSql(
      `select id from galleries where photo_service_id = $1 and name = 'Start'`,
      [marathon.id],
    );
    photo = await addPhoto(
      h,
      { serviceId: marathon.id, galleryId: (rows[0] as { id: number }).id, tags: ['bib-1042'] },
      1,
    );
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    albumId = (await send('POST', '/v2/checkins/', { picacode: 'K7M2Q9P' })).body.id as number;
    const products = (await call(h.app, 'GET', '/api/print/api/v1/products/')).body.results as Product[];
    prints = products.find((p) => p.title === 'Photo prints')!;
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

  it("prices the preview link's campaign in the cart, as the order will (issue 17)", async () => {
    const plain = (await cart()).body as { totals: { subtotal: string; discount_total: string } };
    expect(plain.totals.discount_total).toBe('0.00');
    const withCampaign = await cart('?campaign_code=summer10');
    expect(withCampaign.status).toBe(200);
    const subtotal = Math.round(Number(plain.totals.subtotal) * 100);
    const discount = (Math.round(subtotal / 10) / 100).toFixed(2);
    expect(withCampaign.body).toMatchObject({
      campaign: { code: 'SUMMER10', percent_off: 10, discount },
      totals: { discount_total: discount },
    });
    // an unknown campaign takes nothing off and is not named
    const unknown = await cart('?campaign_code=NOPE');
    expect(unknown.body).toMatchObject({ campaign: null, totals: { discount_total: '0.00' } });
  });

  it('quotes one shipping charge and handling fee per order with prints, nothing without', async () => {
    const db = h.database.db;
    expect(await shippingQuote(db, { country: 'IT', currency: 'EUR', hasPrintItems: true })).toEqual({
      shipping: 590,
      handlingFee: 150,
    });
    expect(await shippingQuote(db, { country: 'pl', currency: 'EUR', hasPrintItems: true })).toEqual({
      shipping: 790,
      handlingFee: 150,
    });
    // Digital items only: nothing to post, wherever the buyer lives.
    expect(await shippingQuote(db, { country: 'US', currency: 'EUR', hasPrintItems: false })).toEqual({
      shipping: 0,
      handlingFee: 0,
    });
    const refused = await shippingQuote(db, { country: 'US', currency: 'EUR', hasPrintItems: true }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'no_delivery',
      message: 'No delivery to your country',
      data: { fields: { country: ['shipping.no_delivery'] } },
    });
    // A rate is per currency: Italy in Swiss francs is not set up.
    await expect(shippingQuote(db, { country: 'IT', currency: 'CHF', hasPrintItems: true })).rejects.toThrow(
      'No delivery to your country',
    );
  });

  it('seeds the demo checkout data once, however often the demo seed runs', async () => {
    const counts = async () =>
      (
        await h.database.executeSql(`select (select count(*)::int from shipping_rates) as rates,
          (select count(*)::int from bank_accounts where organisation_id is null) as accounts,
          (select count(*)::int from vouchers) as vouchers, (select count(*)::int from campaigns) as campaigns,
          (select count(*)::int from event_payment_settings) as settings`)
      ).rows[0];
    const first = await counts();
    expect(first).toEqual({ rates: 16, accounts: 1, vouchers: 3, campaigns: 1, settings: 1 });
    await seedDemo(h.database.db, argon2Hasher, 1);
    expect(await counts()).toEqual(first);
  });

  it('adds the chosen country’s shipping to the checkout totals once prints are in the cart', async () => {
    const digitalOnly = await cart('?country=US');
    expect(digitalOnly.status).toBe(200);
    expect(digitalOnly.body.totals).toMatchObject({ shipping_costs: '0.00', handling_fee: '0.00' });
    const digitalTotal = Number((digitalOnly.body.totals as { grand_total: string }).grand_total);

    expect((await addPrint()).status).toBe(200);
    const toGermany = await cart('?country=DE');
    expect(toGermany.status).toBe(200);
    const totals = toGermany.body.totals as Record<string, string>;
    expect(totals).toMatchObject({
      print_items_total: '3.80',
      shipping_costs: '5.90',
      handling_fee: '1.50',
      currency: 'EUR',
    });
    expect(Number(totals.grand_total)).toBeCloseTo(digitalTotal + 3.8 + 5.9 + 1.5, 2);

    const toPoland = (await cart('?country=PL')).body.totals as Record<string, string>;
    expect(toPoland).toMatchObject({ shipping_costs: '7.90', handling_fee: '1.50' });
  });

  it('refuses a country prints are not delivered to, and lists only the served ones', async () => {
    expect((await addPrint()).status).toBe(200);
    const refused = await cart('?country=US');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'no_delivery',
      message: 'No delivery to your country',
      data: { fields: { country: ['shipping.no_delivery'] } },
    });
    expect((await cart('?country=BR')).status).toBe(400);

    const served = (await call(h.app, 'GET', '/api/print/api/v1/countries/')).body.results as {
      code: string;
    }[];
    const codes = served.map((c) => c.code);
    expect(codes).toEqual(
      expect.arrayContaining(['IT', 'DE', 'FR', 'ES', 'AT', 'NL', 'BE', 'PL', 'PT', 'SI', 'CH']),
    );
    expect(codes).not.toContain('US');
    expect(codes).not.toContain('BR');
    // Each listed country can be quoted: the list and the rates are one table.
    for (const code of codes) {
      expect((await cart(`?country=${code}`)).status).toBe(200);
    }
  });
});
