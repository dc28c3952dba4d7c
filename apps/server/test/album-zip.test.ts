import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/adapters/mail/mailer';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { mediaKey } from '../src/media/variants';
import { albumZipsRepository } from '../src/repositories/album-zips.repository';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { registerAlbumZipWorker } from '../src/services/orders/album-zip.jobs';
import { albumZipService } from '../src/services/orders/album-zip.service';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';
import { startSmtp } from './smtp-server';

const run = promisify(execFile);

/**
 * Local storage whose original files can be held back: a test opens the gate when it has looked
 * at the zip's progress in the middle of a build.
 */
function gatedStorage(inner: Storage) {
  let gate: Promise<void> | null = null;
  let open = () => {};
  const opened: string[] = [];
  const reached: (() => void)[] = [];
  const storage: Storage = {
    ...inner,
    async stream(key, range) {
      if (key.endsWith('/original.jpg')) {
        opened.push(key);
        if (gate && opened.length > 1) {
          for (const r of reached.splice(0)) r();
          await gate;
        }
      }
      return inner.stream(key, range);
    },
  };
  return {
    storage,
    opened,
    /** Holds every original after the first until `release`. */
    hold() {
      opened.length = 0;
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return new Promise<void>((resolve) => reached.push(resolve));
    },
    release() {
      open();
      gate = null;
    },
  };
}

