import { priceListItem } from '@fotodrop/contract';
import { addDays, dayIn } from '@fotodrop/contract/rules/calendar-days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';
import { addPhoto, runnerWithAlbum, seededMarathon } from './photos';

const MARATHON = '5e1a0c3d';
const LIST = `/api/organiser/v1/events/${MARATHON}/price-list/`;
const ZONE = 'Europe/Rome';

/**
 * Issue 19: pre-purchase prices before the event. Before the event's first day (in its time zone)
 * an album without photos is offered the package at its pre-sale price; the order keeps that price
 * and the package covers the photos taken later. From the event's first day the list's rules apply.
 */
describe.each(BACKENDS)('pre-sale of packages on %s', (backend) => {
  let h: Harness;
  let owner: string;
  let place: Awaited<ReturnType<typeof seededMarathon>>['place'];
  /** The event's first day: five days after the test's today in the event's time zone. */
  let startDay: string;

  const as = (token: string) => ({
    send: (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      call(h.app, method, `/api${url}`, body, { token }),
  });
  const putList = (packages: unknown[]) =>
    call(
      h.app,
      'PUT',
      LIST,
      { currency: 'EUR', items: [priceListItem({ qty: 1, price: '9.90' })], packages },
      { token: owner },
    );
  const packagesOf = async (token: string, albumId: number) =>
    (await as(token).send('GET', `/v3/checkins/${albumId}/gallery_tree/0/price_list/`)).body.packages;
  /** Places and pays the cart's order by card; answers the paid order. */
  const buy = async (token: string, extra: Record<string, unknown> = {}) => {
    const { send } = as(token);
    const created = await send('POST', '/v3/orders/', { payment_method: 'stripe', ...extra });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await send('POST', `/test-payments/v1/intents/${intent}/confirm/`, { card_number: TEST_CARDS.succeeds });
    const confirmed = await send('POST', '/v3/orders/confirm-payment/', {
      transaction_id: intent,
      payment_method: 'stripe',
    });
    expect(confirmed.body.status).toBe('paid');
    return created.body.order as { id: number; grand_total: string };
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    const marathon = await seededMarathon(h);
    place = marathon.place;
    startDay = addDays(dayIn(h.clock.now, ZONE), 5);
    await h.database.executeSql(
      'update photo_services set start_date = $1, end_date = $1, time_zone = $2 where id = $3',
      [startDay, ZONE, marathon.id],
    );
    owner = (
      await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
        username: 'organiser@fotodrop.test',
        password: 'Fotodrop-organiser1',
      })
    ).body.token as string;
  });
  afterAll(() => h?.close());

  it('refuses a pre-sale price at or above the package price and keeps the list', async () => {
    const before = (await call(h.app, 'GET', LIST, undefined, { token: owner })).body;
    const refused = await putList([
      { order_type: 'ALL_PHOTOS', price: '9.00', price_original: null, prepurchase_price: '9.00' },
    ]);
    expect(refused.status).toBe(400);
    expect((refused.body.data as { fields: unknown }).fields).toEqual({
      'packages.0.prepurchase_price': ['prepurchase_price.not_below_price'],
    });
    expect((await call(h.app, 'GET', LIST, undefined, { token: owner })).body).toEqual(before);
  });

  it('sells the package of an empty album at its pre-sale price before the event; it covers later photos', async () => {
    const saved = await putList([
      { order_type: 'ALL_PHOTOS', price: '9', price_original: null, prepurchase_price: '5' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.packages).toEqual([
      { order_type: 'ALL_PHOTOS', price: '9.00', price_original: null, prepurchase_price: '5.00' },
    ]);

    const buyer = await runnerWithAlbum(h, 'early@example.com');
    const { send } = as(buyer.token);
    expect(await packagesOf(buyer.token, buyer.albumId)).toEqual([
      { order_type: 'ALL_PHOTOS', price: '9.00', price_original: null, prepurchase_price: '5.00' },
    ]);
    // a price sent by the client is no price: the server reads the list
    const line = await send('POST', '/cart/digital-items/', {
      checkin_id: buyer.albumId,
      order_type: 'ALL_PHOTOS',
      price: '0.01',
      total_price: '0.01',
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    expect((await send('GET', '/cart/totals/')).body.grand_total).toBe('5.00');
    const order = await buy(buyer.token, { grand_total: '0.01', prepurchase_price: '0.01' });
    expect(order.grand_total).toBe('5.00');

    // the event takes place: its photo arrives, and is the early buyer's
    h.clock.now = new Date(`${startDay}T09:00:00Z`);
    const later = await addPhoto(h, place(), 7);
    const media = (await send('GET', `/v3/checkins/${buyer.albumId}/all-medias/`)).body.results as {
      id: number;
      is_purchased: boolean;
      preview_url: string;
    }[];
    expect(media.find((m) => m.id === later)).toMatchObject({ is_purchased: true });
    expect(media.find((m) => m.id === later)?.preview_url).toContain('preview-clean');
    expect((await send('GET', `/v3/orders/${order.id}/`)).body.grand_total).toBe('5.00');
  });

  it('from the event day on, charges the package by the list and offers none while it is dearer', async () => {
    // the event day has begun in Rome (23:30 UTC the day before), though not yet in UTC
    h.clock.now = new Date(`${addDays(startDay, -1)}T23:30:00Z`);
    const late = await runnerWithAlbum(h, 'late@example.com');
    const { send } = as(late.token);
    // one photo at 9.90 by the list: the 9.00 package is offered at its own price, no pre-sale
    expect(await packagesOf(late.token, late.albumId)).toEqual([
      { order_type: 'ALL_PHOTOS', price: '9.00', price_original: '9.90' },
    ]);
    expect(
      (await send('POST', '/cart/digital-items/', { checkin_id: late.albumId, order_type: 'ALL_PHOTOS' }))
        .status,
    ).toBe(201);
    expect((await buy(late.token)).grand_total).toBe('9.00');

    // a package dearer than the album's one photo is not offered, pre-sale price or not
    await putList([
      { order_type: 'ALL_PHOTOS', price: '19.00', price_original: null, prepurchase_price: '5.00' },
    ]);
    const third = await runnerWithAlbum(h, 'third@example.com');
    expect(await packagesOf(third.token, third.albumId)).toEqual([]);
    const refused = await as(third.token).send('POST', '/cart/digital-items/', {
      checkin_id: third.albumId,
      order_type: 'ALL_PHOTOS',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('not_for_sale');
  });

  it('does not let a package put in the cart during the pre-sale be ordered for nothing after it', async () => {
    const marathonId = place().serviceId;
    // an album of a runner without photos, before the event
    h.clock.now = new Date(`${addDays(startDay, -2)}T09:00:00Z`);
    await photoServicesRepository(h.database.db).insertPicacode({
      photoServiceId: marathonId,
      code: 'NOPHOTO',
      kind: 'participant',
      tags: ['bib-404'],
    });
    const buyer = await runnerWithAlbum(h, 'cart@example.com');
    const { send } = as(buyer.token);
    const albumId = (await send('POST', '/v2/checkins/', { picacode: 'NOPHOTO' })).body.id as number;
    expect(
      (await send('POST', '/cart/digital-items/', { checkin_id: albumId, order_type: 'ALL_PHOTOS' })).status,
    ).toBe(201);
    expect((await send('GET', '/cart/totals/')).body.grand_total).toBe('5.00');

    h.clock.now = new Date(`${startDay}T09:00:00Z`);
    const refused = await send('POST', '/v3/orders/', { payment_method: 'stripe' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('not_for_sale');
    expect((await send('GET', '/v3/orders/')).body.results).toEqual([]);
  });
});
