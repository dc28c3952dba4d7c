import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { MARKED_THUMBS } from '../src/media/marked-thumbs';
import { mediaKey } from '../src/media/variants';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { DEMO_CODES } from '../src/seed/demo-events';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

/** Mean absolute difference per channel value (0–255) of two same-size images. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const raw = (input: Buffer) => sharp(input).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  expect(x.length).toBe(y.length);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe.each(BACKENDS)('watermarked thumbnails on %s', (backend) => {
  let h: Harness;
  let dir: string;
  let storage: Storage;
  let photoId: number;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fotodrop-marked-'));
    storage = localStorage(dir);
    h = await startHarness(backend, { storage });
    await seedDemo(h.database.db, argon2Hasher, 1);
    const repo = photoServicesRepository(h.database.db);
    const service = (await repo.findBySlug('5e1a0c3d'))!;
    const gallery = await repo.insertGallery({ photoServiceId: service.id, name: 'Finish', position: 0 });
    photoId = await addPhoto(h, { serviceId: service.id, galleryId: gallery.id, tags: ['bib-1042'] }, 0);
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const fetchJpeg = (url: string) => h.app.inject({ url, headers: { accept: 'image/jpeg' } });
  const cleanThumb = async () => (await storage.get(mediaKey(photoId, 'thumb-clean-jpeg')))!;

  it('serves the anonymous preview watermarked thumbnails, never the clean ones', async () => {
    const preview = await call(h.app, 'GET', `/api/v2/photos-preview/?picacode=${DEMO_CODES.marathonRunner}`);
    const photos = preview.body.photos as { id: number; thumbnail_url: string }[];
    expect(photos.map((p) => p.id)).toEqual([photoId]);
    const served = await fetchJpeg(photos[0]!.thumbnail_url);
    expect(served.statusCode).toBe(200);
    // The clean thumbnail exists (for buyers) and differs visibly from what the visitor gets.
    expect(await meanDifference(served.rawPayload, await cleanThumb())).toBeGreaterThan(1.5);
    // Each format of the served thumbnail is the marked one.
    for (const [accept, variant] of [
      ['image/avif,image/webp,*/*', 'thumb-avif'],
      ['image/webp,*/*', 'thumb-webp'],
      ['image/jpeg', 'thumb-jpeg'],
    ] as const) {
      const r = await h.app.inject({ url: photos[0]!.thumbnail_url, headers: { accept } });
      expect(r.rawPayload.equals((await storage.get(mediaKey(photoId, variant)))!)).toBe(true);
    }
    // The signature covers the file: the link cannot be turned into the clean thumbnail's.
    const swapped = photos[0]!.thumbnail_url.replace('/thumb?', '/thumb-clean?');
    expect((await fetchJpeg(swapped)).statusCode).toBe(403);
  });

  it("signs an album owner's unpurchased photos watermarked in the grid, the viewer and the album card", async () => {
    const token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    const checkin = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: DEMO_CODES.marathonRunner },
      { token },
    );
    const page = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${checkin.body.id}/gallery_tree/0/media/?page=1&page_size=10`,
      undefined,
      { token },
    );
    const media = (
      page.body.results as { thumbnail_url: string; preview_url: string; is_purchased: boolean }[]
    )[0]!;
    expect(media.is_purchased).toBe(false);
    expect(media.thumbnail_url).toMatch(/\/thumb\?/);
    expect(media.preview_url).toMatch(/\/preview\?/);
    expect(
      await meanDifference((await fetchJpeg(media.thumbnail_url)).rawPayload, await cleanThumb()),
    ).toBeGreaterThan(1.5);

    const list = await call(h.app, 'GET', '/api/v3/checkins/', undefined, { token });
    const card = (list.body.results as { photos: { thumbnail_url: string }[] }[])[0]!;
    expect(card.photos[0]!.thumbnail_url).toMatch(/\/thumb\?/);
  });

  it('gives a photo derived before thumbnails were watermarked its marked thumbnails on first request', async () => {
    // As such a photo is stored: clean thumbnails under the old names, no marked ones.
    for (const variant of MARKED_THUMBS) await storage.delete(mediaKey(photoId, variant));
    const url = h.services.mediaFiles.url(photoId, 'thumb');
    const served = await fetchJpeg(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await meanDifference(served.rawPayload, await cleanThumb())).toBeGreaterThan(1.5);
    for (const variant of MARKED_THUMBS) expect(await storage.exists(mediaKey(photoId, variant))).toBe(true);
    // A range request (what some clients send) finds them too.
    const ranged = await h.app.inject({ url, headers: { accept: 'image/webp', range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);

    // Without a stored preview there is nothing safe to show: not ready, never the clean file.
    for (const variant of [...MARKED_THUMBS, 'preview'] as const)
      await storage.delete(mediaKey(photoId, variant));
    expect((await fetchJpeg(url)).statusCode).toBe(404);
  });
});
