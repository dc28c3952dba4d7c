import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { seedDemoPrint } from '../src/seed/demo-print';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto, addSwissRelay, setPhotoPackage } from './photos';

interface Product {
  id: number;
  family_id: number;
  title: string;
  min_photos: number;
  max_photos: number;
  currency: string;
  product_variant_options: { id: number; name: string; options: { id: number; name: string }[] }[];
  variants?: { id: number; variant_option_ids: number[]; price: string }[];
}

describe.each(BACKENDS)('print products on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  let albumId: number;
  let swissAlbumId: number;
  let swissPhoto: number;
  let startGallery: number;
  /** Runner 1042's photos, all at the start. */
  const mine: number[] = [];
  /** Runner 7's photo: in the other user's album and cart, not in ours. */
  let theirs: number;
  /** A video of runner 1042. */
  let video: number;
  let products: Record<string, Product>;

  const photo = (serviceId: number, galleryId: number, tags: string[], shade: number) =>
    addPhoto(h, { serviceId, galleryId, tags }, shade);

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const repo = photoServicesRepository(h.database.db);
    const marathon = (await repo.findBySlug('5e1a0c3d'))!;
    const rows = (
      await h.database.executeSql('select id, name from galleries where photo_service_id = $1', [marathon.id])
    ).rows as { id: number; name: string }[];
    startGallery = rows.find((r) => r.name === 'Start')!.id;
    for (let i = 0; i < 3; i++) mine.push(await photo(marathon.id, startGallery, ['bib-1042'], i));
    theirs = await photo(marathon.id, startGallery, ['bib-7'], 3);
    // offered only at or below what the album's 3 photos cost (issue 17)
    await setPhotoPackage(h, marathon.id, '19.90', [
      { order_type: 'PHOTOS_AND_VIDEOS', price: '29.90' },
      { order_type: 'VIDEOS', price: '9.90' },
    ]);
    // The pipeline needs ffmpeg for a real clip; the print rules only read the stored type.
    video = await photo(marathon.id, startGallery, ['bib-1042'], 4);
    await h.database.executeSql(`update media set type = 'video' where id = $1`, [video]);
    await repo.insertPicacode({
      photoServiceId: marathon.id,
      code: 'BIB7RUN',
      kind: 'participant',
      tags: ['bib-7'],
    });

    swissPhoto = await addSwissRelay(h, marathon.organisationId, 5);

    token = (await send('POST', '/v2/users/create/', SIGNUP)).body.token as string;
    other = (await send('POST', '/v2/users/create/', { ...SIGNUP, email: 'other@example.com' })).body
      .token as string;
    const album = async (picacode: string, t = token) =>
      (await send('POST', '/v2/checkins/', { picacode }, t)).body.id as number;
    albumId = await album('K7M2Q9P');
    swissAlbumId = await album('RELAY77');
    expect((await pick([theirs], null, await album('BIB7RUN', other), other)).status).toBe(201);

    const all = (await call(h.app, 'GET', '/api/print/api/v1/products/?include_variants_with_price=true'))
      .body.results as Product[];
    products = Object.fromEntries(all.map((p) => [p.title, p]));
  });
  afterAll(() => h?.close());

  beforeEach(async () => {
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token });
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, t = token) =>
    call(h.app, method, `/api${url}`, body, { token: t });
  const pick = (media_ids: number[], gallery_id: number | null = null, checkin_id = albumId, t = token) =>
    send('POST', '/cart/digital-items/', { checkin_id, gallery_id, order_type: 'PHOTOLIST', media_ids }, t);
  /** The option ids of a product by their names, e.g. options('Photo prints', '10×15 cm', 'Glossy'). */
  const options = (title: string, ...names: string[]) =>
    names.map(
      (name) =>
        products[title]!.product_variant_options.flatMap((g) => g.options).find((o) => o.name === name)!.id,
    );
  const decorate = (
    title: string,
    optionNames: string[],
    photos: { photo_id: number; quantity: number }[],
    add_to_cart = false,
    t = token,
  ) =>
    send(
      'POST',
      '/print/api/v1/decorate-product-configuration/',
      {
        product_id: products[title]!.id,
        variant_option_ids: options(title, ...optionNames),
        photos,
        add_to_cart,
      },
      t,
    );
  const one = (photo_id: number, quantity = 1) => ({ photo_id, quantity });
  const totals = async () => (await send('GET', '/cart/totals/')).body;

  it('lists the families in order and their products, with prices only when asked', async () => {
    const families = await call(h.app, 'GET', '/api/print/api/v1/product-families/');
    expect(families.status).toBe(200);
    const list = families.body.results as { id: number; title: string }[];
    expect(list.map((f) => f.title)).toEqual(['Prints', 'Wall art', 'Photobook']);

    const bare = (await call(h.app, 'GET', '/api/print/api/v1/products/')).body.results as Product[];
    expect(bare.map((p) => p.title)).toEqual(['Photo prints', 'Canvas', 'Photobook']);
    expect(bare.every((p) => p.variants === undefined)).toBe(true);
    expect(bare[0]!.product_variant_options.map((g) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ['Size', ['10×15 cm', '13×18 cm', '20×30 cm']],
      ['Finish', ['Glossy', 'Matt']],
    ]);

    const prints = products['Photo prints']!;
    expect(prints).toMatchObject({ min_photos: 1, max_photos: 100, currency: 'EUR' });
    expect(prints.variants).toHaveLength(6);
    const priceOf = (...names: string[]) =>
      prints.variants!.find(
        (v) =>
          [...v.variant_option_ids].sort().join() ===
          options('Photo prints', ...names)
            .sort()
            .join(),
      )?.price;
    expect(priceOf('10×15 cm', 'Glossy')).toBe('1.90');
    expect(priceOf('13×18 cm', 'Matt')).toBe('2.90');
    expect(priceOf('20×30 cm', 'Matt')).toBe('6.90');
    expect(products.Photobook).toMatchObject({ min_photos: 24, max_photos: 24 });

    const wallArt = list.find((f) => f.title === 'Wall art')!;
    const filtered = await call(h.app, 'GET', `/api/print/api/v1/products/?family_id=${wallArt.id}`);
    expect((filtered.body.results as Product[]).map((p) => p.title)).toEqual(['Canvas']);
    expect(
      (await call(h.app, 'GET', '/api/print/api/v1/products/?family_id=987654321')).body.results,
    ).toEqual([]);
  });

  it('answers one product with its variants; an unknown one is a 404', async () => {
    const canvas = await call(h.app, 'GET', `/api/print/api/v1/products/${products.Canvas!.id}/`);
    expect(canvas.status).toBe(200);
    expect((canvas.body as unknown as Product).variants!.map((v) => v.price).sort()).toEqual([
      '39.00',
      '59.00',
    ]);
    expect((await call(h.app, 'GET', '/api/print/api/v1/products/987654/')).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/print/api/v1/products/987654321/')).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/print/api/v1/products/abc/')).status).toBe(400);
    expect(
      (await call(h.app, 'GET', '/api/print/api/v1/products/?include_variants_with_price=yes')).status,
    ).toBe(400);
  });

  it('delivers to European countries, named in the request language', async () => {
    const de = await call(h.app, 'GET', '/api/print/api/v1/countries/', undefined, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(de.status).toBe(200);
    const results = de.body.results as { code: string; name: string }[];
    expect(results).toContainEqual({ code: 'DE', name: 'Deutschland' });
    expect(results).toContainEqual({ code: 'IT', name: 'Italien' });
    expect(results.map((c) => c.code)).not.toContain('US');
    const en = (await call(h.app, 'GET', '/api/print/api/v1/countries/')).body.results as { code: string }[];
    expect(en.map((c) => c.code).sort()).toEqual(results.map((c) => c.code).sort());
  });

  it('names families, products and options in the request language, English where none is stored', async () => {
    const asked = (url: string, language: string) =>
      call(h.app, 'GET', url, undefined, { headers: { 'accept-language': language } });
    const families = (await asked('/api/print/api/v1/product-families/', 'de-CH,de;q=0.9')).body.results as {
      title: string;
      description: string;
    }[];
    expect(families.map((f) => f.title)).toEqual(['Abzüge', 'Wandbilder', 'Fotobuch']);
    expect(families[0]!.description).toBe('Deine Fotos auf Fotopapier, glänzend oder matt.');
    const de = (await asked('/api/print/api/v1/products/', 'de')).body.results as Product[];
    expect(de.map((p) => p.title)).toEqual(['Fotoabzüge', 'Leinwand', 'Fotobuch']);
    expect(de[0]!.product_variant_options.map((g) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ['Größe', ['10×15 cm', '13×18 cm', '20×30 cm']],
      ['Oberfläche', ['Glänzend', 'Matt']],
    ]);
    // the same ids in every language: a configuration made in one reads in another
    expect(de[0]!.product_variant_options[1]!.options.map((o) => o.id)).toEqual(
      products['Photo prints']!.product_variant_options[1]!.options.map((o) => o.id),
    );
    const uk = (await asked(`/api/print/api/v1/products/${products.Canvas!.id}/`, 'uk'))
      .body as unknown as Product & { description: string };
    expect(uk.title).toBe('Полотно');
    expect(uk.description).toBe('Друк на полотні, натягнутому на дерев’яний підрамник.');
    const unknown = (await asked('/api/print/api/v1/products/', 'ja,zh;q=0.8')).body.results as Product[];
    expect(unknown.map((p) => p.title)).toEqual(['Photo prints', 'Canvas', 'Photobook']);

    // a demo catalogue seeded before translations existed gets them at the next start
    for (const table of [
      'print_product_families',
      'print_products',
      'print_variant_groups',
      'print_variant_options',
    ]) {
      await h.database.executeSql(`update ${table} set translations = '{}'::jsonb`);
    }
    expect(
      ((await asked('/api/print/api/v1/products/', 'fr')).body.results as Product[]).map((p) => p.title),
    ).toEqual(['Photo prints', 'Canvas', 'Photobook']);
    await seedDemoPrint(h.database.db);
    const fr = (await asked('/api/print/api/v1/products/', 'fr')).body.results as Product[];
    expect(fr.map((p) => p.title)).toEqual(['Tirages photo', 'Toile', 'Livre photo']);
    expect(fr[0]!.product_variant_options[1]!.options.map((o) => o.name)).toEqual(['Brillant', 'Mat']);
  });

  it('lets a visitor read the catalogue but not configure', async () => {
    const body = {
      product_id: products.Canvas!.id,
      variant_option_ids: options('Canvas', '30×40 cm'),
      photos: [one(mine[0]!)],
    };
    const visitor = await call(h.app, 'POST', '/api/print/api/v1/decorate-product-configuration/', body);
    expect(visitor.status).toBe(401);
  });

  it('prices a configuration of photos in the cart, without adding it', async () => {
    await pick([mine[0]!, mine[1]!]);
    const priced = await decorate('Photo prints', ['Matt', '13×18 cm'], [one(mine[0]!, 2), one(mine[1]!, 3)]);
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({
      product_id: products['Photo prints']!.id,
      title: 'Photo prints',
      variant_option_ids: options('Photo prints', '13×18 cm', 'Matt'),
      unit_price: '2.90',
      total_price: '14.50',
      currency: 'EUR',
      cart_item_id: null,
    });
    const photos = priced.body.photos as { photo_id: number; quantity: number; thumbnail_url: string }[];
    expect(photos.map((p) => [p.photo_id, p.quantity])).toEqual([
      [mine[0], 2],
      [mine[1], 3],
    ]);
    expect((await h.app.inject({ url: photos[0]!.thumbnail_url })).statusCode).toBe(200);
    expect(await totals()).toMatchObject({ print_items_count: 0, print_items_total: '0.00' });
  });

  it('refuses options that do not make one variant of the product', async () => {
    await pick([mine[0]!]);
    const fieldOf = async (variant_option_ids: number[], product_id = products['Photo prints']!.id) => {
      const r = await send('POST', '/print/api/v1/decorate-product-configuration/', {
        product_id,
        variant_option_ids,
        photos: [one(mine[0]!)],
      });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('validation_error');
      return (r.body.data as { fields: Record<string, string[]> }).fields;
    };
    // Only a size: the finish is missing.
    expect(await fieldOf(options('Photo prints', '10×15 cm'))).toEqual({
      variant_option_ids: ['print.variant_option_missing'],
    });
    // Two sizes.
    expect(
      (await fieldOf(options('Photo prints', '10×15 cm', '13×18 cm', 'Matt'))).variant_option_ids,
    ).toEqual(['print.variant_options_invalid']);
    // A canvas size on photo prints.
    expect(
      (await fieldOf([...options('Photo prints', 'Matt'), ...options('Canvas', '30×40 cm')]))
        .variant_option_ids,
    ).toEqual(['print.variant_options_invalid']);
    expect(await fieldOf(options('Canvas', '30×40 cm'), 987654)).toEqual({
      product_id: ['print.product_unknown'],
    });
    expect(await fieldOf(options('Canvas', '30×40 cm'), 987654321)).toEqual({
      product_id: ['print.product_unknown'],
    });
    const empty = await send('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: products.Canvas!.id,
      variant_option_ids: [],
      photos: [],
    });
    expect(empty.status).toBe(400);
  });

  it('takes the number of distinct photos the product allows', async () => {
    await pick([mine[0]!, mine[1]!]);
    const two = await decorate('Canvas', ['40×60 cm'], [one(mine[0]!), one(mine[1]!)]);
    expect(two.status).toBe(400);
    expect(two.body.data).toEqual({ fields: { photos: ['print.too_many_photos'] } });
    // The same photo twice is one photo, in two copies.
    const same = await decorate('Canvas', ['40×60 cm'], [one(mine[0]!), one(mine[0]!)]);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ photos: [{ photo_id: mine[0], quantity: 2 }], total_price: '118.00' });
    const book = await decorate('Photobook', ['A4 landscape, hardcover'], [one(mine[0]!)]);
    expect(book.body.data).toEqual({ fields: { photos: ['print.too_few_photos'] } });
  });

  it('prints only photos of the cart: others are refused, unseen ones are not found', async () => {
    await pick([mine[0]!]);
    const notInCart = await decorate('Canvas', ['30×40 cm'], [one(mine[1]!)]);
    expect(notInCart.status).toBe(400);
    expect(notInCart.body.data).toEqual({ fields: { photos: ['print.photo_not_in_cart'] } });
    // In another user's album and cart: this user does not see it.
    expect((await decorate('Canvas', ['30×40 cm'], [one(theirs)])).status).toBe(404);
    expect((await decorate('Canvas', ['30×40 cm'], [one(987654321)])).status).toBe(404);
    const videoLine = await pick([video]);
    expect(videoLine.status).toBe(201);
    const refused = await decorate('Canvas', ['30×40 cm'], [one(video)]);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ fields: { photos: ['print.video_not_printable'] } });
    // The album's photo package provides every photo of the album.
    await send('POST', '/cart/digital-items/', { checkin_id: albumId, order_type: 'ALL_PHOTOS' });
    expect((await decorate('Canvas', ['30×40 cm'], [one(mine[2]!)])).status).toBe(200);
  });

  it('prints no photo of an album that sells nothing now', async () => {
    await pick([mine[0]!]);
    const setDeadline = (at: Date) =>
      h.database.executeSql(`update photo_services set media_available_to = $1 where slug = '5e1a0c3d'`, [
        at.toISOString(),
      ]);
    await setDeadline(new Date(Date.now() - 60_000));
    try {
      const late = await decorate('Canvas', ['30×40 cm'], [one(mine[0]!)], true);
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('not_for_sale');
    } finally {
      await setDeadline(new Date(Date.now() + 90 * 86_400_000));
    }
    expect(await totals()).toMatchObject({ print_items_count: 0 });
  });

  it('adds a configuration to the cart, counted in the totals', async () => {
    await pick([mine[0]!, mine[1]!]);
    const added = await decorate(
      'Photo prints',
      ['10×15 cm', 'Glossy'],
      [one(mine[0]!, 2), one(mine[1]!)],
      true,
    );
    expect(added.status).toBe(200);
    expect(added.body.cart_item_id).toEqual(expect.any(Number));
    expect(added.body.total_price).toBe('5.70');
    expect(await totals()).toMatchObject({
      digital_items_total: '19.80',
      digital_items_count: 2,
      print_items_total: '5.70',
      print_items_count: 1,
      subtotal: '25.50',
      shipping_costs: '0.00',
      grand_total: '25.50',
      currency: 'EUR',
    });
    await decorate('Canvas', ['30×40 cm'], [one(mine[1]!)], true);
    expect(await totals()).toMatchObject({
      print_items_total: '44.70',
      print_items_count: 2,
      grand_total: '64.50',
    });
    // The whole cart for checkout: both halves, newest print item first, and the same totals.
    const whole = await call(h.app, 'GET', '/api/v1/cart/', undefined, { token });
    expect(whole.status).toBe(200);
    expect((whole.body.digital_items as { media_ids: number[] }[]).map((l) => l.media_ids)).toEqual([
      [mine[0], mine[1]],
    ]);
    expect(whole.body.print_items).toMatchObject([
      {
        title: 'Canvas',
        unit_price: '39.00',
        total_price: '39.00',
        photos: [{ photo_id: mine[1], quantity: 1 }],
      },
      { title: 'Photo prints', unit_price: '1.90', total_price: '5.70' },
    ]);
    expect(whole.body.totals).toMatchObject({ grand_total: '64.50' });
    expect(whole.body.voucher).toBeNull();

    // One print item goes; another user cannot remove the other one.
    const [canvas, prints] = whole.body.print_items as { id: number }[];
    expect(
      (await call(h.app, 'DELETE', `/api/cart/print-items/${canvas!.id}/`, undefined, { token })).status,
    ).toBe(200);
    expect(
      (await call(h.app, 'DELETE', `/api/cart/print-items/${prints!.id}/`, undefined, { token: other }))
        .status,
    ).toBe(404);
    expect(await totals()).toMatchObject({ print_items_total: '5.70', print_items_count: 1 });
  });

  it('keeps a digital item while a print item uses photos only it provides', async () => {
    const line = (await pick([mine[0]!, mine[1]!])).body as { id: number };
    await decorate('Canvas', ['30×40 cm'], [one(mine[0]!)], true);
    const refused = await send('DELETE', `/cart/digital-items/${line.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'item_used_in_print',
      message: "This item's photos are used in print products in your cart. Remove those first.",
    });
    const usedOut = await send('PATCH', `/cart/digital-items/${line.id}/remove-medias/`, {
      media_ids: [mine[0]],
    });
    expect(usedOut.status).toBe(400);
    expect(usedOut.body.code).toBe('item_used_in_print');
    // A photo no print item uses goes.
    const freeOut = await send('PATCH', `/cart/digital-items/${line.id}/remove-medias/`, {
      media_ids: [mine[1]],
    });
    expect(freeOut.status).toBe(200);
    expect(freeOut.body.media_ids).toEqual([mine[0]]);
    // Once another line provides the photo too, the first one may go.
    expect((await pick([mine[0]!], startGallery)).status).toBe(201);
    expect((await send('DELETE', `/cart/digital-items/${line.id}/`)).status).toBe(200);
    expect(await totals()).toMatchObject({ digital_items_count: 1, print_items_count: 1 });
  });

  it('keeps the photo package while a print item uses its photos', async () => {
    const pack = (
      await send('POST', '/cart/digital-items/', { checkin_id: albumId, order_type: 'ALL_PHOTOS' })
    ).body as { id: number };
    expect((await decorate('Canvas', ['30×40 cm'], [one(mine[2]!)], true)).status).toBe(200);
    const videosOnly = await send('PATCH', `/cart/digital-items/${pack.id}/set-type/`, { type: 'VIDEOS' });
    expect(videosOnly.status).toBe(400);
    expect(videosOnly.body.code).toBe('item_used_in_print');
    const withVideos = await send('PATCH', `/cart/digital-items/${pack.id}/set-type/`, {
      type: 'PHOTOS_AND_VIDEOS',
    });
    expect(withVideos.status).toBe(200);
    expect((await send('DELETE', `/cart/digital-items/${pack.id}/`)).body.code).toBe('item_used_in_print');
  });

  it('empties both halves of the cart at once', async () => {
    await pick([mine[0]!]);
    await decorate('Canvas', ['30×40 cm'], [one(mine[0]!)], true);
    expect((await send('DELETE', '/cart/')).status).toBe(200);
    expect(await totals()).toMatchObject({
      digital_items_count: 0,
      print_items_count: 0,
      grand_total: '0.00',
      currency: null,
    });
  });

  it('keeps one item for the same configuration added 20 times at once', async () => {
    await pick([mine[0]!, mine[1]!]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        // The same photos in either order are the same configuration.
        decorate(
          'Photo prints',
          ['10×15 cm', 'Glossy'],
          i % 2 ? [one(mine[0]!, 2), one(mine[1]!)] : [one(mine[1]!), one(mine[0]!, 2)],
          true,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.cart_item_id)).size).toBe(1);
    expect(await totals()).toMatchObject({ print_items_count: 1, print_items_total: '5.70' });
    // Other copies, other photos or another finish are another item.
    await decorate('Photo prints', ['10×15 cm', 'Glossy'], [one(mine[0]!, 3), one(mine[1]!)], true);
    await decorate('Photo prints', ['10×15 cm', 'Glossy'], [one(mine[0]!, 2)], true);
    await decorate('Photo prints', ['10×15 cm', 'Matt'], [one(mine[0]!, 2), one(mine[1]!)], true);
    expect(await totals()).toMatchObject({ print_items_count: 4 });
  });

  it('adds print products only in the cart currency', async () => {
    expect((await pick([swissPhoto], null, swissAlbumId)).status).toBe(201);
    // Pricing alone is fine: it is in the product's currency.
    const priced = await decorate('Canvas', ['30×40 cm'], [one(swissPhoto)]);
    expect(priced.body).toMatchObject({ currency: 'EUR', total_price: '39.00' });
    const refused = await decorate('Canvas', ['30×40 cm'], [one(swissPhoto)], true);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'currency_mismatch',
      data: { cart_currency: 'CHF', currency: 'EUR' },
    });
    expect(await totals()).toMatchObject({ print_items_count: 0, currency: 'CHF' });
  });
});
