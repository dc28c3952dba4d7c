import {
  PHOTOBOOK_BACK_COVER_ID,
  PHOTOBOOK_BLANK_PAGE_ID,
  PHOTOBOOK_FRONT_COVER_ID,
  PHOTOBOOK_PHOTO_COUNT,
} from '@fotodrop/contract';
import { photobookPages } from '@fotodrop/contract/rules/photobook';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

interface Book {
  front_cover_url: string;
  back_cover_url: string;
  photos: { id: number; url: string }[];
  price: string;
  currency: string;
  offer_until: string;
  event_name: string;
  photo_count: number;
  product_id: number;
  variant_option_ids: number[];
}

const DAY_MS = 86_400_000;

describe.each(BACKENDS)('photobook offer on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  /** Runner 1042's album (26 photos) and runner 7's (3 photos), both of the user. */
  let bigAlbum: number;
  let smallAlbum: number;
  /** The other user's album of runner 1042. */
  let theirAlbum: number;
  let marathonId: number;
  let endDate: string;
  const runner1042: number[] = [];
  const runner7: number[] = [];
  let started: Date;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, t = token) =>
    call(h.app, method, `/api${url}`, body, { token: t });
  const offer = (checkinId: number, t = token) =>
    send('GET', `/photobook-offer/?checkin_id=${checkinId}`, undefined, t);
  const preview = (checkinId: number, key: string, t = token) =>
    send('GET', `/photobook-preview/?checkin_id=${checkinId}&key=${encodeURIComponent(key)}`, undefined, t);
  const keyOf = async (checkinId: number, t = token) =>
    ((await offer(checkinId, t)).body.offer as { key: string }).key;

  beforeAll(async () => {
    h = await startHarness(backend);
    started = h.clock.now;
    await seedDemo(h.database.db, argon2Hasher, 1);
    const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    marathonId = marathon.id;
    endDate = marathon.endDate;
    const [gallery] = (
      await h.database.executeSql('select id from galleries where photo_service_id = $1 order by id', [
        marathon.id,
      ])
    ).rows as { id: number }[];
    const place = (tags: string[]) => ({ serviceId: marathon.id, galleryId: gallery!.id, tags });
    for (let i = 0; i < 3; i++) runner1042.push(await addPhoto(h, place(['bib-1042']), i));
    for (let i = 0; i < 3; i++) runner7.push(await addPhoto(h, place(['bib-7']), i + 3));
    // 23 more of runner 1042, as copies of a processed photo's row: the offer reads rows, not files.
    const copies = (
      await h.database.executeSql(
        `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
         select photo_service_id, gallery_id, type, status, tags, width, height,
                now() - make_interval(days => n)
           from media, generate_series(1, 23) n where id = $1 returning id`,
        [runner1042[0]],
      )
    ).rows as { id: number }[];
    runner1042.push(...copies.map((r) => r.id));
    await photoServicesRepository(h.database.db).insertPicacode({
      photoServiceId: marathon.id,
      code: 'BIB7RUN',
      kind: 'participant',
      tags: ['bib-7'],
    });
    token = (await send('POST', '/v2/users/create/', SIGNUP)).body.token as string;
    other = (await send('POST', '/v2/users/create/', { ...SIGNUP, email: 'other@example.com' })).body
      .token as string;
    const album = async (picacode: string, t = token) =>
      (await send('POST', '/v2/checkins/', { picacode }, t)).body.id as number;
    bigAlbum = await album('K7M2Q9P');
    smallAlbum = await album('BIB7RUN');
    theirAlbum = await album('K7M2Q9P', other);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    h.clock.now = started;
    await send('DELETE', '/cart/');
  });

  it('gives the album owner an offer link that runs 60 days after the event', async () => {
    const answer = await offer(bigAlbum);
    expect(answer.status).toBe(200);
    const link = answer.body.offer as { checkin_id: number; key: string; offer_until: string };
    expect(link.checkin_id).toBe(bigAlbum);
    expect(link.key.length).toBeGreaterThan(20);
    const until = new Date(Date.parse(`${endDate}T00:00:00Z`) + 60 * DAY_MS).toISOString().slice(0, 10);
    expect(link.offer_until).toBe(until);
    // Each user and album has its own key.
    expect(await keyOf(smallAlbum)).not.toBe(link.key);
    expect(await keyOf(theirAlbum, other)).not.toBe(link.key);
  });

  it('previews 24 photos, favourites first, watermarked, priced as the catalogue photobook', async () => {
    const liked = [runner1042[20]!, runner1042[2]!];
    for (const id of liked) expect((await send('POST', `/v3/medias/${id}/add-favorite/`)).status).toBe(200);
    const answer = await preview(bigAlbum, await keyOf(bigAlbum));
    expect(answer.status).toBe(200);
    const book = answer.body.photobook as Book;
    expect(book.photos).toHaveLength(PHOTOBOOK_PHOTO_COUNT);
    expect(book.photo_count).toBe(PHOTOBOOK_PHOTO_COUNT);
    const ids = book.photos.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => runner1042.includes(id))).toBe(true);
    // favourites first (in the album's order: newest first), then the album's newest photos
    expect(ids.slice(0, 2).sort()).toEqual([...liked].sort());
    expect(ids.slice(2)).not.toContain(liked[0]);
    // not bought: the watermarked preview, signed
    for (const p of book.photos)
      expect(p.url).toMatch(new RegExp(`^/api/media/${p.id}/preview\\?exp=\\d+&sig=`));
    const shown = await h.app.inject({
      method: 'GET',
      url: book.photos.find((p) => p.id === runner1042[2])!.url,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^image\//);
    expect(book.event_name).toBe('Lakeside City Marathon');
    // These photos are rows without files (see beforeAll): no cover can be rendered, the photo stands in.
    expect(book.front_cover_url).toBe(book.photos[0]!.url);

    const products = (await send('GET', '/print/api/v1/products/?include_variants_with_price=true')).body
      .results as {
      id: number;
      title: string;
      variants: { variant_option_ids: number[]; price: string }[];
    }[];
    const photobook = products.find((p) => p.title === 'Photobook')!;
    expect(book.product_id).toBe(photobook.id);
    expect(book).toMatchObject({ price: photobook.variants[0]!.price, currency: 'EUR' });
    expect(book.price).toBe('49.90');

    // The client's page order: front cover, 24 pages (even: no filler), back cover.
    const pages = photobookPages(book.photos, book);
    expect(pages.map((p) => p.id)).toEqual([PHOTOBOOK_FRONT_COVER_ID, ...ids, PHOTOBOOK_BACK_COVER_ID]);

    // Ordering is the print flow with exactly these photos: in the cart, then the book at its price.
    const pick = await send('POST', '/cart/digital-items/', {
      checkin_id: bigAlbum,
      order_type: 'PHOTOLIST',
      media_ids: ids,
    });
    expect(pick.status).toBe(201);
    const ordered = await send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: book.product_id,
      variant_option_ids: book.variant_option_ids,
      photos: ids.map((photo_id) => ({ photo_id, quantity: 1 })),
      add_to_cart: true,
    });
    expect(ordered.status).toBe(200);
    expect(ordered.body).toMatchObject({ total_price: book.price, currency: 'EUR' });
    expect(ordered.body.cart_item_id).toEqual(expect.any(Number));
    for (const id of liked) await send('POST', `/v3/medias/${id}/remove-favorite/`);
  });

  it('shows the photos an album has when it has fewer, with the blank filler page before the back cover, and its covers rendered', async () => {
    const answer = await preview(smallAlbum, await keyOf(smallAlbum));
    expect(answer.status).toBe(200);
    const book = answer.body.photobook as Book;
    expect(book.photos.map((p) => p.id).sort()).toEqual([...runner7].sort());
    expect(book.photo_count).toBe(PHOTOBOOK_PHOTO_COUNT);
    const pages = photobookPages(book.photos, book);
    expect(pages.map((p) => p.kind)).toEqual([
      'front_cover',
      'photo',
      'photo',
      'photo',
      'blank',
      'back_cover',
    ]);
    expect(pages.at(-2)!.id).toBe(PHOTOBOOK_BLANK_PAGE_ID);
    // The covers are rendered as printed: the first photo with the site's band, the last one framed.
    expect(book.front_cover_url).toMatch(
      /^\/api\/photobook-covers\/\d+-front-[0-9a-f]{32}\.jpg\?exp=\d+&sig=/,
    );
    expect(book.back_cover_url).toMatch(/^\/api\/photobook-covers\/\d+-back-[0-9a-f]{32}\.jpg\?exp=\d+&sig=/);
    const front = await h.app.inject({ method: 'GET', url: book.front_cover_url });
    expect(front.statusCode).toBe(200);
    expect(front.headers['content-type']).toBe('image/jpeg');
    const { data, info } = await sharp(front.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 848]);
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const band = at(info.width - 60, Math.round(info.height * 0.75));
    for (const [channel, want] of [0x43, 0x38, 0xca].entries())
      expect(Math.abs(band[channel]! - want)).toBeLessThan(30);
    expect((await h.app.inject({ method: 'GET', url: book.back_cover_url })).statusCode).toBe(200);
    // the link is the permission: a changed name or signature is refused
    const forged = book.front_cover_url.replace('-front-', '-back-');
    expect((await h.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    // made once: the next preview links the same files
    const again = (await preview(smallAlbum, await keyOf(smallAlbum))).body.photobook as Book;
    expect(again.front_cover_url.split('?')[0]).toBe(book.front_cover_url.split('?')[0]);
  });

  it('shows a bought photo clean, as the album does', async () => {
    const [user] = (await h.database.executeSql('select id from users where email = $1', [SIGNUP.email]))
      .rows as { id: number }[];
    // A paid order for the entitlement to point at (orders themselves are another test's subject).
    const [order] = (
      await h.database.executeSql(
        `insert into orders (user_id, status, payment_method, provider, currency, digital_total, print_total,
           shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base, paid_at)
         values ($1, 'paid', 'stripe', 'test', 'EUR', 660, 0, 0, 0, 0, 660, 'photobook-test', 'http://localhost:8080', now())
         returning id`,
        [user!.id],
      )
    ).rows as { id: number }[];
    const bought = runner7[1]!;
    await h.database.executeSql(
      'insert into media_entitlements (user_id, media_id, order_id) values ($1, $2, $3)',
      [user!.id, bought, order!.id],
    );
    const book = (await preview(smallAlbum, await keyOf(smallAlbum))).body.photobook as Book;
    for (const p of book.photos) {
      const file = p.id === bought ? 'preview-clean' : 'preview';
      expect(p.url.startsWith(`/api/media/${p.id}/${file}?exp=`)).toBe(true);
    }
    const clean = await h.app.inject({ method: 'GET', url: book.photos.find((p) => p.id === bought)!.url });
    expect(clean.statusCode).toBe(200);
  });

  it('has no offer for an album without photos', async () => {
    await photoServicesRepository(h.database.db).insertPicacode({
      photoServiceId: marathonId,
      code: 'BIB999X',
      kind: 'participant',
      tags: ['bib-999'],
    });
    const empty = (await send('POST', '/v2/checkins/', { picacode: 'BIB999X' })).body.id as number;
    expect((await offer(empty)).body).toEqual({ offer: null });
    // its right key (as an e-mail would carry it) finds no book to show
    const [user] = (await h.database.executeSql('select id from users where email = $1', [SIGNUP.email]))
      .rows as { id: number }[];
    const refused = await preview(empty, await h.services.photobook.keyOf(user!.id, empty));
    expect(refused.status).toBe(410);
    expect(refused.body).toMatchObject({ code: 'photobook_offer_unavailable' });
  });

  it("refuses a forged key or another album's key as no longer available for sale", async () => {
    const forged = await preview(bigAlbum, 'not-the-key');
    expect(forged.status).toBe(410);
    expect(forged.body).toMatchObject({ code: 'photobook_offer_unavailable' });
    expect(forged.body.message).toMatch(/no longer available for sale/);
    // a real key moved to another album of the same user
    const swapped = await preview(bigAlbum, await keyOf(smallAlbum));
    expect(swapped.status).toBe(410);
    // one character changed
    const key = await keyOf(bigAlbum);
    const changed = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await preview(bigAlbum, changed)).status).toBe(410);
    expect((await preview(bigAlbum, '')).status).toBe(400);
  });

  it("answers 404 for another user's album, with or without its key", async () => {
    expect((await preview(theirAlbum, await keyOf(theirAlbum, other))).status).toBe(404);
    expect((await offer(theirAlbum)).status).toBe(404);
    expect((await preview(theirAlbum, await keyOf(theirAlbum, other), other)).status).toBe(200);
  });

  it('ends the offer after its last day, and when the album deadline comes first', async () => {
    const key = await keyOf(bigAlbum);
    const lastDay = Date.parse(`${endDate}T00:00:00Z`) + 60 * DAY_MS;
    // Two months on, the session has expired too: sign in again then.
    const signIn = async () =>
      (
        await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
          username: SIGNUP.email,
          password: SIGNUP.password1,
        })
      ).body.token as string;
    h.clock.now = new Date(lastDay + DAY_MS - 1000);
    const later = await signIn();
    expect((await preview(bigAlbum, key, later)).status).toBe(200);
    h.clock.now = new Date(lastDay + DAY_MS);
    const expired = await preview(bigAlbum, key, later);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'photobook_offer_unavailable' });
    expect((await offer(bigAlbum, later)).body).toEqual({ offer: null });

    h.clock.now = started;
    const deadline = new Date(started.getTime() + 5 * DAY_MS);
    await h.database.executeSql('update photo_services set media_available_to = $1 where id = $2', [
      deadline.toISOString(),
      marathonId,
    ]);
    try {
      expect(((await offer(bigAlbum)).body.offer as { offer_until: string }).offer_until).toBe(
        deadline.toISOString().slice(0, 10),
      );
      h.clock.now = new Date(deadline.getTime() + 1000);
      expect((await preview(bigAlbum, key)).status).toBe(410);
    } finally {
      await h.database.executeSql(
        `update photo_services set media_available_to = now() + interval '90 days' where id = $1`,
        [marathonId],
      );
    }
  });
  it("follows the album's organisation's print offer: its photobook price, or no offer when it sells none (issue 19)", async () => {
    const key = await keyOf(bigAlbum);
    const book = (await preview(bigAlbum, key)).body.photobook as Book;
    const { rows } = await h.database.executeSql(
      `select v.id as variant, p.organisation_id as org from print_variants v, photo_services p
        where v.product_id = $1 and p.id = $2 order by v.id`,
      [book.product_id, marathonId],
    );
    const { variant, org } = rows[0] as { variant: number; org: number };
    try {
      // its own price for the book
      await h.database.executeSql(
        'insert into organisation_print_prices (organisation_id, variant_id, price) values ($1, $2, 12.5)',
        [org, variant],
      );
      expect(((await preview(bigAlbum, key)).body.photobook as Book).price).toBe('12.50');
      // the photobook switched off: no offer link, and the preview is no longer for sale
      await h.database.executeSql(
        'insert into organisation_print_products (organisation_id, product_id, enabled) values ($1, $2, false)',
        [org, book.product_id],
      );
      expect((await offer(bigAlbum)).body).toEqual({ offer: null });
      expect((await preview(bigAlbum, key)).status).toBe(410);
    } finally {
      await h.database.executeSql('delete from organisation_print_products where organisation_id = $1', [
        org,
      ]);
      await h.database.executeSql('delete from organisation_print_prices where organisation_id = $1', [org]);
    }
    expect(((await preview(bigAlbum, key)).body.photobook as Book).price).toBe(book.price);
  });
});
