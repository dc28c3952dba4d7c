import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { boxPixels } from '../src/media/face-blur';
import { mediaKey } from '../src/media/variants';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { DEMO_CODES } from '../src/seed/demo-events';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, SIGNUP, startHarness } from './harness';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** Hand-placed faces on a generated photo: A's, C's and a stranger's (matched to nobody). */
const BOX_A: Box = { x: 0.08, y: 0.15, width: 0.18, height: 0.3 };
const BOX_C: Box = { x: 0.7, y: 0.12, width: 0.16, height: 0.26 };
const BOX_OTHER: Box = { x: 0.4, y: 0.6, width: 0.16, height: 0.26 };

/** A 1200 × 800 photo of coloured 20 px squares: blurring any face box of it changes its pixels a lot. */
async function checkerPhoto(): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = (Math.floor(x / 20) + Math.floor(y / 20)) % 2 === 0;
      const i = (y * width + x) * 3;
      data[i] = on ? 210 : 40;
      data[i + 1] = on ? 60 : 180;
      data[i + 2] = (x * 255) / width;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * Mean differences (0–255) in a face box: re-encoding the JPEG around a blurred box moves the other
 * boxes by about 3; the blur moves the hidden box by about 29 on this photo.
 */
const BLURRED = 15;
const UNCHANGED = 6;

/** Mean absolute difference per channel value (0–255) of two images inside one face box. */
async function boxDifference(a: Buffer, b: Buffer, box: Box): Promise<number> {
  const raw = async (input: Buffer) => {
    const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, info };
  };
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  const { width, height, channels } = x.info;
  // The box itself, not its margin: what a face recogniser would look at.
  const area = boxPixels({ ...box, x: box.x, y: box.y }, width, height);
  const inner = {
    left: Math.round(box.x * width),
    top: Math.round(box.y * height),
    right: Math.round((box.x + box.width) * width),
    bottom: Math.round((box.y + box.height) * height),
  };
  expect(area.width).toBeGreaterThan(inner.right - inner.left);
  let sum = 0;
  let n = 0;
  for (let row = inner.top; row < inner.bottom; row++) {
    for (let col = inner.left; col < inner.right; col++) {
      for (let c = 0; c < channels; c++) {
        const i = (row * width + col) * channels + c;
        sum += Math.abs(x.data[i]! - y.data[i]!);
        n++;
      }
    }
  }
  return sum / n;
}

/**
 * Anonymous mode (albums spec §4): A hides their face; B's copies of a photo with A in it show
 * A's face blurred, A's own copies stay clear, a stranger's face is untouched; deep also takes
 * A's faces out of B's matches and confirms by e-mail once processed.
 */