describe.each(BACKENDS)('album zip on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mediaDir: string;
  let storage: Storage;
  let gated: ReturnType<typeof gatedStorage>;
  let marathonId: number;
  let finishGallery: number;
  const mine: number[] = [];
  let notMine: number;
  let token: string;
  let userId: number;
  let other: string;
  let albumId: number;
  let otherAlbumId: number;
  let orderId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    const mailer = smtpMailer(smtp.url, 'Fotodrop <no-reply@fotodrop.test>');
    mediaDir = await mkdtemp(join(tmpdir(), 'fotodrop-zip-'));
    storage = localStorage(mediaDir);
    gated = gatedStorage(storage);
    h = await startHarness(backend, { mailer, storage: gated.storage });
    await registerMailWorker(h.jobs, mailer);
    await registerAlbumZipWorker(h.jobs, h.services.albumZips);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    marathonId = marathon.id;
    finishGallery = (
      (
        await h.database.executeSql(
          "select id from galleries where photo_service_id = $1 and name = 'Finish'",
          [marathonId],
        )
      ).rows[0] as { id: number }
    ).id;
    const place = { serviceId: marathonId, galleryId: finishGallery, tags: ['bib-1042'] };
    for (const shade of [0, 1, 2]) mine.push(await addPhoto(h, place, shade));
    notMine = await addPhoto(h, { ...place, tags: ['bib-7'] }, 3);

    const signup = await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, language: 'it' });
    token = signup.body.token as string;
    userId = (
      (await h.database.executeSql('select id from users where email = $1', [SIGNUP.email])).rows[0] as {
        id: number;
      }
    ).id;
    other = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'other@example.com' }))
      .body.token as string;
    albumId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
    otherAlbumId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token: other }))
      .body.id as number;
    // A paid order for the entitlements to point at (orders themselves are another test's subject).
    orderId = (
      (
        await h.database.executeSql(
          `insert into orders (user_id, status, payment_method, provider, currency, digital_total, print_total,
             shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base, paid_at)
           values ($1, 'paid', 'stripe', 'test', 'EUR', 1980, 0, 0, 0, 0, 1980, 'zip-test', 'http://localhost:8080', now())
           returning id`,
          [userId],
        )
      ).rows[0] as { id: number }
    ).id;
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const post = (id = albumId, t = token) =>
    call(h.app, 'POST', `/api/v2/checkins/${id}/download-medias/`, undefined, { token: t });
  const status = (id = albumId, t = token) =>
    call(h.app, 'GET', `/api/v2/checkins/${id}/download-medias/`, undefined, { token: t });
  const buy = (mediaId: number) =>
    h.database.executeSql(
      'insert into media_entitlements (user_id, media_id, order_id) values ($1, $2, $3)',
      [userId, mediaId, orderId],
    );

  /** The zip a download link answers, read with Info-ZIP's own tools: each entry's name, method and bytes. */
  async function unzipped(url: string) {
    const answer = await h.app.inject({ url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const dir = await mkdtemp(join(tmpdir(), 'fotodrop-unzip-'));
    try {
      const file = join(dir, 'album.zip');
      await writeFile(file, answer.rawPayload);
      await run('unzip', ['-tq', file]);
      const listing = (await run('zipinfo', [file])).stdout;
      const names = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
      const entries = new Map<string, Buffer>();
      for (const name of names) {
        const { stdout } = await run('unzip', ['-p', file, name], {
          encoding: 'buffer',
          maxBuffer: 64 * 1024 * 1024,
        });
        entries.set(name, stdout);
      }
      return { answer, listing, entries };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  const originalOf = async (id: number) => (await storage.get(mediaKey(id, 'original')))!;
  const linkIn = (text: string) => {
    const match = /https?:\/\/\S+\/api\/downloads\/zips\/\S+/.exec(text);
    if (!match) throw new Error(`no zip link in: ${text}`);
    const url = new URL(match[0]);
    expect(url.origin).toBe('http://localhost:8080');
    return url.pathname + url.search;
  };

  it("refuses another user's album and an album with nothing bought", async () => {
    expect((await post(otherAlbumId)).status).toBe(404);
    expect((await status(otherAlbumId)).status).toBe(404);
    expect((await post(albumId, other)).status).toBe(404);
    const nothing = await post();
    expect(nothing.status).toBe(400);
    expect(nothing.body.code).toBe('nothing_purchased');
    expect((await status()).body).toBeNull();
  });

  it('answers the spec message before HD is available', async () => {
    await buy(mine[0]!);
    const future = new Date(h.clock.now.getTime() + 5 * 86_400_000).toISOString();
    await h.database.executeSql(
      "update photo_services set hd_serving_type = 'delayed', hd_available_from = $1 where id = $2",
      [future, marathonId],
    );
    try {
      const early = await post();
      expect(early.status).toBe(400);
      expect(early.body).toEqual({
        code: 'hd_not_available',
        message: 'HD photos not yet available, try in a few days.',
      });
      expect((await status()).body).toBeNull();
    } finally {
      await h.database.executeSql("update photo_services set hd_serving_type = 'immediate' where id = $1", [
        marathonId,
      ]);
    }
  });

  it('zips exactly the bought originals, once for a double click, and e-mails a working link', async () => {
    await buy(mine[2]!);
    const [first, second] = await Promise.all([post(), post()]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.detail).toMatch(/e-mail/);
    const rows = (
      await h.database.executeSql('select count(*)::int as n from album_zips where user_id = $1', [userId])
    ).rows[0] as { n: number };
    expect(rows.n).toBe(1);

    const mail = await smtp.next();
    expect(mail.to).toEqual([SIGNUP.email]);
    expect(mail.subject).toBe('Le tue foto di Lakeside City Marathon sono pronte da scaricare');
    const link = linkIn(mail.text);
    const { answer, listing, entries } = await unzipped(link);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="Lakeside City Marathon_K7M2Q9P.zip"; filename*=UTF-8''Lakeside%20City%20Marathon_K7M2Q9P.zip`,
    );
    expect([...entries.keys()].sort()).toEqual(
      [mine[0]!, mine[2]!].map((id) => `Lakeside City Marathon_${id}.jpg`).sort(),
    );
    for (const id of [mine[0]!, mine[2]!]) {
      expect(entries.get(`Lakeside City Marathon_${id}.jpg`)!.equals(await originalOf(id))).toBe(true);
    }
    // Stored, not deflated: JPEGs do not shrink.
    expect(listing.match(/ stor /g)).toHaveLength(2);

    const ready = await status();
    expect(ready.body).toMatchObject({ status: 'ready', done: 2, total: 2 });
    expect(ready.body.url).toBe(link);
    const metrics = (
      await h.database.executeSql(
        "select payload from metric_events where type = 'zip_downloaded' and user_id = $1",
        [userId],
      )
    ).rows as { payload: { album_id: number } }[];
    expect(metrics.map((m) => m.payload.album_id)).toEqual([albumId]);

    // An interrupted download resumes where it stopped, and is not counted again.
    const whole = (await h.app.inject({ url: link })).rawPayload;
    const rest = await h.app.inject({ url: link, headers: { range: 'bytes=1000-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 1000-${whole.length - 1}/${whole.length}`);
    expect(rest.rawPayload.equals(whole.subarray(1000))).toBe(true);
    expect((await h.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(200);
    const counted = await h.database.executeSql(
      "select count(*)::int as n from metric_events where type = 'zip_downloaded' and user_id = $1",
      [userId],
    );
    expect(counted.rows[0]).toEqual({ n: 2 });
  });

  it('refuses forged zip links, and expired ones, whose files a later build removes', async () => {
    const link = (await status()).body.url as string;
    const [path, query] = link.split('?') as [string, string];
    const zipId = Number(/zips\/(\d+)\//.exec(path)![1]);
    for (const forged of [
      path,
      `${path}?${query.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`)}`,
      link.replace(`/zips/${zipId}/`, `/zips/${zipId + 1}/`),
      link.replace('K7M2Q9P.zip', 'other.zip'),
      `${path}?${query.replace(/exp=\d+/, (e) => `exp=${Number(e.slice(4)) + 3600}`)}`,
    ]) {
      expect((await h.app.inject({ url: forged })).statusCode).toBe(403);
    }
    const saved = h.clock.now;
    try {
      h.clock.now = new Date(saved.getTime() + 73 * 3_600_000);
      const expired = await h.app.inject({ url: link });
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('link_expired');
      expect((await status()).body).toMatchObject({ status: 'ready', url: null });
      expect(await h.services.albumZips.removeExpired()).toBe(1);
      expect(await storage.exists(`album-zips/${zipId}.zip`)).toBe(false);
    } finally {
      h.clock.now = saved;
    }
  });

  it('zips a whole-album package with the photos that arrived after it, and never others', async () => {
    await h.database.executeSql(
      "insert into album_entitlements (user_id, checkin_id, media_type, order_id) values ($1, $2, 'photo', $3)",
      [userId, albumId, orderId],
    );
    const later = await addPhoto(
      h,
      { serviceId: marathonId, galleryId: finishGallery, tags: ['bib-1042'] },
      5,
    );
    expect((await post()).status).toBe(200);
    const { entries } = await unzipped(linkIn((await smtp.next()).text));
    const ids = [...mine, later];
    expect([...entries.keys()].sort()).toEqual(ids.map((id) => `Lakeside City Marathon_${id}.jpg`).sort());
    for (const id of ids)
      expect(entries.get(`Lakeside City Marathon_${id}.jpg`)!.equals(await originalOf(id))).toBe(true);
    expect([...entries.keys()].some((name) => name.includes(`_${notMine}.`))).toBe(false);
  });

  it('shows the progress of a zip while it builds', async () => {
    // A service of its own that writes progress after every file (the app's waits for 50 or a second).
    const zips = albumZipService({
      db: h.database.db,
      storage: gated.storage,
      jobs: h.jobs,
      secret: 'test-media-secret-0123456789abcdef',
      now: () => h.clock.now,
      progressEvery: { files: 1, ms: 60_000 },
    });
    const zip = await albumZipsRepository(h.database.db).insert({
      userId,
      checkinId: albumId,
      status: 'queued',
      total: 0,
      createdAt: h.clock.now,
    });
    const secondOpened = gated.hold();
    const building = zips.build({ zipId: zip.id, linkBase: 'http://localhost:8080' });
    await secondOpened;
    let seen: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 200 && seen.done !== 1; attempt++) {
      seen = (await status()).body;
      if (seen.done !== 1) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The three photos of the runner's bib and the one that arrived after the package.
    expect(seen).toMatchObject({ status: 'building', done: 1, total: 4, url: null });
    gated.release();
    await building;
    expect((await status()).body).toMatchObject({ status: 'ready', done: 4, total: 4 });
    await smtp.next();
  });

  it('shows a zip whose original went missing as failed, and builds a new one on the next press', async () => {
    const key = mediaKey(mine[1]!, 'original');
    const kept = (await storage.get(key))!;
    await storage.delete(key);
    const zip = await albumZipsRepository(h.database.db).insert({
      userId,
      checkinId: albumId,
      status: 'queued',
      total: 0,
      createdAt: h.clock.now,
    });
    try {
      await expect(
        h.services.albumZips.build({ zipId: zip.id, linkBase: 'http://localhost:8080' }),
      ).rejects.toThrow(`the file of medium ${mine[1]} is missing`);
      expect((await status()).body).toMatchObject({ status: 'failed', url: null });
    } finally {
      await storage.put(key, kept, 'image/jpeg');
    }
    expect((await post()).status).toBe(200);
    const { entries } = await unzipped(linkIn((await smtp.next()).text));
    expect(entries.get(`Lakeside City Marathon_${mine[1]}.jpg`)!.equals(kept)).toBe(true);
  });
});
