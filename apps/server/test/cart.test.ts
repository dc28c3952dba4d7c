import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto, addSwissRelay, setPhotoPackage } from './photos';

interface Line {
  id: number;
  media_ids: number[];
  medias: { id: number; thumbnail_url: string }[];
  gallery_id: number | null;
  checkin_id: number;
  picacode: string;
  order_type: string;
}

describe.each(BACKENDS)('the digital cart on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  let albumId: number;
  let swissAlbumId: number;
  let marathonId: number;
  let galleryIds: Record<string, number>;
  /** Runner 1042's photos: [0] at the start, [1] and [2] at km 10. */
  const mine: number[] = [];
  let notMine: number;

  const photo = (serviceId: number, galleryId: number, tags: string[], shade: number) =>
    addPhoto(h, { serviceId, galleryId, tags }, shade);

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const repo = photoServicesRepository(h.database.db);
    const marathon = (await repo.findBySlug('5e1a0c3d'))!;
    marathonId = marathon.id;
    const rows = (
      await h.database.executeSql('select id, name from galleries where photo_service_id = $1', [marathon.id])
    ).rows as { id: number; name: string }[];
    galleryIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    mine.push(await photo(marathon.id, galleryIds.Start!, ['bib-1042'], 0));
    mine.push(await photo(marathon.id, galleryIds['Km 10']!, ['bib-1042'], 1));
    mine.push(await photo(marathon.id, galleryIds['Km 10']!, ['bib-1042'], 2));
    notMine = await photo(marathon.id, galleryIds.Finish!, ['bib-7'], 3);

    // A race sold in Swiss francs, for the one-currency rule.
    await addSwissRelay(h, marathon.organisationId, 4);

    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    other = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'other@example.com' }))
      .body.token as string;
    albumId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
    swissAlbumId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'relay77' }, { token })).body
      .id as number;
  });
  afterAll(() => h?.close());

  beforeEach(async () => {
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token });
    await h.database.executeSql('update photo_services set media_available_to = $1 where id = $2', [
      new Date(Date.now() + 90 * 86_400_000).toISOString(),
      marathonId,
    ]);
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, t = token) =>
    call(h.app, method, `/api${url}`, body, { token: t });
  const pick = (media_ids: number[], gallery_id: number | null = null, checkin_id = albumId) =>
    send('POST', '/cart/digital-items/', { checkin_id, gallery_id, order_type: 'PHOTOLIST', media_ids });
  const lines = async () => (await send('GET', '/cart/digital-items/')).body.results as Line[];
  const totals = async () => (await send('GET', '/cart/totals/')).body;
  const itemTotals = async () =>
    (await send('GET', '/cart/totals/items/')).body.results as {
      id: number;
      media_count: number;
      total: string;
      total_original: string | null;
    }[];

  it('starts empty, in no currency', async () => {
    expect(await lines()).toEqual([]);
    expect(await totals()).toMatchObject({
      digital_items_total: '0.00',
      digital_items_count: 0,
      grand_total: '0.00',
      currency: null,
    });
  });

  it('puts picked photos in one line per album and prices them by the list', async () => {
    const first = await pick([mine[0]!, mine[1]!]);
    expect(first.status).toBe(201);
    const line = first.body as unknown as Line;
    expect(line).toMatchObject({
      order_type: 'PHOTOLIST',
      media_ids: [mine[0], mine[1]],
      checkin_id: albumId,
      picacode: 'K7M2Q9P',
      event_name: 'Lakeside City Marathon',
      gallery_id: null,
    });
    expect(line.medias).toHaveLength(2);
    expect((await h.app.inject({ url: line.medias[0]!.thumbnail_url })).statusCode).toBe(200);
    expect(await totals()).toMatchObject({
      digital_items_total: '19.80',
      // two photos picked: two items, though one line
      digital_items_count: 2,
      currency: 'EUR',
    });

    // The same album again: the line grows, no second line.
    const again = await pick([mine[2]!, mine[1]!]);
    expect((again.body as unknown as Line).id).toBe(line.id);
    expect((again.body as unknown as Line).media_ids).toEqual([mine[0], mine[1], mine[2]]);
    expect(await itemTotals()).toEqual([
      { id: line.id, media_count: 3, total: '29.70', total_original: null },
    ]);
  });

  it('keeps a pick priced by a gallery apart, and refuses photos outside that gallery', async () => {
    await pick([mine[1]!]);
    const start = await pick([mine[0]!], galleryIds.Start!);
    expect(start.status).toBe(201);
    expect(await lines()).toHaveLength(2);
    const outside = await pick([mine[1]!], galleryIds.Start!);
    expect(outside.status).toBe(404);
    expect(await lines()).toHaveLength(2);
  });

  it("refuses photos that are not in the user's album, and other users' lines, with 404", async () => {
    const wrong = await pick([mine[0]!, notMine]);
    expect(wrong.status).toBe(404);
    expect(await lines()).toEqual([]);
    const line = (await pick([mine[0]!])).body as unknown as Line;
    for (const [method, url, body] of [
      ['PATCH', `/cart/digital-items/${line.id}/add-medias/`, { media_ids: [mine[1]] }],
      ['PATCH', `/cart/digital-items/${line.id}/remove-medias/`, { media_ids: [mine[0]] }],
      ['GET', `/cart/digital-items/${line.id}/medias/`, undefined],
      ['DELETE', `/cart/digital-items/${line.id}/`, undefined],
    ] as const) {
      expect((await send(method, url, body, other)).status).toBe(404);
    }
    expect(
      (await send('POST', '/cart/digital-items/', { checkin_id: albumId, order_type: 'ALL_PHOTOS' }, other))
        .status,
    ).toBe(404);
    expect((await lines())[0]!.media_ids).toEqual([mine[0]]);
  });

  it('answers bad input with a validation error and a visitor with 401', async () => {
    const empty = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      order_type: 'PHOTOLIST',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_error');
    expect(
      (await send('POST', '/cart/digital-items/', { checkin_id: albumId, order_type: 'ALL' })).status,
    ).toBe(400);
    // An id no database integer holds is bad input, not a server error.
    expect((await send('DELETE', '/cart/digital-items/99999999999/')).status).toBe(400);
    expect((await send('GET', '/v2/checkins/99999999999/')).status).toBe(400);
    expect((await send('GET', '/cart/digital-items/1/medias/?page=99999999999999')).status).toBe(400);
    expect((await call(h.app, 'GET', '/api/cart/totals/')).status).toBe(401);
    expect(await lines()).toEqual([]);
  });

  it('adds and removes media of a line; a line without media goes', async () => {
    const line = (await pick([mine[0]!])).body as unknown as Line;
    const added = await send('PATCH', `/cart/digital-items/${line.id}/add-medias/`, { media_ids: [mine[1]] });
    expect(added.body.media_ids).toEqual([mine[0], mine[1]]);
    const removed = await send('PATCH', `/cart/digital-items/${line.id}/remove-medias/`, {
      media_ids: [mine[0]],
    });
    expect(removed.body.media_ids).toEqual([mine[1]]);
    const medias = await send('GET', `/cart/digital-items/${line.id}/medias/?page=1&page_size=10`);
    expect((medias.body.results as { id: number }[]).map((m) => m.id)).toEqual([mine[1]]);
    await send('PATCH', `/cart/digital-items/${line.id}/remove-medias/`, { media_ids: [mine[1]] });
    expect(await lines()).toEqual([]);
  });

  it('offers the whole-album package, which replaces the pick and covers every photo', async () => {
    // 3 photos cost 29.70 by the list: a package dearer than that is not offered (issue 17).
    await setPhotoPackage(h, marathonId, '19.90');
    const prices = await send('GET', `/v3/checkins/${albumId}/gallery_tree/0/price_list/`);
    // The album has no videos: only the photo package is offered, its photos one by one struck through.
    expect(prices.body.packages).toEqual([
      { order_type: 'ALL_PHOTOS', price: '19.90', price_original: '29.70' },
    ]);
    await pick([mine[0]!, mine[1]!]);
    const pack = await send('POST', '/cart/digital-items/', {
      checkin_id: albumId,
      order_type: 'ALL_PHOTOS',
    });
    expect(pack.status).toBe(201);
    const all = await lines();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ order_type: 'ALL_PHOTOS', media_ids: [] });
    expect(all[0]!.medias).toHaveLength(3);
    expect(await itemTotals()).toEqual([
      { id: all[0]!.id, media_count: 3, total: '19.90', total_original: '29.70' },
    ]);
    const medias = await send('GET', `/cart/digital-items/${all[0]!.id}/medias/`);
    expect(medias.body.pagination).toMatchObject({ total: 3 });
    // A photo picked now is already bought by the package.
    expect(((await pick([mine[2]!])).body as unknown as Line).id).toBe(all[0]!.id);
    // Taking one photo out makes it a pick of the others.
    const fewer = await send('PATCH', `/cart/digital-items/${all[0]!.id}/remove-medias/`, {
      media_ids: [mine[2]],
    });
    expect(fewer.body).toMatchObject({ order_type: 'PHOTOLIST' });
    expect([...(fewer.body.media_ids as number[])].sort()).toEqual([mine[0], mine[1]].sort());
  });

  it('refuses a package the album does not offer', async () => {
    const videos = await send('POST', '/cart/digital-items/', { checkin_id: albumId, order_type: 'VIDEOS' });
    expect(videos.status).toBe(400);
    expect(videos.body.code).toBe('not_for_sale');
    expect(await lines()).toEqual([]);
  });

  it('halves the photos in the last call and shows the price before', async () => {
    await h.database.executeSql('update photo_services set media_available_to = $1 where id = $2', [
      new Date(Date.now() + 86_400_000).toISOString(),
      marathonId,
    ]);
    await pick([mine[0]!, mine[1]!]);
    expect((await itemTotals())[0]).toMatchObject({ total: '9.90', total_original: '19.80' });
    expect(await totals()).toMatchObject({ digital_items_total: '9.90', grand_total: '9.90' });
  });

  it('sells nothing once the deadline has passed', async () => {
    await h.database.executeSql('update photo_services set media_available_to = $1 where id = $2', [
      new Date(Date.now() - 60_000).toISOString(),
      marathonId,
    ]);
    const late = await pick([mine[0]!]);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('not_for_sale');
  });

  it('sells nothing while the album runs when the event sells only afterwards', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const before = (
      await h.database.executeSql('select start_date, end_date from photo_services where id = $1', [
        marathonId,
      ])
    ).rows[0] as { start_date: string; end_date: string };
    await h.database.executeSql(
      'update photo_services set start_date = $1, end_date = $1, can_purchase_during_stay = false where id = $2',
      [today, marathonId],
    );
    try {
      const during = await pick([mine[0]!]);
      expect(during.status).toBe(400);
      expect(during.body.code).toBe('not_for_sale');
      expect(await lines()).toEqual([]);
    } finally {
      await h.database.executeSql(
        'update photo_services set start_date = $1, end_date = $2, can_purchase_during_stay = true where id = $3',
        [before.start_date, before.end_date, marathonId],
      );
    }
    expect((await pick([mine[0]!])).status).toBe(201);
  });

  it('holds one currency: photos in another one wait until the order is done', async () => {
    await pick([mine[0]!]);
    const swissPhoto = (
      (await send('GET', `/v3/checkins/${swissAlbumId}/all-medias/`)).body.results as { id: number }[]
    )[0]!.id;
    const refused = await pick([swissPhoto], null, swissAlbumId);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'currency_mismatch',
      data: { cart_currency: 'EUR', currency: 'CHF' },
    });
    expect(await lines()).toHaveLength(1);
    await send('DELETE', '/cart/');
    expect((await pick([swissPhoto], null, swissAlbumId)).status).toBe(201);
    expect(await totals()).toMatchObject({ digital_items_total: '8.00', currency: 'CHF' });
  });

  it('keeps an album while the cart holds its photos', async () => {
    await pick([mine[0]!]);
    const refused = await send('DELETE', `/v2/checkins/${albumId}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('album_in_cart');
    expect((await send('GET', `/v2/checkins/${albumId}/`)).status).toBe(200);
    const [line] = await lines();
    expect((await send('DELETE', `/cart/digital-items/${line!.id}/`)).status).toBe(200);
    expect(await lines()).toEqual([]);
  });

  it('puts every photo of a gallery in the cart at once', async () => {
    const all = await send('POST', '/cart/digital-items/add-all-medias/', {
      checkin_id: albumId,
      gallery_id: galleryIds['Km 10'],
    });
    expect(all.status).toBe(200);
    expect([...(all.body.media_ids as number[])].sort()).toEqual([mine[1], mine[2]].sort());
    expect(await totals()).toMatchObject({ digital_items_total: '19.80' });
  });
});