describe.each(BACKENDS)('anonymous mode on %s', (backend) => {
  let h: Harness;
  let dir: string;
  let storage: Storage;
  const mailer = collectingMailer();
  let serviceId: number;
  let photoId: number;
  const faces = { a: 0, c: 0, other: 0 };
  const users: Record<'a' | 'b' | 'c', { token: string; album: number }> = {
    a: { token: '', album: 0 },
    b: { token: '', album: 0 },
    c: { token: '', album: 0 },
  };
  const sql = (text: string, values: unknown[] = []) => h.database.executeSql(text, values);

  async function signUpWithAlbum(email: string) {
    const token = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body
      .token as string;
    const album = (
      await call(h.app, 'POST', '/api/v2/checkins/', { picacode: DEMO_CODES.marathonRunner }, { token })
    ).body.id as number;
    return { token, album };
  }
  async function addFace(box: Box): Promise<number> {
    const { rows } = await sql(
      `insert into faces (media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
       values ($1, $2, $3::jsonb, '[]'::jsonb, 0.99, 200, array_fill(0::real, array[128])) returning id`,
      [photoId, serviceId, JSON.stringify(box)],
    );
    return (rows[0] as { id: number }).id;
  }
  const match = (album: number, faceId: number) =>
    sql(
      `insert into face_matches (checkin_id, media_id, face_id, distance, decision) values ($1, $2, $3, 0.4, 'auto')`,
      [album, photoId, faceId],
    );

  /** `who` buys the photo (a paid order and its entitlement); returns their user id. */
  async function buy(who: 'a' | 'b' | 'c'): Promise<number> {
    const { rows } = await sql('select user_id from checkins where id = $1', [users[who].album]);
    const buyer = (rows[0] as { user_id: number }).user_id;
    const order = await sql(
      `insert into orders (user_id, status, payment_method, provider, currency, digital_total, print_total,
         shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base, paid_at)
       values ($1, 'paid', 'stripe', 'test', 'EUR', 990, 0, 0, 0, 0, 990, $2, 'http://localhost:8080', now())
       returning id`,
      [buyer, `anon-test-${who}`],
    );
    await sql('insert into media_entitlements (user_id, media_id, order_id) values ($1, $2, $3)', [
      buyer,
      photoId,
      (order.rows[0] as { id: number }).id,
    ]);
    return buyer;
  }

  /** The photo as `who` is served it in their album: its preview (watermarked: not bought). */
  async function servedPreview(who: 'a' | 'b' | 'c'): Promise<{ url: string; bytes: Buffer }> {
    const r = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${users[who].album}/gallery_tree/0/media/`,
      undefined,
      { token: users[who].token },
    );
    expect(r.status).toBe(200);
    const medium = (r.body.results as { id: number; preview_url: string }[]).find((m) => m.id === photoId);
    expect(medium).toBeDefined();
    const file = await h.app.inject({ url: medium!.preview_url });
    expect(file.statusCode).toBe(200);
    return { url: medium!.preview_url, bytes: file.rawPayload };
  }
  const original = async () => (await storage.get(mediaKey(photoId, 'preview')))!;
  const anonymize = (who: 'a' | 'b' | 'c', body: unknown, album = users[who].album) =>
    call(h.app, 'POST', `/api/v2/checkins/${album}/anonymize/`, body, { token: users[who].token });
  const deanonymize = (who: 'a' | 'b' | 'c', album = users[who].album) =>
    call(h.app, 'POST', `/api/v2/checkins/${album}/deanonymize/`, undefined, { token: users[who].token });
  const run = (who: 'a' | 'c', kind: 'blur' | 'deep') =>
    h.services.anonymization.run({ checkinId: users[who].album, kind, linkBase: 'http://localhost:8080' });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fotodrop-anon-'));
    storage = localStorage(dir);
    h = await startHarness(backend, { storage, mailer });
    await registerMailWorker(h.jobs, mailer);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const repo = photoServicesRepository(h.database.db);
    serviceId = (await repo.findBySlug('5e1a0c3d'))!.id;
    const gallery = await repo.insertGallery({ photoServiceId: serviceId, name: 'Finish', position: 0 });
    const { id } = await h.services.mediaFiles.ingest({
      photoServiceId: serviceId,
      galleryId: gallery.id,
      tags: ['bib-1042'],
      filename: null,
      bytes: await checkerPhoto(),
    });
    await h.services.mediaFiles.processDerivatives(id);
    await h.services.mediaFiles.processLater(id);
    photoId = id;
    users.a = await signUpWithAlbum('a@example.com');
    users.b = await signUpWithAlbum('b@example.com');
    users.c = await signUpWithAlbum('c@example.com');
    faces.a = await addFace(BOX_A);
    faces.c = await addFace(BOX_C);
    faces.other = await addFace(BOX_OTHER);
    await match(users.a.album, faces.a);
    await match(users.c.album, faces.c);
  });
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers only the owner of the album, signed in', async () => {
    const anonymous = await call(h.app, 'POST', `/api/v2/checkins/${users.a.album}/anonymize/`, {});
    expect(anonymous.status).toBe(401);
    expect((await anonymize('b', { kind: 'blur' }, users.a.album)).status).toBe(404);
    expect((await deanonymize('b', users.a.album)).status).toBe(404);
    expect((await anonymize('a', { kind: 'wobble' })).status).toBe(400);
    const detail = await call(h.app, 'GET', `/api/v2/checkins/${users.a.album}/`, undefined, {
      token: users.a.token,
    });
    expect(detail.body.anonymization).toEqual({ state: 'off', kind: null });
  });

  it("blurs A's face in B's copy at once, keeps A's copy and the stranger's face clear", async () => {
    const before = await servedPreview('b');
    expect(before.bytes.equals(await original())).toBe(true);

    const on = await anonymize('a', { kind: 'blur' });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ state: 'pending', kind: 'blur' });
    // Asking again for the same kind changes nothing; another kind must wait for off.
    expect((await anonymize('a', { kind: 'blur' })).body).toEqual({ state: 'pending', kind: 'blur' });
    const other = await anonymize('a', { kind: 'deep' });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('anonymization_state');

    // Pending already hides: B's copy is made on its first request, before the job ran.
    const b = await servedPreview('b');
    expect(await boxDifference(b.bytes, await original(), BOX_A)).toBeGreaterThan(BLURRED);
    expect(await boxDifference(b.bytes, await original(), BOX_OTHER)).toBeLessThan(UNCHANGED);
    expect(await boxDifference(b.bytes, await original(), BOX_C)).toBeLessThan(UNCHANGED);
    const a = await servedPreview('a');
    expect(a.bytes.equals(await original())).toBe(true);

    await run('a', 'blur');
    const detail = await call(h.app, 'GET', `/api/v2/checkins/${users.a.album}/`, undefined, {
      token: users.a.token,
    });
    expect(detail.body.anonymization).toEqual({ state: 'on', kind: 'blur' });
    // Every served file of B's copy hides A: the thumbnails in each format too.
    const page = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${users.b.album}/gallery_tree/0/media/`,
      undefined,
      {
        token: users.b.token,
      },
    );
    const thumbUrl = (page.body.results as { id: number; thumbnail_url: string }[]).find(
      (m) => m.id === photoId,
    )!.thumbnail_url;
    for (const [accept, variant] of [
      ['image/avif,image/webp,*/*', 'thumb-avif'],
      ['image/webp,*/*', 'thumb-webp'],
      ['image/jpeg', 'thumb-jpeg'],
    ] as const) {
      const thumb = await h.app.inject({ url: thumbUrl, headers: { accept } });
      expect(thumb.statusCode).toBe(200);
      const clear = (await storage.get(mediaKey(photoId, variant)))!;
      expect(await boxDifference(thumb.rawPayload, clear, BOX_A)).toBeGreaterThan(BLURRED);
    }
  });

  it("hides A's face from a visitor of the code's preview, on B's album card and in B's cart", async () => {
    const preview = await call(h.app, 'GET', `/api/v2/photos-preview/?picacode=${DEMO_CODES.marathonRunner}`);
    const shown = (preview.body.photos as { id: number; thumbnail_url: string }[]).find(
      (p) => p.id === photoId,
    );
    expect(shown?.thumbnail_url).toContain(`/hidden/${faces.a}/`);
    const thumb = await h.app.inject({ url: shown!.thumbnail_url, headers: { accept: 'image/jpeg' } });
    const clear = (await storage.get(mediaKey(photoId, 'thumb-jpeg')))!;
    expect(await boxDifference(thumb.rawPayload, clear, BOX_A)).toBeGreaterThan(BLURRED);

    const albums = await call(h.app, 'GET', '/api/v3/checkins/', undefined, { token: users.b.token });
    const card = (
      albums.body.results as { id: number; photos: { id: number; thumbnail_url: string }[] }[]
    ).find((a) => a.id === users.b.album);
    expect(card?.photos.find((p) => p.id === photoId)?.thumbnail_url).toContain(`/hidden/${faces.a}/`);

    const added = await call(
      h.app,
      'POST',
      '/api/cart/digital-items/',
      { checkin_id: users.b.album, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [photoId] },
      { token: users.b.token },
    );
    expect(added.status).toBeLessThan(300);
    const line = added.body as { id: number; medias: { id: number; thumbnail_url: string }[] };
    expect(line.medias.find((m) => m.id === photoId)?.thumbnail_url).toContain(`/hidden/${faces.a}/`);
    await call(h.app, 'DELETE', `/api/cart/digital-items/${line.id}/`, undefined, { token: users.b.token });
  });

  it('cannot be undone by editing the link', async () => {
    const { url } = await servedPreview('b');
    expect(url).toContain(`/hidden/${faces.a}/`);
    const clear = url.replace(`/hidden/${faces.a}/`, '/');
    expect((await h.app.inject({ url: clear })).statusCode).toBe(403);
    const otherFace = url.replace(`/hidden/${faces.a}/`, `/hidden/${faces.other}/`);
    expect((await h.app.inject({ url: otherFace })).statusCode).toBe(403);
    const clean = url.replace('/preview?', '/preview-clean?');
    expect((await h.app.inject({ url: clean })).statusCode).toBe(403);
  });

  it('hides another anonymized participant from A, but never A from A; a download is blurred too', async () => {
    expect((await anonymize('c', { kind: 'blur' })).status).toBe(200);
    const a = await servedPreview('a');
    expect(await boxDifference(a.bytes, await original(), BOX_C)).toBeGreaterThan(BLURRED);
    expect(await boxDifference(a.bytes, await original(), BOX_A)).toBeLessThan(UNCHANGED);
    const b = await servedPreview('b');
    expect(await boxDifference(b.bytes, await original(), BOX_A)).toBeGreaterThan(BLURRED);
    expect(await boxDifference(b.bytes, await original(), BOX_C)).toBeGreaterThan(BLURRED);

    // The original a buyer downloads, signed for the same hidden faces.
    const hidden = [faces.a, faces.c].sort((x, y) => x - y);
    const owner = { userId: await buy('c'), checkinId: users.c.album };
    const download = await h.app.inject({
      url: h.services.mediaFiles.downloadUrl(photoId, 'photo.jpg', owner, hidden),
    });
    expect(download.statusCode).toBe(200);
    const clearOriginal = (await storage.get(mediaKey(photoId, 'original')))!;
    expect(await boxDifference(download.rawPayload, clearOriginal, BOX_A)).toBeGreaterThan(BLURRED);
    expect(await boxDifference(download.rawPayload, clearOriginal, BOX_OTHER)).toBeLessThan(UNCHANGED);

    expect((await deanonymize('c')).body).toEqual({ state: 'off', kind: null });
  });

  it('turns off: B sees the clear photo again; a job still running then leaves it off', async () => {
    expect((await deanonymize('a')).body).toEqual({ state: 'off', kind: null });
    expect((await deanonymize('a')).body).toEqual({ state: 'off', kind: null });
    const b = await servedPreview('b');
    expect(b.bytes.equals(await original())).toBe(true);

    // Turned on and off again while its job waits: the job, when it runs, does not turn it on.
    expect((await anonymize('a', { kind: 'blur' })).body).toEqual({ state: 'pending', kind: 'blur' });
    expect((await deanonymize('a')).status).toBe(200);
    await run('a', 'blur');
    // And an old blur job does not complete a newer deep request.
    expect((await anonymize('a', { kind: 'deep' })).body).toEqual({ state: 'pending', kind: 'deep' });
    await run('a', 'blur');
    const detail = await call(h.app, 'GET', `/api/v2/checkins/${users.a.album}/`, undefined, {
      token: users.a.token,
    });
    expect(detail.body.anonymization).toEqual({ state: 'pending', kind: 'deep' });
    await deanonymize('a');
  });

  it("deep: takes A's face out of B's matches and e-mails A once every photo is processed", async () => {
    // B was (wrongly) matched on A's face.
    await match(users.b.album, faces.a);
    const sentBefore = mailer.sent.length;
    expect((await anonymize('a', { kind: 'deep' })).body).toEqual({ state: 'pending', kind: 'deep' });
    const { rows } = await sql('select checkin_id from face_matches where face_id = $1', [faces.a]);
    expect(rows).toEqual([{ checkin_id: users.a.album }]);
    expect(mailer.sent.length).toBe(sentBefore);

    await run('a', 'deep');
    await run('a', 'deep'); // a retry sends nothing more
    for (let i = 0; i < 100 && mailer.sent.length === sentBefore; i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    const sent = mailer.sent.slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('a@example.com');
    expect(sent[0]!.text).toContain(`http://localhost:8080/checkins/${DEMO_CODES.marathonRunner}`);
    const detail = await call(h.app, 'GET', `/api/v2/checkins/${users.a.album}/`, undefined, {
      token: users.a.token,
    });
    expect(detail.body.anonymization).toEqual({ state: 'on', kind: 'deep' });
    // Others' copies hide A.
    const b = await servedPreview('b');
    expect(await boxDifference(b.bytes, await original(), BOX_A)).toBeGreaterThan(BLURRED);
  });

  it("gives a buyer other participants' hidden faces blurred in the download link and the album zip", async () => {
    await buy('b');
    await sql("update photo_services set hd_serving_type = 'immediate' where id = $1", [serviceId]);
    const clearOriginal = (await storage.get(mediaKey(photoId, 'original')))!;

    const page = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${users.b.album}/gallery_tree/0/media/`,
      undefined,
      {
        token: users.b.token,
      },
    );
    const medium = (page.body.results as { id: number; download_url: string | null }[]).find(
      (m) => m.id === photoId,
    )!;
    expect(medium.download_url).toContain(`/hidden/${faces.a}/`);
    const download = await h.app.inject({ url: medium.download_url! });
    expect(download.statusCode).toBe(200);
    expect(await boxDifference(download.rawPayload, clearOriginal, BOX_A)).toBeGreaterThan(BLURRED);

    const asked = await call(h.app, 'POST', `/api/v2/checkins/${users.b.album}/download-medias/`, undefined, {
      token: users.b.token,
    });
    expect(asked.status).toBe(200);
    const zip = await sql('select id from album_zips where checkin_id = $1', [users.b.album]);
    const zipId = (zip.rows[0] as { id: number }).id;
    await h.services.albumZips.build({ zipId, linkBase: 'http://localhost:8080' });
    const file = join(dir, 'b.zip');
    await writeFile(file, (await storage.get(`album-zips/${zipId}.zip`))!);
    const entry = execFileSync('unzip', ['-p', file], { maxBuffer: 64 * 1024 * 1024 });
    expect(await boxDifference(entry, clearOriginal, BOX_A)).toBeGreaterThan(BLURRED);
    expect(await boxDifference(entry, clearOriginal, BOX_OTHER)).toBeLessThan(UNCHANGED);
  });
});
