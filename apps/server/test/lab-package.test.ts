import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { labPackages, orderLines, orders, type PrintLineSnapshot } from '../src/db/order-schema';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { usersRepository } from '../src/repositories/users.repository';
import { seedDemo } from '../src/seed/demo';
import { buildLabPackage, type LabManifest, labManifestKey } from '../src/services/orders/lab-package';
import { LAB_PACKAGE_QUEUE, registerLabPackageWorker } from '../src/services/orders/lab-package.jobs';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

interface Product {
  id: number;
  title: string;
  product_variant_options: { name: string; options: { id: number; name: string }[] }[];
  variants: { id: number; variant_option_ids: number[] }[];
}

const ADDRESS = {
  first_name: 'Rita',
  last_name: 'Runner',
  full_name: 'Rita Runner',
  email: 'runner@example.com',
  phone: '+39 333 1234567',
  street: 'Via Roma',
  number: '12',
  zip_code: '39100',
  city: 'Bolzano',
  country: 'IT',
};

describe.each(BACKENDS)('lab package of a paid print order on %s', (backend) => {
  let h: Harness;
  let dir: string;
  let storage: Storage;
  let userId: number;
  let photos: number[];
  let products: Record<string, Product>;

  /** The variant of a product with these option names. */
  const variantOf = (title: string, ...names: string[]) => {
    const product = products[title]!;
    const ids = product.product_variant_options
      .flatMap((g) => g.options)
      .filter((o) => names.includes(o.name))
      .map((o) => o.id)
      .sort((a, b) => a - b);
    return product.variants.find(
      (v) => [...v.variant_option_ids].sort((a, b) => a - b).join() === ids.join(),
    )!.id;
  };

  const line = (
    snapshot: Omit<PrintLineSnapshot, 'options' | 'sizeMm' | 'unitPrice'> & Partial<PrintLineSnapshot>,
  ) => ({
    kind: 'print' as const,
    description: snapshot.title,
    quantity: snapshot.photos.reduce((s, p) => s + p.quantity, 0),
    total: 1000,
    print: { options: {}, sizeMm: null, unitPrice: 500, ...snapshot },
  });

  async function insertOrder(status: 'paid' | 'awaiting_payment', lines: ReturnType<typeof line>[]) {
    const db = h.database.db;
    const [order] = await db
      .insert(orders)
      .values({
        userId,
        status,
        paymentMethod: 'stripe',
        provider: 'test',
        currency: 'EUR',
        digitalTotal: 0,
        printTotal: 3000,
        shippingCosts: 590,
        handlingFee: 150,
        discountTotal: 0,
        grandTotal: 3740,
        shippingAddress: ADDRESS,
        fingerprint: `fp-${Math.random()}`,
        linkBase: 'http://localhost:8080',
        paidAt: status === 'paid' ? new Date('2026-11-20T10:00:00Z') : null,
      })
      .returning();
    await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })));
    return order!.id;
  }

  const rowsOf = async (orderId: number) =>
    (await h.database.executeSql('select * from lab_packages where order_id = $1', [orderId])).rows;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fotodrop-lab-'));
    storage = localStorage(dir);
    h = await startHarness(backend, { storage });
    await seedDemo(h.database.db, argon2Hasher, 1);
    const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    const { rows } = await h.database.executeSql(
      `select id from galleries where photo_service_id = $1 and name = 'Start'`,
      [marathon.id],
    );
    const place = { serviceId: marathon.id, galleryId: (rows[0] as { id: number }).id, tags: ['bib-1042'] };
    photos = [await addPhoto(h, place, 1), await addPhoto(h, place, 2)];
    await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP);
    userId = (await usersRepository(h.database.db).findByEmail(SIGNUP.email))!.id;
    const list = (await call(h.app, 'GET', '/api/print/api/v1/products/?include_variants_with_price=true'))
      .body.results as Product[];
    products = Object.fromEntries(list.map((p) => [p.title, p]));
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders each photo at its print size at 300 dpi and lists it in the manifest; a re-run changes nothing', async () => {
    const [first, second] = photos as [number, number];
    const original = await sharp((await storage.get(`media/${first}/original.jpg`))!).metadata();
    const landscape = original.width >= original.height;
    const orderId = await insertOrder('paid', [
      line({
        productId: products['Photo prints']!.id,
        variantId: variantOf('Photo prints', '13×18 cm', 'Glossy'),
        title: 'Photo prints',
        photos: [
          { photo_id: first, quantity: 2 },
          { photo_id: second, quantity: 1 },
        ],
      }),
      line({
        productId: products.Canvas!.id,
        variantId: variantOf('Canvas', '30×40 cm'),
        title: 'Canvas',
        sizeMm: { width: 300, height: 400 },
        photos: [{ photo_id: first, quantity: 1 }],
      }),
    ]);

    const built = await buildLabPackage({ db: h.database.db, storage }, orderId);
    expect(built).toEqual({ manifestKey: labManifestKey(orderId), files: 3 });
    const manifest = JSON.parse((await storage.get(labManifestKey(orderId)))!.toString()) as LabManifest;
    expect(manifest).toMatchObject({
      order_id: orderId,
      date: '2026-11-20T10:00:00.000Z',
      shipping_address: { city: 'Bolzano', country: 'IT' },
    });
    const [prints, canvas] = manifest.lines;
    // The options come from the catalogue: the order line named only the variant.
    expect(prints).toMatchObject({
      product: 'Photo prints',
      options: { Size: '13×18 cm', Finish: 'Glossy' },
      size_mm: { width: 130, height: 180 },
      dpi: 300,
      copies: 3,
    });
    expect(canvas).toMatchObject({
      product: 'Canvas',
      options: { Size: '30×40 cm' },
      size_mm: { width: 300, height: 400 },
    });
    // 13×18 cm at 300 dpi: 1535 × 2126 px; 30×40 cm: 3543 × 4724 px, the long side along the photo's.
    const along = (long: number, short: number) =>
      landscape ? { width: long, height: short } : { width: short, height: long };
    expect(prints!.files.map((f) => [f.photo_id, f.copies, f.width, f.height])).toEqual([
      [first, 2, along(2126, 1535).width, along(2126, 1535).height],
      [second, 1, along(2126, 1535).width, along(2126, 1535).height],
    ]);
    expect(canvas!.files[0]).toMatchObject({ photo_id: first, copies: 1, ...along(4724, 3543) });

    const files = manifest.lines.flatMap((l) => l.files);
    for (const file of files) {
      expect(file.key.startsWith(`lab/${orderId}/`)).toBe(true);
      const meta = await sharp((await storage.get(file.key))!).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format, density: meta.density }).toEqual({
        width: file.width,
        height: file.height,
        format: 'jpeg',
        density: 300,
      });
    }
    expect(await rowsOf(orderId)).toHaveLength(1);

    // Again: the same answer, the same files, still one row.
    const before = await Promise.all(files.map((f) => storage.get(f.key)));
    expect(await buildLabPackage({ db: h.database.db, storage }, orderId)).toEqual(built);
    const after = await Promise.all(files.map((f) => storage.get(f.key)));
    expect(after.map((b, i) => b!.equals(before[i]!))).toEqual(files.map(() => true));
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it('finishes after a crash half way: the files written are kept, the rest made, one row', async () => {
    const [first, second] = photos as [number, number];
    const orderId = await insertOrder('paid', [
      line({
        productId: products['Photo prints']!.id,
        variantId: variantOf('Photo prints', '10×15 cm', 'Matt'),
        title: 'Photo prints',
        photos: [
          { photo_id: first, quantity: 1 },
          { photo_id: second, quantity: 1 },
        ],
      }),
    ]);
    // The process dies when it stores the manifest, after both renditions.
    const crashing: Storage = {
      ...storage,
      put: (key, body, type) =>
        key.endsWith('manifest.json') ? Promise.reject(new Error('killed')) : storage.put(key, body, type),
    };
    await expect(buildLabPackage({ db: h.database.db, storage: crashing }, orderId)).rejects.toThrow(
      'killed',
    );
    expect(await rowsOf(orderId)).toHaveLength(0);
    expect(await storage.exists(labManifestKey(orderId))).toBe(false);

    const built = await buildLabPackage({ db: h.database.db, storage }, orderId);
    expect(built?.files).toBe(2);
    const manifest = JSON.parse((await storage.get(labManifestKey(orderId)))!.toString()) as LabManifest;
    expect(manifest.lines[0]).toMatchObject({
      options: { Size: '10×15 cm', Finish: 'Matt' },
      size_mm: { width: 100, height: 150 },
    });
    for (const file of manifest.lines[0]!.files) expect(await storage.exists(file.key)).toBe(true);
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it('makes nothing for an order that is not paid', async () => {
    const orderId = await insertOrder('awaiting_payment', [
      line({
        productId: products.Canvas!.id,
        variantId: variantOf('Canvas', '40×60 cm'),
        title: 'Canvas',
        photos: [{ photo_id: photos[0]!, quantity: 1 }],
      }),
    ]);
    expect(await buildLabPackage({ db: h.database.db, storage }, orderId)).toBeNull();
    expect(await storage.exists(labManifestKey(orderId))).toBe(false);
    expect(await rowsOf(orderId)).toHaveLength(0);
  });

  it('is built by the job queue worker from the fulfilment’s message', { timeout: 60_000 }, async () => {
    const orderId = await insertOrder('paid', [
      line({
        productId: products.Photobook!.id,
        variantId: products.Photobook!.variants[0]!.id,
        title: 'Photobook',
        photos: [{ photo_id: photos[0]!, quantity: 1 }],
      }),
    ]);
    await registerLabPackageWorker(h.jobs, h.services.labPackages);
    await h.jobs.send(LAB_PACKAGE_QUEUE, { orderId }, { singletonKey: `lab-${orderId}` });
    for (let i = 0; i < 200 && (await rowsOf(orderId)).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const [row] = await h.database.db.select().from(labPackages);
    expect(await rowsOf(orderId)).toHaveLength(1);
    expect(row).toBeDefined();
    const manifest = JSON.parse((await storage.get(labManifestKey(orderId)))!.toString()) as LabManifest;
    // The photobook's "A4 landscape" format: 297 × 210 mm.
    expect(manifest.lines[0]).toMatchObject({
      options: { Format: 'A4 landscape, hardcover' },
      size_mm: { width: 297, height: 210 },
    });
  });

  it('makes a photobook a print-ready PDF: covers, one page per side with bleed and trim, a blank filler when odd', {
    timeout: 120_000,
  }, async () => {
    const [first, second] = photos as [number, number];
    const orderId = await insertOrder('paid', [
      line({
        productId: products.Photobook!.id,
        variantId: products.Photobook!.variants[0]!.id,
        title: 'Photobook',
        photos: [
          { photo_id: first, quantity: 1 },
          { photo_id: second, quantity: 1 },
          { photo_id: first, quantity: 1 },
        ],
      }),
    ]);
    expect(await buildLabPackage({ db: h.database.db, storage }, orderId)).toMatchObject({ files: 3 });
    const manifest = JSON.parse((await storage.get(labManifestKey(orderId)))!.toString()) as LabManifest;
    const [book] = manifest.lines;
    expect(book?.book).toMatchObject({ pages: 6, trim_mm: { width: 297, height: 210 }, bleed_mm: 3 });
    // Pages are the book's size plus 3 mm on every side at 300 dpi: 303 × 216 mm = 3579 × 2551 px.
    for (const file of book!.files) {
      const meta = await sharp((await storage.get(file.key))!).metadata();
      expect([meta.width, meta.height, meta.density]).toEqual([3579, 2551, 300]);
    }

    const pdf = await PDFDocument.load((await storage.get(book!.book!.pdf_key))!);
    expect(pdf.getTitle()).toBe('Lakeside City Marathon');
    const pages = pdf.getPages();
    // front cover, the three photos, the blank filler (odd count), the back cover
    expect(pages).toHaveLength(6);
    const mm = (points: number) => Math.round((points * 25.4) / 72);
    for (const page of pages) {
      const media = page.getMediaBox();
      const trim = page.getTrimBox();
      expect([mm(media.width), mm(media.height)]).toEqual([303, 216]);
      expect([mm(trim.x), mm(trim.y), mm(trim.width), mm(trim.height)]).toEqual([3, 3, 297, 210]);
      expect(page.getBleedBox()).toEqual(media);
    }
    const images = pages.map((page) => page.node.Resources()?.toString().includes('/XObject') ?? false);
    expect(images).toEqual([true, true, true, true, false, true]);

    // The front cover carries the event's band in the site's colour (the default theme here).
    const cover = sharp(
      (await storage.get(`${book!.files[0]!.key.replace(/page-.*$/, '')}cover-front.jpg`))!,
    );
    const { data, info } = await cover.raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const band = at(info.width - 400, Math.round(info.height * 0.7));
    for (const [channel, want] of [0x43, 0x38, 0xca].entries())
      expect(Math.abs(band[channel]! - want)).toBeLessThan(30);
  });
});
