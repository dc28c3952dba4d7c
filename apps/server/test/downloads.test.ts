import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { mediaDownloadName } from '../src/media/download-names';
import { mediaKey } from '../src/media/variants';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { type Harness, startHarness } from './harness';
import { addPhoto, runnerWithAlbum } from './photos';

/** Downloads of one bought original: a signed, expiring link that nothing else can be turned into. */
describe.each(BACKENDS)('single downloads on %s', (backend) => {
  let h: Harness;
  let storage: Storage;
  let mediaDir: string;
  let photoId: number;
  let otherId: number;
  /** A buyer of both photos (a paid order's entitlements), whom the links are signed for. */
  let owner: { userId: number; checkinId: number };
  const downloadUrl = (id: number, name: string) => h.services.mediaFiles.downloadUrl(id, name, owner);
  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'fotodrop-downloads-'));
    storage = localStorage(mediaDir);
    h = await startHarness(backend, { storage });
    await seedDemo(h.database.db, argon2Hasher, 1);
    const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    const gallery = (
      await h.database.executeSql('select id from galleries where photo_service_id = $1 limit 1', [
        marathon.id,
      ])
    ).rows[0] as { id: number };
    const place = { serviceId: marathon.id, galleryId: gallery.id, tags: ['bib-1042'] };
    photoId = await addPhoto(h, place, 0);
    otherId = await addPhoto(h, place, 1);
    const sql = (text: string, values: unknown[]) => h.database.executeSql(text, values);
    const { albumId } = await runnerWithAlbum(h, 'downloader@example.com');
    const [album] = (await sql('select user_id from checkins where id = $1', [albumId])).rows as {
      user_id: number;
    }[];
    owner = { userId: album!.user_id, checkinId: albumId };
    const order = (
      await sql(
        `insert into orders (user_id, status, payment_method, provider, currency, digital_total, print_total,
           shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base, paid_at)
         values ($1, 'paid', 'stripe', 'test', 'EUR', 1600, 0, 0, 0, 0, 1600, 'downloads', 'http://localhost:8080', now())
         returning id`,
        [owner.userId],
      )
    ).rows[0] as { id: number };
    for (const id of [photoId, otherId])
      await sql('insert into media_entitlements (user_id, media_id, order_id) values ($1, $2, $3)', [
        owner.userId,
        id,
        order.id,
      ]);
  });
  afterAll(async () => {
    await h?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('downloads the stored original as an attachment named after the event and the photo', async () => {
    const name = mediaDownloadName('Zürich Relay', photoId, 'photo');
    const url = downloadUrl(photoId, name);
    const answer = await h.app.inject({ url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Zurich Relay_${photoId}.jpg"; filename*=UTF-8''Z%C3%BCrich%20Relay_${photoId}.jpg`,
    );
    expect(answer.headers['cache-control']).toBe('private');
    expect(answer.headers['content-type']).toBe('image/jpeg');
    const original = await storage.get(mediaKey(photoId, 'original'));
    expect(answer.rawPayload.equals(original!)).toBe(true);
    // The original's full size (the sample at 320 px), with no metadata left (stripped at ingest).
    const meta = await sharp(answer.rawPayload).metadata();
    expect(meta.width).toBe(320);
    expect(meta.exif).toBeUndefined();
  });

  it('expires after the download link time', async () => {
    const url = downloadUrl(photoId, mediaDownloadName('Marathon', photoId, 'photo'));
    const saved = h.clock.now;
    try {
      h.clock.now = new Date(saved.getTime() + 71 * 3_600_000);
      expect((await h.app.inject({ url })).statusCode).toBe(200);
      h.clock.now = new Date(saved.getTime() + 74 * 3_600_000);
      const expired = await h.app.inject({ url });
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('link_expired');
    } finally {
      h.clock.now = saved;
    }
  });

  it('turns no link, forged or changed, into an original or a clean preview', async () => {
    const name = mediaDownloadName('Marathon', photoId, 'photo');
    const url = downloadUrl(photoId, name);
    const mine = `${owner.userId}-${owner.checkinId}`;
    expect(url).toContain(`/original-download/${mine}/`);
    const [path, query] = url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const thumb = h.services.mediaFiles.url(photoId, 'thumb');
    const preview = h.services.mediaFiles.url(photoId, 'preview');
    const attempts = [
      // no signature, or a made-up one
      path,
      `${path}?exp=${params.get('exp')}`,
      `${path}?exp=${params.get('exp')}&sig=${'A'.repeat(43)}`,
      // a later expiry with the old signature
      `${path}?exp=${Number(params.get('exp')) + 86_400}&sig=${params.get('sig')}`,
      // another photo, another name, another kind of file under the same signature
      url.replace(`/media/${photoId}/`, `/media/${otherId}/`),
      url.replace(`/${encodeURIComponent(name)}?`, `/${name.replace('Marathon', 'Other')}?`),
      url.replace(`/original-download/${mine}/${encodeURIComponent(name)}`, '/original'),
      url.replace(`/original-download/${mine}/${encodeURIComponent(name)}`, '/preview-clean'),
      url.replace('.jpg', '.mp4'),
      // another buyer, or none, under the same signature
      url.replace(`/${mine}/`, `/${owner.userId + 1}-${owner.checkinId}/`),
      url.replace(`/${mine}/`, '/'),
      // a watermarked file's link turned into a clean one, the original, or a download
      thumb.replace('/thumb?', '/thumb-clean?'),
      preview.replace('/preview?', '/preview-clean?'),
      preview.replace('/preview?', '/original?'),
      preview.replace('/preview?', `/original-download/${mine}/${encodeURIComponent(name)}?`),
      // the download's signature on the album's files
      `/api/media/${photoId}/original?${query}`,
      `/api/media/${photoId}/preview-clean?${query}`,
    ];
    for (const attempt of attempts) {
      const answer = await h.app.inject({ url: attempt });
      expect({ attempt, status: answer.statusCode }).toEqual({ attempt, status: 403 });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
    // An unknown kind or extension is not found, whatever it is signed with.
    expect((await h.app.inject({ url: url.replace('.jpg', '.png') })).statusCode).toBe(404);
  });

  it('signs only download names it can serve', () => {
    expect(() => downloadUrl(photoId, 'photo.png')).toThrow(RangeError);
  });
});
