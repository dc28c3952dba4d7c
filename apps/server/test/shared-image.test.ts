import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { addPhoto } from './photos';

interface MediaBody {
  id: number;
  share_hash: string;
  preview_url: string;
}

/** Share links (entry spec §8): a visitor opens a photo someone shared; nobody can forge one. */
describe.each(BACKENDS)('shared links on %s', (backend) => {
  let h: Harness;
  let webDist: string;
  let token: string;
  let userId: number;
  let checkinId: number;
  let serviceId: number;
  let shared: MediaBody;
  const sql = (text: string, params: unknown[] = []) => h.database.executeSql(text, params);
  const open = (body: unknown) => call(h.app, 'POST', '/api/v1/shared-image/', body);

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'fotodrop-web-'));
    await writeFile(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Fotodrop</title></head><body></body></html>',
    );
    h = await startHarness(backend, { webDist });
    await seedDemo(h.database.db, argon2Hasher, 1);
    const marathon = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    serviceId = marathon.id;
    const gallery = (await sql('select id from galleries where photo_service_id = $1 limit 1', [serviceId]))
      .rows[0] as { id: number };
    await addPhoto(h, { serviceId, galleryId: gallery.id, tags: ['bib-1042'] }, 0);
    await addPhoto(h, { serviceId, galleryId: gallery.id, tags: ['bib-1042'] }, 1);
    const signup = await call(h.app, 'POST', '/api/v2/users/create/', {
      ...SIGNUP,
      email: 'sharer@example.com',
    });
    token = signup.body.token as string;
    userId = (
      (await sql("select id from users where email = 'sharer@example.com'")).rows[0] as { id: number }
    ).id;
    checkinId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
    const page = await call(h.app, 'GET', `/api/v3/checkins/${checkinId}/gallery_tree/0/media/`, undefined, {
      token,
    });
    shared = (page.body.results as MediaBody[])[0]!;
  });
  afterAll(async () => {
    await h?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const link = () => ({ security_hash: shared.share_hash, user_id: userId, media_id: shared.id });

  it('opens for a visitor without an account, showing what the sharer sees: the watermarked photo and its event', async () => {
    const answer = await open(link());
    expect(answer.status).toBe(200);
    expect(answer.body.is_valid).toBe(true);
    expect(answer.body.event).toMatchObject({ id: serviceId, slug: '5e1a0c3d' });
    const media = answer.body.media as { id: number; url: string; thumbnail_url: string };
    expect(media.id).toBe(shared.id);
    expect(media.url).toMatch(new RegExp(`^/api/media/${shared.id}/preview\\?`));
    const image = await h.app.inject({ url: media.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });

  it('refuses forged and changed links with 400 and the invalid-link code', async () => {
    const other = (
      await sql('select id from media where photo_service_id = $1 and id <> $2 limit 1', [
        serviceId,
        shared.id,
      ])
    ).rows[0] as { id: number };
    const attempts = [
      { ...link(), security_hash: 'A'.repeat(32) },
      {
        ...link(),
        security_hash: `${shared.share_hash.slice(0, -1)}${shared.share_hash.endsWith('A') ? 'B' : 'A'}`,
      },
      { ...link(), security_hash: shared.share_hash.slice(1) },
      { ...link(), user_id: userId + 1 },
      { ...link(), media_id: other.id },
    ];
    for (const attempt of attempts) {
      const answer = await open(attempt);
      expect({ attempt, status: answer.status, code: answer.body.code }).toEqual({
        attempt,
        status: 400,
        code: 'invalid_shared_link',
      });
    }
    // Malformed input is a validation error, never a 500.
    for (const body of [
      {},
      { ...link(), user_id: 'x' },
      { ...link(), security_hash: '' },
      { ...link(), security_hash: 'x'.repeat(500) },
    ]) {
      expect((await open(body)).status).toBe(400);
    }
  });

  it('shows the clean photo once the sharer bought it', async () => {
    const order = await sql(
      `insert into orders (user_id, status, payment_method, provider, currency, digital_total, print_total,
         shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base, paid_at)
       values ($1, 'paid', 'stripe', 'test', 'EUR', 990, 0, 0, 0, 0, 990, 'share-test', 'http://localhost:8080', now())
       returning id`,
      [userId],
    );
    const orderId = (order.rows[0] as { id: number }).id;
    await sql('insert into media_entitlements (user_id, media_id, order_id) values ($1, $2, $3)', [
      userId,
      shared.id,
      orderId,
    ]);
    try {
      const answer = await open(link());
      expect((answer.body.media as { url: string }).url).toMatch(
        new RegExp(`^/api/media/${shared.id}/preview-clean\\?`),
      );
    } finally {
      await sql('delete from media_entitlements where order_id = $1', [orderId]);
    }
  });

  it('stops working when the sharer removes the photo or the event turns sharing off', async () => {
    await sql("update photo_services set share_mode = 'd' where id = $1", [serviceId]);
    expect((await open(link())).status).toBe(400);
    await sql("update photo_services set share_mode = 's' where id = $1", [serviceId]);
    expect((await open(link())).status).toBe(200);
    await call(h.app, 'POST', `/api/v3/medias/${shared.id}/hide/`, undefined, { token });
    try {
      expect((await open(link())).status).toBe(400);
    } finally {
      await sql('delete from media_hidden where user_id = $1', [userId]);
    }
  });

  it('gives the page of a valid link its image for messengers, built from the configured address', async () => {
    const path = `/shared/${userId}/${shared.id}/${shared.share_hash}`;
    const page = await h.app.inject({ url: path, headers: { host: 'evil.example' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<meta property="og:image" content="http://localhost:8080/api/media/${shared.id}/preview?`,
    );
    expect(page.body).toContain(`<meta property="og:url" content="http://localhost:8080${path}">`);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).not.toContain('evil.example');
    // A forged link is still the app's page (it says the link is invalid), without any preview.
    const forged = await h.app.inject({ url: `/shared/${userId}/${shared.id}/${'A'.repeat(32)}` });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('og:image');
    expect(forged.body).toContain('<title>Fotodrop</title>');
  });

  it('gives messengers the real size of the image it names, and the page the event’s title', async () => {
    // larger than the 1600 px preview, so the preview is not the photo's own size
    const gallery = (await sql('select id from galleries where photo_service_id = $1 limit 1', [serviceId]))
      .rows[0] as { id: number };
    const big = await addPhoto(h, { serviceId, galleryId: gallery.id, tags: ['bib-1042'] }, 3, 2400);
    const list = await call(h.app, 'GET', `/api/v3/checkins/${checkinId}/gallery_tree/0/media/`, undefined, {
      token,
    });
    const media = (list.body.results as MediaBody[]).find((m) => m.id === big)!;
    const page = await h.app.inject({ url: `/shared/${userId}/${big}/${media.share_hash}` });
    const meta = (key: string) =>
      new RegExp(`<meta property="${key}" content="([^"]*)">`).exec(page.body)?.[1] ?? '';
    const named = new URL(meta('og:image').replace(/&amp;/g, '&'));
    const image = await h.app.inject({ url: named.pathname + named.search });
    expect(image.statusCode).toBe(200);
    const real = await sharp(image.rawPayload).metadata();
    expect([Number(meta('og:image:width')), Number(meta('og:image:height'))]).toEqual([
      real.width,
      real.height,
    ]);
    expect(real.width).toBe(1600);
    // the tab and a link without Open Graph say which photo this is, not just the app's name
    expect(page.body).toContain('<title>A photo from Lakeside City Marathon · Fotodrop</title>');
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body).not.toContain('og:site_name');
    // on a branded site the page carries the organisation's name, as the app's own pages there do
    const branded = await h.app.inject({
      url: `/shared/${userId}/${big}/${media.share_hash}`,
      headers: { host: 'alpinerun.localhost:8080' },
    });
    expect(branded.body).toContain('<title>A photo from Lakeside City Marathon · Alpine Run Club</title>');
    expect(branded.body).toContain('<meta property="og:site_name" content="Alpine Run Club">');
    expect(branded.body).toContain(
      `<meta property="og:url" content="http://alpinerun.localhost:8080/shared/${userId}/${big}/`,
    );
  });
});
