import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { mediaRepository } from '../src/repositories/media.repository';
import { organisationsRepository } from '../src/repositories/organisations.repository';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { teamRepository } from '../src/repositories/team.repository';
import { usersRepository } from '../src/repositories/users.repository';
import { BRANDED_APP_NAME, OWN_SITE_ID, seedDemo } from '../src/seed/demo';
import { DEMO_FACE_EVENT } from '../src/seed/demo-face-event';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url),
);
const MARATHON = '5e1a0c3d';
const HOTEL = '9b4f7e21';
const TRAIL = 'a1b7e5d0';

interface Item {
  id: number;
  type: string;
  status: string;
  error_reason: string | null;
  original_filename: string | null;
  gallery_id: number | null;
  tags: string[];
  created_at: string;
  thumbnail_url: string | null;
  preview_url: string | null;
  video_url: string | null;
}
interface Page {
  results: Item[];
  pagination: { total: number; num_pages: number; page_size: number; page_number: number };
}
interface OrganiserEvent {
  slug: string;
  name: string;
  start_date: string;
  galleries: { id: number; name: string; parent_id: number | null }[];
  media_counts: { processing: number; ready: number; failed: number };
}

describe.each(BACKENDS)('organiser events and uploads on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  let participant: string;
  let otherOrganiser: string;
  /** Marathon media ids in upload order: [ready in Km 10, ready video, failed, processing, processing]. */
  const ids: number[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    const db = h.database.db;
    await seedDemo(db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
    participant = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    // An organiser of the branded organisation, which owns the trail run
    otherOrganiser = (
      await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'club@example.com' })
    ).body.token as string;
    const club = await usersRepository(db).findByEmail('club@example.com');
    const branded = await organisationsRepository(db).findByAppName(BRANDED_APP_NAME);
    // issue 18: membership decides (a manager of the branded organisation)
    await teamRepository(db).addMember(branded!.id, club!.id, 'manager');

    const marathon = (await photoServicesRepository(db).findBySlug(MARATHON))!;
    const { rows } = await h.database.executeSql(
      "select id from galleries where photo_service_id = $1 and name = 'Km 10'",
      [marathon.id],
    );
    const km10 = (rows[0] as { id: number }).id;
    const base = await readFile(SAMPLE);
    const photo = (width: number) => sharp(base).resize(width).jpeg().toBuffer();
    const ingest = async (bytes: Buffer, filename: string, galleryId: number | null, tags: string[]) =>
      (
        await h.services.mediaFiles.ingest({
          photoServiceId: marathon.id,
          galleryId,
          tags,
          filename,
          bytes,
        })
      ).id;

    ids.push(await ingest(await photo(320), 'km10.jpg', km10, ['bib-7']));
    await h.services.mediaFiles.processDerivatives(ids[0]!);
    // A finished video as the video pipeline leaves it: its poster is stored like a photo's files.
    const video = await mediaRepository(db).insert({
      photoServiceId: marathon.id,
      galleryId: null,
      type: 'video',
      status: 'ready',
      sha256: 'video-sha',
      originalFilename: 'finish.mp4',
      durationSeconds: 12,
    });
    ids.push(video!.id);
    ids.push(await ingest(await photo(330), 'broken.jpg', null, []));
    await mediaRepository(db).update(ids[2]!, { status: 'failed', error: 'corrupt' });
    ids.push(await ingest(await photo(340), 'late-1.jpg', null, []));
    ids.push(await ingest(await photo(350), 'late-2.jpg', null, []));
  });
  afterAll(() => h?.close());

  const get = (token: string, url: string) => call(h.app, 'GET', url, undefined, { token });
  const mediaOf = async (slug: string, query = '') => {
    const r = await get(organiser, `/api/organiser/v1/events/${slug}/media/${query}`);
    expect(r.status).toBe(200);
    return r.body as unknown as Page;
  };

  it("lists the organisation's events with their galleries and upload counts by status", async () => {
    const r = await get(organiser, '/api/organiser/v1/events/');
    expect(r.status).toBe(200);
    const events = r.body.results as OrganiserEvent[];
    // organisation 34 owns the marathon, the hotel stay, the night run and the face-search party;
    // the trail run is the club's
    expect(events.map((e) => e.slug).sort()).toEqual(
      [HOTEL, MARATHON, 'c0ffee42', DEMO_FACE_EVENT.slug].sort(),
    );
    const starts = events.map((e) => e.start_date);
    expect(starts).toEqual([...starts].sort().reverse());
    const marathon = events.find((e) => e.slug === MARATHON)!;
    expect(marathon.media_counts).toEqual({ processing: 2, ready: 2, failed: 1 });
    const course = marathon.galleries.find((g) => g.name === 'Course')!;
    expect(course.parent_id).toBeNull();
    expect(marathon.galleries.filter((g) => g.parent_id === course.id).map((g) => g.name)).toEqual([
      'Km 10',
      'Km 30',
    ]);
    expect(events.find((e) => e.slug === HOTEL)!.media_counts).toEqual({
      processing: 0,
      ready: 0,
      failed: 0,
    });
  });

  it('lists the uploads newest first with links only once ready, the clean preview and the video', async () => {
    const page = await mediaOf(MARATHON);
    expect(page.results.map((m) => m.id)).toEqual([...ids].reverse());
    expect(page.pagination).toEqual({ total: 5, num_pages: 1, page_size: 24, page_number: 1 });
    const [late2, , failed, video, km10] = page.results;
    expect(late2).toMatchObject({
      status: 'processing',
      original_filename: 'late-2.jpg',
      thumbnail_url: null,
      preview_url: null,
      error_reason: null,
    });
    expect(failed).toMatchObject({ status: 'failed', error_reason: 'corrupt', thumbnail_url: null });
    expect(km10).toMatchObject({ type: 'photo', status: 'ready', tags: ['bib-7'], video_url: null });
    expect(km10!.gallery_id).toEqual(expect.any(Number));
    expect(video).toMatchObject({ type: 'video', status: 'ready', duration_seconds: 12 });
    expect(video!.video_url).toMatch(new RegExp(`^/api/media/${video!.id}/video\\?exp=\\d+&sig=`));

    // the organiser gets the clean preview: the file served is the unwatermarked one, and it opens
    expect(km10!.preview_url).toContain(`/api/media/${km10!.id}/preview-clean?`);
    const preview = await h.app.inject({ url: km10!.preview_url! });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const thumb = await h.app.inject({ url: km10!.thumbnail_url! });
    expect(thumb.statusCode).toBe(200);
  });

  it('pages and filters by status', async () => {
    const first = await mediaOf(MARATHON, '?page=1&page_size=2');
    const second = await mediaOf(MARATHON, '?page=2&page_size=2');
    const third = await mediaOf(MARATHON, '?page=3&page_size=2');
    expect(first.pagination).toEqual({ total: 5, num_pages: 3, page_size: 2, page_number: 1 });
    expect([...first.results, ...second.results, ...third.results].map((m) => m.id)).toEqual(
      [...ids].reverse(),
    );
    expect((await mediaOf(MARATHON, '?page=9&page_size=2')).results).toEqual([]);

    const processing = await mediaOf(MARATHON, '?status=processing');
    expect(processing.results.map((m) => m.original_filename)).toEqual(['late-2.jpg', 'late-1.jpg']);
    expect(processing.pagination.total).toBe(2);
    const failed = await mediaOf(MARATHON, '?status=failed');
    expect(failed.results.map((m) => m.id)).toEqual([ids[2]]);
    expect((await mediaOf(HOTEL)).pagination).toEqual({
      total: 0,
      num_pages: 1,
      page_size: 24,
      page_number: 1,
    });
  });

  it('lets organisers see only their own events: another organisation’s are not found', async () => {
    expect((await get(otherOrganiser, `/api/organiser/v1/events/${MARATHON}/media/`)).status).toBe(404);
    const own = await get(otherOrganiser, '/api/organiser/v1/events/');
    expect((own.body.results as OrganiserEvent[]).map((e) => e.slug)).toEqual([TRAIL]);
    expect((await get(organiser, `/api/organiser/v1/events/${TRAIL}/media/`)).status).toBe(404);
    expect((await get(organiser, '/api/organiser/v1/events/ffffffff/media/')).status).toBe(404);

    // a participant is a member of no organisation: an empty list, and no event of anyone's
    const none = await get(participant, '/api/organiser/v1/events/');
    expect(none).toMatchObject({ status: 200, body: { results: [] } });
    expect((await get(participant, `/api/organiser/v1/events/${MARATHON}/media/`)).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/organiser/v1/events/')).status).toBe(401);
  });

  it("lists on a branded site only that site's events: none of the main site's", async () => {
    const branded = (await organisationsRepository(h.database.db).findByAppName(BRANDED_APP_NAME))!.id;
    const onSite = (token: string, site: number) =>
      call(h.app, 'GET', '/api/organiser/v1/events/', undefined, {
        token,
        headers: { 'x-event-owner': String(site) },
      });
    const mainOnBranded = await onSite(organiser, branded);
    expect(mainOnBranded.status).toBe(200);
    expect(mainOnBranded.body.results).toEqual([]);
    expect(
      ((await onSite(otherOrganiser, branded)).body.results as OrganiserEvent[]).map((e) => e.slug),
    ).toEqual([TRAIL]);
    // the console lives on the main site: there every organisation of the caller is listed
    expect(
      ((await onSite(otherOrganiser, OWN_SITE_ID)).body.results as OrganiserEvent[]).map((e) => e.slug),
    ).toEqual([TRAIL]);
    const mainOnMain = (await onSite(organiser, OWN_SITE_ID)).body.results as OrganiserEvent[];
    expect(mainOnMain.map((e) => e.slug).sort()).toEqual(
      [HOTEL, MARATHON, 'c0ffee42', DEMO_FACE_EVENT.slug].sort(),
    );
  });

  it('refuses a malformed query or slug with the fields at fault', async () => {
    for (const [query, field] of [
      ['?status=done', 'status'],
      ['?page=0', 'page'],
      ['?page_size=101', 'page_size'],
      ['?page=abc', 'page'],
      // beyond a database integer: no list has that many pages
      ['?page=99999999999', 'page'],
    ] as const) {
      const r = await get(organiser, `/api/organiser/v1/events/${MARATHON}/media/${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.code).toBe('validation_error');
      expect(Object.keys((r.body.data as { fields: object }).fields)).toEqual([field]);
    }
    expect((await get(organiser, '/api/organiser/v1/events/NOT-HEX/media/')).status).toBe(400);
    const huge = await get(organiser, `/api/organiser/v1/events/${MARATHON}/media/?page=2147483647`);
    expect(huge.status).toBe(200);
    expect((huge.body as unknown as Page).results).toEqual([]);
  });
});
