import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, startHarness } from './harness';
import { payCart } from './orders-fixture';
import { addPhoto, runnerWithAlbum, seededMarathon } from './photos';

const run = promisify(execFile);
const ORDERS = '/api/organiser/v1/orders/';

interface Product {
  id: number;
  title: string;
  variants: { id: number }[];
}

interface Line {
  id: number;
  kind: string;
  media: { id: number; file_name: string | null; thumb_url: string | null; quantity: number }[];
  print: {
    product: string;
    options: Record<string, string>;
    size_mm: { width: number; height: number };
  } | null;
}

/**
 * Issue 19: the console's lab package is a zip a lab can work from (print files, manifest, order
 * sheet), refused while it is still to be made; and the order's lines show their photos.
 */
describe.each(BACKENDS)('organiser lab package zip on %s', (backend) => {
  let h: Harness;
  let owner: string;
  let buyer: string;
  let albumId: number;
  let prints: Product;
  const mine: number[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    const marathon = await seededMarathon(h);
    for (const shade of [0, 1]) mine.push(await addPhoto(h, marathon.place(), shade));
    await h.database.executeSql(
      `update media set original_filename = 'IMG_' || id || '.jpg' where id = any($1)`,
      [mine],
    );
    ({ token: buyer, albumId } = await runnerWithAlbum(h, 'lab.buyer@example.com'));
    owner = await logInAsDemoOrganiser(h.app);
    const list = (await call(h.app, 'GET', '/api/print/api/v1/products/?include_variants_with_price=true'))
      .body.results as Product[];
    prints = list.find((p) => p.title === 'Photo prints')!;
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await h.database.executeSql('delete from orders', []);
    await h.database.executeSql('delete from media_entitlements', []);
  });

  const get = (url: string) => h.app.inject({ url, headers: { authorization: `Token ${owner}` } });

  /** The buyer pays one photo by card; the order is theirs and the demo organisation's. */
  async function buy(id: number): Promise<number> {
    await call(h.app, 'DELETE', '/api/cart/', undefined, { token: buyer });
    const item = { checkin_id: albumId, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [id] };
    expect((await call(h.app, 'POST', '/api/cart/digital-items/', item, { token: buyer })).status).toBe(201);
    return payCart(h.app, buyer);
  }

  /** A print line of both photos (two copies of the first), as checkout writes it. */
  const addPrints = (orderId: number) =>
    h.database.executeSql(
      `insert into order_lines (order_id, kind, description, quantity, total, media_ids, print)
       values ($1, 'print', 'Photo prints', 3, 0, '{}', $2)`,
      [
        orderId,
        JSON.stringify({
          productId: prints.id,
          variantId: prints.variants[0]!.id,
          title: 'Photo prints',
          options: {},
          sizeMm: null,
          photos: [
            { photo_id: mine[0], quantity: 2 },
            { photo_id: mine[1], quantity: 1 },
          ],
          unitPrice: 0,
        }),
      ],
    );

  /** The zip's entries by name, read with Info-ZIP's own tools (the archive is tested whole first). */
  async function unzipped(payload: Buffer): Promise<Map<string, Buffer>> {
    const dir = await mkdtemp(join(tmpdir(), 'fotodrop-lab-zip-'));
    try {
      const file = join(dir, 'lab.zip');
      await writeFile(file, payload);
      await run('unzip', ['-tq', file]);
      const names = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
      const entries = new Map<string, Buffer>();
      for (const name of names) {
        const { stdout } = await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 1 << 26 });
        entries.set(name, stdout);
      }
      return entries;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('answers 404 without prints, 409 while the package is to come, then the zip with files, manifest and sheet', {
    timeout: 60_000,
  }, async () => {
    const digitalOnly = await buy(mine[0]!);
    const none = await get(`${ORDERS}${digitalOnly}/lab-package.zip`);
    expect(none.statusCode).toBe(404);

    const id = await buy(mine[1]!);
    await addPrints(id);
    await h.database.executeSql(`update orders set shipping_address = $2 where id = $1`, [
      id,
      JSON.stringify({
        first_name: 'Rita',
        last_name: 'Runner',
        email: 'rita@example.com',
        phone: '+39 333 1234567',
        street: 'Via Roma',
        number: '12',
        zip_code: '39100',
        city: 'Bolzano',
        country: 'IT',
      }),
    ]);
    await h.database.executeSql(`update orders set print_hold = 'held' where id = $1`, [id]);
    const held = await get(`${ORDERS}${id}/lab-package.zip`);
    expect([held.statusCode, held.json().code]).toEqual([409, 'lab_package_not_ready']);
    expect(held.json().message).toMatch(/review/);
    await h.database.executeSql(`update orders set print_hold = 'released' where id = $1`, [id]);
    const coming = await get(`${ORDERS}${id}/lab-package.zip`);
    expect([coming.statusCode, coming.json().code]).toEqual([409, 'lab_package_not_ready']);
    // nothing was made by asking
    expect(
      (await h.database.executeSql('select * from lab_packages where order_id = $1', [id])).rows,
    ).toEqual([]);

    expect(await h.services.labPackages.build(id)).toMatchObject({ files: 2 });
    const answer = await get(`${ORDERS}${id}/lab-package.zip`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toContain(`filename="order-${id}-lab.zip"`);
    const entries = await unzipped(answer.rawPayload);
    const root = `order-${id}/`;
    const line = `${root}01-photo-prints/`;
    expect([...entries.keys()].sort()).toEqual(
      [
        `${root}manifest.json`,
        `${root}order-sheet.txt`,
        `${line}${mine[0]}.jpg`,
        `${line}${mine[1]}.jpg`,
      ].sort(),
    );
    // the print files are the renditions the job stored, at 300 dpi
    const stored = (await h.storage.get(`lab/${id}/01-photo-prints/${mine[0]}.jpg`))!;
    expect(entries.get(`${line}${mine[0]}.jpg`)!.equals(stored)).toBe(true);
    expect((await sharp(entries.get(`${line}${mine[0]}.jpg`)!).metadata()).density).toBe(300);
    // the manifest names each file by its path in the zip, with its copies
    const manifest = JSON.parse(entries.get(`${root}manifest.json`)!.toString()) as {
      order_id: number;
      lines: { files: { photo_id: number; copies: number; path: string; key?: string }[] }[];
    };
    expect(manifest.order_id).toBe(id);
    expect(manifest.lines[0]!.files.map((f) => [f.photo_id, f.copies, f.path, f.key])).toEqual([
      [mine[0], 2, `${line}${mine[0]}.jpg`, undefined],
      [mine[1], 1, `${line}${mine[1]}.jpg`, undefined],
    ]);
    const sheet = entries.get(`${root}order-sheet.txt`)!.toString();
    expect(sheet).toContain(`Order #${id}`);
    expect(sheet).toContain('Rita Runner');
    expect(sheet).toContain('39100 Bolzano');
    expect(sheet).toContain('1. Photo prints');
    expect(sheet).toContain('quantity 3');
    expect(sheet).toContain(`2 × photo ${mine[0]}: ${line}${mine[0]}.jpg`);
  });

  it('answers 409 for an unpaid print order, 404 to a caller outside the organisation, 401 to anyone', async () => {
    const id = await buy(mine[0]!);
    await addPrints(id);
    await h.database.executeSql(`update orders set status = 'pending' where id = $1`, [id]);
    const unpaid = await get(`${ORDERS}${id}/lab-package.zip`);
    expect([unpaid.statusCode, unpaid.json().code]).toEqual([409, 'lab_package_not_ready']);
    expect(
      (await call(h.app, 'GET', `${ORDERS}${id}/lab-package.zip`, undefined, { token: buyer })).status,
    ).toBe(404);
    expect((await call(h.app, 'GET', `${ORDERS}${id}/lab-package.zip`)).status).toBe(401);
  });

  it('shows each line’s photos with thumbnail, file name and copies, and a print line’s size', async () => {
    const id = await buy(mine[1]!);
    await addPrints(id);
    const detail = await call(h.app, 'GET', `${ORDERS}${id}/`, undefined, { token: owner });
    expect(detail.status).toBe(200);
    const [digital, print] = detail.body.lines as Line[];
    expect(digital!.media).toMatchObject([{ id: mine[1], file_name: `IMG_${mine[1]}.jpg`, quantity: 1 }]);
    expect(digital!.print).toBeNull();
    expect(print!.media.map((m) => [m.id, m.file_name, m.quantity])).toEqual([
      [mine[0], `IMG_${mine[0]}.jpg`, 2],
      [mine[1], `IMG_${mine[1]}.jpg`, 1],
    ]);
    expect(print!.print).toMatchObject({ product: 'Photo prints' });
    expect(print!.print!.size_mm.width).toBeGreaterThan(0);
    // the thumbnail is a working signed link to the clean (unwatermarked) thumbnail
    const thumb = await h.app.inject({ url: print!.media[0]!.thumb_url!, headers: { accept: 'image/jpeg' } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);
    expect(print!.media[0]!.thumb_url).toContain(`/media/${mine[0]}/thumb-clean`);
  });
});
