import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { setPhotoPackage } from './photos';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample3.jpg', import.meta.url),
);

interface MediaBody {
  id: number;
  favorite: boolean;
  thumbnail_url: string;
  gallery_id: number;
}

describe.each(BACKENDS)('album galleries and media on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  let checkinId: number;
  let galleryIds: Record<string, number>;
  const mine: number[] = [];
  let notMine: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const service = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    const rows = (
      await h.database.executeSql('select id, name from galleries where photo_service_id = $1', [service.id])
    ).rows as { id: number; name: string }[];
    galleryIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    const base = await sharp(await readFile(SAMPLE))
      .resize(640)
      .jpeg()
      .toBuffer();
    // Four photos: three of runner 1042 (at the start and at km 10), one of somebody else.
    const plan = [
      { gallery: 'Start', tags: ['bib-1042'] },
      { gallery: 'Km 10', tags: ['bib-1042'] },
      { gallery: 'Km 10', tags: ['bib-1042'] },
      { gallery: 'Finish', tags: ['bib-7'] },
    ];
    for (const [i, p] of plan.entries()) {
      const bytes = await sharp(base)
        .modulate({ brightness: 1 + i / 10 })
        .jpeg()
        .toBuffer();
      const { id } = await h.services.mediaFiles.ingest({
        photoServiceId: service.id,
        galleryId: galleryIds[p.gallery]!,
        tags: p.tags,
        filename: null,
        bytes,
      });
      await h.services.mediaFiles.processDerivatives(id);
      if (p.tags[0] === 'bib-1042') mine.push(id);
      else notMine = id;
    }
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    other = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'other@example.com' }))
      .body.token as string;
    checkinId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
  });
  afterAll(() => h?.close());

  const get = (url: string, t = token) => call(h.app, 'GET', url, undefined, { token: t });
  const tree = (galleryId = 0) => get(`/api/v3/checkins/${checkinId}/gallery_tree/${galleryId}/tree/`);

  it('shows the album tree: my photos, the galleries that hold them, and the tab counts', async () => {
    const root = await tree();
    expect(root.status).toBe(200);
    expect(root.body).toMatchObject({ id: 0, name: 'Lakeside City Marathon', num_media: 3 });
    expect(root.body.sub_gallery).toEqual([
      { id: galleryIds.Start, name: 'Start', num_media: 1 },
      { id: galleryIds.Course, name: 'Course', num_media: 2 },
    ]);
    expect(root.body.tabs).toEqual([
      { type: 'buyable', count: 3 },
      { type: 'bought', count: 0 },
      { type: 'favourite', count: 0 },
    ]);
    const course = await tree(galleryIds.Course);
    expect(course.body).toMatchObject({
      name: 'Course',
      num_media: 2,
      sub_gallery: [{ name: 'Km 10', num_media: 2 }],
    });
  });

  it('pages the media of a gallery with signed links that load', async () => {
    const page = await get(
      `/api/v3/checkins/${checkinId}/gallery_tree/${galleryIds.Course}/media/?page=1&page_size=1&extras=true`,
    );
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ total: 2, num_pages: 2, page_size: 1, page_number: 1 });
    const [first] = page.body.results as MediaBody[];
    expect(first!.gallery_id).toBe(galleryIds['Km 10']);
    expect((await h.app.inject({ url: first!.thumbnail_url })).statusCode).toBe(200);
    expect(page.body.tabs).toHaveLength(3);
  });

  it('answers the album lookup by code with its first page of photos when asked (issue 20)', async () => {
    const byCode = await get(
      '/api/v3/checkins/by-code/K7M2Q9P/?include_photos_summary=true&include_first_page=true',
    );
    expect(byCode.status).toBe(200);
    expect(byCode.body.id).toBe(checkinId);
    const page = await get(
      `/api/v3/checkins/${checkinId}/gallery_tree/0/media/?page=1&page_size=40&extras=true`,
    );
    // the same page as the gallery call: the album's three photos, with the tab counts
    expect(byCode.body.first_page).toEqual(page.body);
    const { results } = byCode.body.first_page as { results: MediaBody[] };
    expect(results.map((m) => m.id).sort()).toEqual([...mine].sort());
    expect((await get('/api/v3/checkins/by-code/K7M2Q9P/')).body).not.toHaveProperty('first_page');
    expect((await get('/api/v3/checkins/by-code/K7M2Q9P/?include_first_page=true', other)).status).toBe(404);
  });

  it('favourites a photo: the tab count goes up, and down again but never below zero', async () => {
    const add = await call(h.app, 'POST', `/api/v3/medias/${mine[0]}/add-favorite/`, undefined, { token });
    expect(add.body).toEqual({ id: mine[0], favorite: true });
    expect(((await tree()).body.tabs as { type: string; count: number }[])[2]).toEqual({
      type: 'favourite',
      count: 1,
    });
    const favourites = await get(`/api/v3/checkins/${checkinId}/gallery_tree/0/media/?tab=favourite`);
    expect((favourites.body.results as MediaBody[]).map((m) => [m.id, m.favorite])).toEqual([
      [mine[0], true],
    ]);
    for (let i = 0; i < 2; i++)
      await call(h.app, 'POST', `/api/v3/medias/${mine[0]}/remove-favorite/`, undefined, { token });
    expect(((await tree()).body.tabs as { count: number }[])[2]!.count).toBe(0);
  });

  it("refuses another user's album and photos outside the album's code with 404", async () => {
    expect((await get(`/api/v3/checkins/${checkinId}/gallery_tree/0/tree/`, other)).status).toBe(404);
    expect((await get(`/api/v3/checkins/${checkinId}/gallery_tree/0/media/`, other)).status).toBe(404);
    expect(
      (await call(h.app, 'POST', `/api/v3/medias/${mine[0]}/add-favorite/`, undefined, { token: other }))
        .status,
    ).toBe(404);
    expect(
      (await call(h.app, 'POST', `/api/v3/medias/${notMine}/add-favorite/`, undefined, { token })).status,
    ).toBe(404);
    expect((await tree(999_999)).status).toBe(404);
  });

  it('removes a photo from the album for this user only', async () => {
    const hidden = await call(h.app, 'POST', `/api/v3/medias/${mine[2]}/hide/`, undefined, { token });
    expect(hidden.body).toEqual({ id: mine[2], hidden: true });
    expect((await tree()).body.num_media).toBe(2);
    const all = await get(`/api/v3/checkins/${checkinId}/all-medias/?page=1`);
    expect((all.body.pagination as { total: number }).total).toBe(2);
    expect((all.body.pagination as { page_size: number }).page_size).toBe(40);
    // the album list and the album header count what the album shows
    const detail = await get(`/api/v2/checkins/${checkinId}/?include_photos_summary=true`);
    expect((detail.body.photos_summary as { total: number }).total).toBe(2);
  });

  it('gives the price list of a gallery: its own, else the event list, in the event currency', async () => {
    // the album's 2 photos left (one was removed above) cost 19.80 by the list: the demo's 39.90
    // package is not offered (issue 17), a 14.90 one is
    await setPhotoPackage(
      h,
      (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!.id,
      '14.90',
    );
    const finish = await get(`/api/v3/checkins/${checkinId}/gallery_tree/${galleryIds.Finish}/price_list/`);
    expect(finish.body).toMatchObject({
      currency: 'EUR',
      items: [
        { qty: 1, price: '12.90' },
        { qty: 3, price: '29.90' },
      ],
    });
    const km10 = await get(
      `/api/v3/checkins/${checkinId}/gallery_tree/${galleryIds['Km 10']}/price_list/?media_type=video`,
    );
    expect(km10.body).toEqual({
      currency: 'EUR',
      items: [
        {
          media_type: 'video',
          qty: 1,
          from_qty: null,
          to_qty: null,
          unit_price: null,
          price: '14.90',
          price_original: null,
        },
      ],
      // the album has photos but no videos: only the photo package, struck through its 2 photos one by one
      packages: [{ order_type: 'ALL_PHOTOS', price: '14.90', price_original: '19.80' }],
    });
  });

  it('groups the galleries: those with photos to unlock, with their first page; those with favourites', async () => {
    await call(h.app, 'POST', `/api/v3/medias/${mine[1]}/add-favorite/`, undefined, { token });
    const grouped = await get(`/api/v3/checkins/${checkinId}/galleries/`);
    expect(grouped.status).toBe(200);
    expect(grouped.body.paid_galleries).toEqual([]);
    const unlocked = grouped.body.unlocked_galleries as {
      name: string;
      media_count: number;
      medias: { results: unknown[] };
    }[];
    // Course has no photos of its own and no own prices: Km 10 moves up; Finish has prices but none of my photos.
    expect(unlocked.map((g) => [g.name, g.media_count])).toEqual([
      ['Start', 1],
      ['Km 10', 1],
      ['Finish', 0],
    ]);
    expect(unlocked[0]!.medias.results).toHaveLength(1);
    const favourites = grouped.body.favorite_galleries as { name: string; media_count: number }[];
    expect(favourites.map((g) => [g.name, g.media_count])).toEqual([
      ['Km 10', 1],
      ['Finish', 0],
    ]);
    const more = await get(
      `/api/v3/checkins/${checkinId}/galleries/${galleryIds['Km 10']}/medias/?page=1&page_size=5`,
    );
    expect((more.body.pagination as { total: number }).total).toBe(1);
  });

  it('keeps the counts right as photos arrive, change and go, and when the code changes', async () => {
    const service = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!;
    const counts = async () => {
      const [root, all] = await Promise.all([
        tree(),
        get(`/api/v3/checkins/${checkinId}/all-medias/?page=1&page_size=1`),
      ]);
      const start = (root.body.sub_gallery as { name: string; num_media: number }[]).find(
        (g) => g.name === 'Start',
      );
      return [root.body.num_media, start?.num_media ?? 0, (all.body.pagination as { total: number }).total];
    };
    expect(await counts()).toEqual([2, 1, 2]);
    // A new photo of the runner: not shown while it is processed, counted once it is ready.
    const bytes = await sharp(await readFile(SAMPLE))
      .resize(320)
      .jpeg()
      .toBuffer();
    const { id } = await h.services.mediaFiles.ingest({
      photoServiceId: service.id,
      galleryId: galleryIds.Start!,
      tags: ['bib-1042'],
      filename: null,
      bytes,
    });
    expect(await counts()).toEqual([2, 1, 2]);
    await h.services.mediaFiles.processDerivatives(id);
    expect(await counts()).toEqual([3, 2, 3]);
    // The photographer re-tags it to another runner.
    await h.database.executeSql("update media set tags = array['bib-7'] where id = $1", [id]);
    expect(await counts()).toEqual([2, 1, 2]);
    // The code is widened to the Start gallery: the re-tagged photo is back.
    await h.database.executeSql("update picacodes set gallery_ids = array[$1::int] where code = 'K7M2Q9P'", [
      galleryIds.Start,
    ]);
    expect(await counts()).toEqual([3, 2, 3]);
    // The photo is deleted.
    await h.database.executeSql('delete from media where id = $1', [id]);
    expect(await counts()).toEqual([2, 1, 2]);
    await h.database.executeSql("update picacodes set gallery_ids = '{}' where code = 'K7M2Q9P'", []);
    // Another user's favourites and removals change nothing in this album.
    const otherAlbum = (
      await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token: other })
    ).body.id as number;
    expect(otherAlbum).toBeGreaterThan(0);
    await call(h.app, 'POST', `/api/v3/medias/${mine[0]}/hide/`, undefined, { token: other });
    expect(await counts()).toEqual([2, 1, 2]);
  });
});
