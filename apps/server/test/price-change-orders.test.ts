import { priceListItem } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/adapters/payments/test-provider';
import { ordersRepository } from '../src/repositories/orders.repository';
import { usersRepository } from '../src/repositories/users.repository';
import { orderDto } from '../src/services/orders/order-dto';
import { purchaseEmail } from '../src/services/orders/purchase-email';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';
import { addPhoto, runnerWithAlbum, seededMarathon } from './photos';

/** The marathon's slug (seed/demo-events.ts): the demo organiser owns its organisation. */
const MARATHON = '5e1a0c3d';
const LIST = `/api/organiser/v1/events/${MARATHON}/price-list/`;

/**
 * Issue 19: "Changing a price never changes an order already placed". An order is placed and paid
 * at the marathon's prices; the owner then raises every price; the order, its lines and its receipt
 * keep the figures it was placed with, while the cart prices the same photos anew.
 */
describe.each(BACKENDS)('a price change and the orders already placed, on %s', (backend) => {
  let h: Harness;
  let token: string;
  let owner: string;
  let albumId: number;
  let photos: number[];
  let place: Awaited<ReturnType<typeof seededMarathon>>['place'];

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(h.app, method, `/api${url}`, body, { token });
  const pick = (ids: number[]) =>
    send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: ids,
    });
  /** The purchase e-mail's receipt as it would be written now (a resend builds it the same way). */
  const receiptNow = async (orderId: number) => {
    const orders = ordersRepository(h.database.db);
    const order = (await orders.find(orderId))!;
    const lines = await orders.linesOf([orderId]);
    const albums = await orders.albumsOf([
      ...new Set(lines.flatMap((l) => (l.checkinId ? [l.checkinId] : []))),
    ]);
    const user = (await usersRepository(h.database.db).findById(order.userId))!;
    return purchaseEmail(user, orderDto(order, lines, albums, null), order).text;
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    const marathon = await seededMarathon(h);
    place = marathon.place;
    photos = [
      await addPhoto(h, marathon.place(), 0),
      await addPhoto(h, marathon.place(), 1),
      await addPhoto(h, marathon.place(), 2),
    ];
    ({ token, albumId } = await runnerWithAlbum(h));
    owner = (
      await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
        username: 'organiser@fotodrop.test',
        password: 'Fotodrop-organiser1',
      })
    ).body.token as string;
  });
  afterAll(() => h?.close());

  it('keeps the order, its lines and its receipt at the old prices; the cart re-prices', async () => {
    // 3 photos by the marathon's list: 29.70
    expect((await pick(photos)).status).toBe(201);
    const created = await send('POST', '/v3/orders/', { payment_method: 'stripe' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = (created.body.order as { id: number }).id;
    const intent = (created.body.payment as { client_secret: string }).client_secret;
    await send('POST', `/test-payments/v1/intents/${intent}/confirm/`, { card_number: TEST_CARDS.succeeds });
    const confirmed = await send('POST', '/v3/orders/confirm-payment/', {
      transaction_id: intent,
      payment_method: 'stripe',
    });
    expect(confirmed.body.status).toBe('paid');
    const before = (await send('GET', `/v3/orders/${orderId}/`)).body;
    expect(before).toMatchObject({ grand_total: '29.70' });
    const receiptBefore = await receiptNow(orderId);
    expect(receiptBefore).toContain('29.70 EUR');

    // the owner doubles the single price and drops the bundles
    const changed = await call(
      h.app,
      'PUT',
      LIST,
      {
        currency: 'EUR',
        items: [priceListItem({ qty: 1, price: '19.80' })],
        packages: [{ order_type: 'ALL_PHOTOS', price: '99.00', price_original: null }],
      },
      { token: owner },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const after = (await send('GET', `/v3/orders/${orderId}/`)).body;
    expect(after).toEqual(before);
    expect(await receiptNow(orderId)).toBe(receiptBefore);

    // the same photos in a new cart cost the new price (bought photos are not sold again: new ones)
    const more = await Promise.all([3, 4, 5].map((shade) => addPhoto(h, place(), shade)));
    expect((await pick(more)).status).toBe(201);
    const cart = (await send('GET', '/v1/cart/')).body;
    expect(cart.totals).toMatchObject({ grand_total: '59.40' });
  });
});
