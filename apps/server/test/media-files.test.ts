import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample2.jpg', import.meta.url),
);

describe.each(BACKENDS)('media files on %s', (backend) => {
  let h: Harness;
  let serviceId: number;
  let photo: Buffer;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    serviceId = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!.id;
    photo = await readFile(SAMPLE);
  });
  afterAll(() => h?.close());

  const status = async (id: number) =>
    (await h.database.executeSql('select status, error from media where id = $1', [id])).rows[0] as {
      status: string;
      error: string | null;
    };

  it('ingests a photo, makes its derivatives in the job, and serves them only through signed links', async () => {
    const { id, duplicate } = await h.services.mediaFiles.ingest({
      photoServiceId: serviceId,
      galleryId: null,
      tags: ['bib-1042'],
      filename: 'finish.jpg',
      bytes: photo,
    });
    expect(duplicate).toBe(false);
    expect(await status(id)).toEqual({ status: 'processing', error: null });
    await h.services.mediaFiles.processDerivatives(id);
    expect(await status(id)).toEqual({ status: 'ready', error: null });

    const thumbUrl = h.services.mediaFiles.url(id, 'thumb');
    const asAvif = () => h.app.inject({ url: thumbUrl, headers: { accept: 'image/avif,image/webp,*/*' } });
    // Published before its AVIF is made: the WebP stands in, cached briefly, not for the day.
    const standIn = await asAvif();
    expect(standIn.statusCode).toBe(200);
    expect(standIn.headers['content-type']).toBe('image/webp');
    expect(standIn.headers['cache-control']).toBe('private, max-age=300');
    await h.services.mediaFiles.processLater(id);
    const avif = await asAvif();
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toMatch(/immutable/);
    expect(avif.headers.vary).toBe('Accept');
    const jpeg = await h.app.inject({ url: thumbUrl, headers: { accept: 'image/jpeg' } });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(jpeg.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(400);
    expect(meta.exif).toBeUndefined();

    const preview = await h.app.inject({ url: h.services.mediaFiles.url(id, 'preview') });
    expect(preview.statusCode).toBe(200);

    const unsigned = await h.app.inject({ url: `/api/media/${id}/original` });
    expect(unsigned.statusCode).toBe(403);
    const tampered = await h.app.inject({ url: thumbUrl.replace(`/media/${id}/`, `/media/${id + 1}/`) });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe('invalid_link');
  });

  it("shows the runner's photos (by the code's tag) on the album card, and another code's photos not", async () => {
    const token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token });
    const list = await call(h.app, 'GET', '/api/v3/checkins/', undefined, { token });
    const card = (
      list.body.results as { media_count: number; photos: { id: number; thumbnail_url: string }[] }[]
    )[0]!;
    expect(card.media_count).toBe(1);
    expect(card.photos).toHaveLength(1);
    const thumb = await h.app.inject({ url: card.photos[0]!.thumbnail_url });
    expect(thumb.statusCode).toBe(200);

    await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'TRAIL4821' }, { token });
    const trail = await call(
      h.app,
      'GET',
      '/api/v3/checkins/by-code/TRAIL4821/?include_photos_summary=true',
      undefined,
      { token },
    );
    expect(trail.status).toBe(404); // the trail album waits for its distance step
  });

  it('treats the same file uploaded twice to an event as one medium', async () => {
    const again = await h.services.mediaFiles.ingest({
      photoServiceId: serviceId,
      galleryId: null,
      tags: [],
      filename: 'copy.jpg',
      bytes: photo,
    });
    expect(again.duplicate).toBe(true);
  });

  it('refuses a file that is not an image by its content, and stores nothing', async () => {
    const before = (await h.database.executeSql('select count(*)::int as n from media', [])).rows[0];
    await expect(
      h.services.mediaFiles.ingest({
        photoServiceId: serviceId,
        galleryId: null,
        tags: [],
        filename: 'holiday.jpg',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      }),
    ).rejects.toMatchObject({ status: 400, code: 'media_rejected', data: { reason: 'unsupported_type' } });
    expect((await h.database.executeSql('select count(*)::int as n from media', [])).rows[0]).toEqual(before);
  });

  it('runs a derivatives job twice without harm (a retry after a crash)', async () => {
    const small = await sharp(photo).resize(800).jpeg().toBuffer();
    const { id } = await h.services.mediaFiles.ingest({
      photoServiceId: serviceId,
      galleryId: null,
      tags: [],
      filename: null,
      bytes: small,
    });
    await h.services.mediaFiles.processDerivatives(id);
    await h.services.mediaFiles.processDerivatives(id);
    expect((await status(id)).status).toBe('ready');
  });
});

// Race day on S3 (issue 20): under load the store may cut an upload's stream. The photo must not be
// left "processing" forever, nor block the same file sent again as its duplicate.
describe.each(BACKENDS)('an upload the storage refuses, on %s', (backend) => {
  let h: Harness;
  let failNext = true;
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fotodrop-media-'));
    const inner = localStorage(dir);
    const storage: Storage = {
      ...inner,
      async put(key, body, contentType) {
        if (failNext) {
          failNext = false;
          throw new Error('An error was encountered in a non-retryable streaming request.');
        }
        return inner.put(key, body, contentType);
      },
    };
    h = await startHarness(backend, { storage });
    await seedDemo(h.database.db, argon2Hasher, 1);
  });
  afterAll(() => h?.close());

  it('leaves no medium behind, and the same file sent again is taken and processed', async () => {
    const serviceId = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!.id;
    const photo = await readFile(SAMPLE);
    const upload = { photoServiceId: serviceId, galleryId: null, tags: [], filename: 'a.jpg', bytes: photo };
    await expect(h.services.mediaFiles.ingest(upload)).rejects.toThrow(/streaming request/);
    const { rows } = await h.database.executeSql(
      'select count(*)::int as n from media where photo_service_id = $1',
      [serviceId],
    );
    expect(rows[0]).toEqual({ n: 0 });
    const again = await h.services.mediaFiles.ingest(upload);
    expect(again.duplicate).toBe(false);
    await h.services.mediaFiles.processDerivatives(again.id);
    const { rows: after } = await h.database.executeSql('select status from media where id = $1', [again.id]);
    expect(after[0]).toEqual({ status: 'ready' });
  });
});
