import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { upgradeDemoPackagePrices } from '../src/seed/demo-events';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto, seededMarathon } from './photos';

interface Book {
  price: string;
  photos: { id: number }[];
  product_id: number;
  variant_option_ids: number[];
  photos_to_buy: number;
  photos_price: string;
  total_price: string;
}

/**
 * Issue 17 items 3 and 4: every price the participant sees is the whole one, the cart offers the
 * package when it is cheaper than the photos picked, and no package is offered or charged above
 * the photos it covers, with a struck-through price that is their real single prices.
 */
describe.each(BACKENDS)('honest prices on %s', (backend) => {
  let h: Harness;
  let token: string;
  /** Runner 1042's album (50 photos) and runner 7's (6 photos). */
  let bigAlbum: number;
  let smallAlbum: number;
  let marathonId: number;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(h.app, method, `/api${url}`, body, { token });
  const packages = async (checkinId: number) =>
    (await send('GET', `/v3/checkins/${checkinId}/gallery_tree/0/price_list/`)).body.packages;
  const setPackagePrices = (prices: unknown) =>
    h.database.executeSql('update photo_services set package_prices = $1 where id = $2', [
      JSON.stringify(prices),
      marathonId,
    ]);
  const DEMO_PACKAGES = [
    { order_type: 'ALL_PHOTOS', price: '39.90', price_original: null },
    { order_type: 'PHOTOS_AND_VIDEOS', price: '49.90', price_original: null },
    { order_type: 'VIDEOS', price: '24.90', price_original: null },
  ];

  beforeAll(async () => {
    h = await startHarness(backend);
    const marathon = await seededMarathon(h);
    marathonId = marathon.id;
    const place = marathon.place;
    const copies = async (of: number, n: number) =>
      h.database.executeSql(
        `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
         select photo_service_id, gallery_id, type, status, tags, width, height,
                now() - make_interval(days => n)
           from media, generate_series(1, $2::int) n where id = $1`,
        [of, n],
      );
    // Rows copied from a processed photo: prices and offers read rows, not files.
    await copies(await addPhoto(h, place(['bib-1042']), 0), 49);
    await copies(await addPhoto(h, place(['bib-7']), 1), 5);
    await photoServicesRepository(h.database.db).insertPicacode({
      photoServiceId: marathon.id,
      code: 'BIB7RUN',
      kind: 'participant',
      tags: ['bib-7'],
    });
    token = (await send('POST', '/v2/users/create/', SIGNUP)).body.token as string;
    bigAlbum = (await send('POST', '/v2/checkins/', { picacode: 'K7M2Q9P' })).body.id as number;
    smallAlbum = (await send('POST', '/v2/checkins/', { picacode: 'BIB7RUN' })).body.id as number;
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await send('DELETE', '/cart/');
    await setPackagePrices(DEMO_PACKAGES);
  });

  it('prices the photobook whole, and the cart offers the cheaper package, one switch away', async () => {
    const key = (
      (await send('GET', `/photobook-offer/?checkin_id=${bigAlbum}`)).body.offer as { key: string }
    ).key;
    const book = (
      await send('GET', `/photobook-preview/?checkin_id=${bigAlbum}&key=${encodeURIComponent(key)}`)
    ).body.photobook as Book;
    // 24 photos by the marathon list: 10 + 10 + the 5-bundle = 44.90 + 44.90 + 29.90
    expect(book).toMatchObject({
      price: '49.90',
      photos_to_buy: 24,
      photos_price: '119.70',
      total_price: '169.60',
    });

    // "Order photobook" as the web does it: the photos as the album's pick, then the book.
    const ids = book.photos.map((p) => p.id);
    await send('POST', '/cart/digital-items/', {
      checkin_id: bigAlbum,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: ids,
    });
    const added = await send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: book.product_id,
      variant_option_ids: book.variant_option_ids,
      photos: ids.map((photo_id) => ({ photo_id, quantity: 1 })),
      add_to_cart: true,
    });
    expect(added.status).toBe(200);

    const cart = (await send('GET', '/v1/cart/')).body;
    expect(cart.print_items).toEqual([
      expect.objectContaining({
        total_price: '49.90',
        photos_to_buy: 24,
        photos_price: '119.70',
        total_with_photos: '169.60',
      }),
    ]);
    expect(cart.totals).toMatchObject({ grand_total: '169.60' });
    // The album's 50 photos for 39.90 instead of 24 for 119.70.
    expect(cart.package_suggestions).toEqual([
      {
        checkin_id: bigAlbum,
        event_name: 'Lakeside City Marathon',
        order_type: 'ALL_PHOTOS',
        media_count: 50,
        price: '39.90',
        picks_total: '119.70',
        saving: '79.80',
      },
    ]);

    const switched = await send('POST', '/cart/digital-items/', {
      checkin_id: bigAlbum,
      gallery_id: null,
      order_type: 'ALL_PHOTOS',
      media_ids: [],
    });
    expect(switched.status).toBe(201);
    const after = (await send('GET', '/v1/cart/')).body;
    expect(after.totals).toMatchObject({ grand_total: '89.80' });
    expect(after.package_suggestions).toEqual([]);
    expect(after.print_items).toEqual([
      expect.objectContaining({ photos_to_buy: 0, photos_price: '0.00', total_with_photos: '49.90' }),
    ]);
    const again = (
      await send('GET', `/photobook-preview/?checkin_id=${bigAlbum}&key=${encodeURIComponent(key)}`)
    ).body.photobook as Book;
    expect(again).toMatchObject({ photos_to_buy: 0, photos_price: '0.00', total_price: '49.90' });
  });

  it('suggests nothing while the picks cost less than the package', async () => {
    const few = await send('POST', '/cart/digital-items/', {
      checkin_id: bigAlbum,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [
        ((await send('GET', `/v3/checkins/${bigAlbum}/all-medias/`)).body.results as { id: number }[])[0]!.id,
      ],
    });
    expect(few.status).toBe(201);
    expect((await send('GET', '/v1/cart/')).body.package_suggestions).toEqual([]);
  });

  it('never offers a package dearer than the photos it covers, and strikes through their single prices', async () => {
    // Runner 7's 6 photos cost 39.80 by the list (the 5-bundle and one single): 39.90 is dearer.
    expect(await packages(smallAlbum)).toEqual([]);
    const refused = await send('POST', '/cart/digital-items/', {
      checkin_id: smallAlbum,
      gallery_id: null,
      order_type: 'ALL_PHOTOS',
      media_ids: [],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('not_for_sale');
    // A typed "original" is never shown: 50 photos at 9.90 each is the struck-through price.
    await setPackagePrices([{ order_type: 'ALL_PHOTOS', price: '39.90', price_original: '999.00' }]);
    expect(await packages(bigAlbum)).toEqual([
      { order_type: 'ALL_PHOTOS', price: '39.90', price_original: '495.00' },
    ]);
  });

  it('never charges a package in the cart more than its photos cost, whatever the event sets later', async () => {
    await setPackagePrices([{ order_type: 'ALL_PHOTOS', price: '35.00', price_original: null }]);
    expect(await packages(smallAlbum)).toEqual([
      { order_type: 'ALL_PHOTOS', price: '35.00', price_original: '59.40' },
    ]);
    await send('POST', '/cart/digital-items/', {
      checkin_id: smallAlbum,
      gallery_id: null,
      order_type: 'ALL_PHOTOS',
      media_ids: [],
    });
    await setPackagePrices([{ order_type: 'ALL_PHOTOS', price: '60.00', price_original: '96.00' }]);
    const [line] = (await send('GET', '/cart/totals/items/')).body.results as { total: string }[];
    expect(line).toMatchObject({ total: '39.80', total_original: '59.40' });
    expect((await send('GET', '/v1/cart/')).body.totals).toMatchObject({ grand_total: '39.80' });
  });

  it('upgrades an older demo: the trail run package no longer dearer than its photos', async () => {
    const trail = (await photoServicesRepository(h.database.db).findBySlug('a1b7e5d0'))!;
    expect(trail.packagePrices).toEqual([{ order_type: 'ALL_PHOTOS', price: '39.00', price_original: null }]);
    await h.database.executeSql('update photo_services set package_prices = $1 where id = $2', [
      JSON.stringify([{ order_type: 'ALL_PHOTOS', price: '60.00', price_original: '96.00' }]),
      trail.id,
    ]);
    await upgradeDemoPackagePrices(h.database.db);
    await upgradeDemoPackagePrices(h.database.db);
    expect((await photoServicesRepository(h.database.db).findBySlug('a1b7e5d0'))!.packagePrices).toEqual([
      { order_type: 'ALL_PHOTOS', price: '39.00', price_original: null },
    ]);
  });
});
