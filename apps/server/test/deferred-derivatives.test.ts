import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { mediaKey, uploadKey } from '../src/media/variants';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { type Harness, startHarness } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample2.jpg', import.meta.url),
);

/** Issue 20: a photo is published with its must-have files; AVIF thumbnails and the original come later. */
describe.each(BACKENDS)('deferred derivatives on %s', (backend) => {
  let h: Harness;
  let dir: string;
  let storage: Storage;
  let serviceId: number;
  let shade = 0;
  /** Every key written, in order: how often a file was made. */
  const puts: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fotodrop-deferred-'));
    const local = localStorage(dir);
    storage = {
      ...local,
      put: (key, body, contentType) => {
        puts.push(key);
        return local.put(key, body, contentType);
      },
    };
    h = await startHarness(backend, { storage });
    await seedDemo(h.database.db, argon2Hasher, 1);
    serviceId = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!.id;
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A new photo (800 px, with EXIF), published by the derivatives job but not by the later one. */
  async function published(): Promise<number> {
    const bytes = await sharp(await readFile(SAMPLE))
      .resize(800)
      .modulate({ brightness: 1 + shade++ / 20 })
      .withExif({ IFD0: { Copyright: 'Photographer 42' } })
      .jpeg()
      .toBuffer();
    const { id } = await h.services.mediaFiles.ingest({
      photoServiceId: serviceId,
      galleryId: null,
      tags: [],
      filename: null,
      bytes,
    });
    await h.services.mediaFiles.processDerivatives(id);
    return id;
  }
  const stored = (id: number, variant: Parameters<typeof mediaKey>[1]) =>
    storage.exists(mediaKey(id, variant));
  const madeCount = (id: number, variant: Parameters<typeof mediaKey>[1]) =>
    puts.filter((key) => key === mediaKey(id, variant)).length;

  it('publishes a photo with its previews and WebP/JPEG thumbnails; the later job adds the rest and drops the upload', async () => {
    const id = await published();
    const { rows } = await h.database.executeSql('select status, width, height from media where id = $1', [
      id,
    ]);
    expect(rows[0]).toEqual({ status: 'ready', width: 800, height: 570 });
    for (const variant of [
      'thumb-webp',
      'thumb-jpeg',
      'thumb-clean-webp',
      'preview',
      'preview-clean',
    ] as const)
      expect(await stored(id, variant)).toBe(true);
    for (const variant of ['thumb-avif', 'thumb-clean-avif', 'original'] as const)
      expect(await stored(id, variant)).toBe(false);
    expect(await storage.exists(uploadKey(id))).toBe(true);

    await h.services.mediaFiles.processLater(id);
    for (const variant of ['thumb-avif', 'thumb-clean-avif', 'original'] as const)
      expect(await stored(id, variant)).toBe(true);
    expect(await storage.exists(uploadKey(id))).toBe(false);
    const avif = await sharp((await storage.get(mediaKey(id, 'thumb-avif')))!).metadata();
    expect([avif.format, avif.width, avif.exif]).toEqual(['heif', 400, undefined]);
  });

  it('makes a missing original on its first request, once for requests at the same time, then reuses it', async () => {
    const id = await published();
    const url = h.services.mediaFiles.url(id, 'original');
    const [first, second] = await Promise.all([h.app.inject({ url }), h.app.inject({ url })]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(madeCount(id, 'original')).toBe(1);
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 800, 570, undefined]);

    const again = await h.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(again.statusCode).toBe(206);
    // The later job finds it made: nothing made twice, and the upload goes.
    await h.services.mediaFiles.processLater(id);
    expect(madeCount(id, 'original')).toBe(1);
    expect(await storage.exists(uploadKey(id))).toBe(false);
    expect((await h.app.inject({ url })).rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('makes nothing for a forged or unknown request', async () => {
    const id = await published();
    const signed = h.services.mediaFiles.url(id, 'original');
    const query = signed.slice(signed.indexOf('?'));
    for (const [url, status] of [
      [`/api/media/${id}/original`, 403],
      [signed.replace(/sig=[^&]+/, 'sig=AAAA'), 403],
      [`/api/media/${id}/original-2000${query}`, 404],
      [`/api/media/${id}/thumb-800${query}`, 404],
      [`/api/media/${id}/hidden/1/original${query}`, 403],
    ] as const) {
      expect((await h.app.inject({ url })).statusCode, url).toBe(status);
    }
    expect(await stored(id, 'original')).toBe(false);
    expect(madeCount(id, 'original')).toBe(0);
  });

  it('answers an AVIF thumbnail not made yet with its WebP at once, and forgets AVIFs of an old watermark on a re-run', async () => {
    const id = await published();
    const url = h.services.mediaFiles.url(id, 'thumb-clean');
    const ask = () => h.app.inject({ url, headers: { accept: 'image/avif,image/webp,*/*' } });
    const standIn = await ask();
    expect(standIn.headers['content-type']).toBe('image/webp');
    expect(standIn.rawPayload.equals((await storage.get(mediaKey(id, 'thumb-clean-webp')))!)).toBe(true);
    // Asking does not make it (that is the later job's work, off the request path).
    expect(await stored(id, 'thumb-clean-avif')).toBe(false);
    await h.services.mediaFiles.processLater(id);
    expect((await ask()).headers['content-type']).toBe('image/avif');

    await h.services.mediaFiles.processDerivatives(id, true);
    expect(await stored(id, 'thumb-avif')).toBe(false);
    expect((await ask()).headers['content-type']).toBe('image/webp');
    await h.services.mediaFiles.processLater(id, true);
    expect((await ask()).headers['content-type']).toBe('image/avif');
  });
});
