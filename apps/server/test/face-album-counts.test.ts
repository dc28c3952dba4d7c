import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

interface Page {
  results: { id: number }[];
  pagination: { total: number };
  tabs?: { type: string; count: number }[];
}

/**
 * In a face-search event an album shows, within its code's scope, only the media its face matches
 * put there (auto or confirmed): the album pages and the counts kept on write (migration 0012)
 * must agree after every kind of change to the matches, the media and the event.
 */
describe.each(BACKENDS)('albums of a face-search event on %s', (backend) => {
  let h: Harness;
  let token: string;
  let checkinId: number;
  let serviceId: number;
  let galleryId: number;
  let clock = Date.parse('2026-05-17T09:00:00Z');

  const sql = (text: string, values: unknown[] = []) => h.database.executeSql(text, values);
  const ids = (rows: unknown[]) => rows.map((r) => (r as { id: number }).id);

  async function addMedia(n: number, tag = 'bib-1042'): Promise<number[]> {
    const { rows } = await sql(
      `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
       select $1, $2, 'photo', 'ready', array[$3], 1600, 1067, to_timestamp(($4::bigint + g * 1000) / 1000.0)
       from generate_series(1, $5::int) g returning id`,
      [serviceId, galleryId, tag, clock, n],
    );
    clock += n * 1000;
    return ids(rows);
  }
  const match = (mediaId: number, decision: string) =>
    sql(
      `insert into face_matches (checkin_id, media_id, distance, decision) values ($1, $2, 0.4, $3)
       on conflict (checkin_id, media_id) do update set decision = excluded.decision`,
      [checkinId, mediaId, decision],
    );

  /** What the album screen shows: the media ids of its first page, its total, and the favourites tab. */
  async function shown(): Promise<{ media: number[]; total: number; favourites: number }> {
    const r = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${checkinId}/gallery_tree/0/media/?extras=true`,
      undefined,
      {
        token,
      },
    );
    expect(r.status).toBe(200);
    const page = r.body as unknown as Page;
    return {
      media: page.results.map((m) => m.id).sort((a, b) => a - b),
      total: page.pagination.total,
      favourites: page.tabs?.find((t) => t.type === 'favourite')?.count ?? -1,
    };
  }

  /** The kept counts equal a count from scratch of the album as it is now. */
  async function expectCountsFresh() {
    const read = async () =>
      (
        await sql(
          `select gallery_id, photos, videos, favourites from album_gallery_counts
           where checkin_id = $1 and (photos, videos, favourites) <> (0, 0, 0) order by gallery_id`,
          [checkinId],
        )
      ).rows;
    const kept = await read();
    await sql('select album_counts_recount(array[$1::int])', [checkinId]);
    expect(kept).toEqual(await read());
  }

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    serviceId = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!.id;
    const { rows } = await sql("select id from galleries where photo_service_id = $1 and name = 'Start'", [
      serviceId,
    ]);
    galleryId = ids(rows)[0]!;
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    checkinId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
  });
  afterAll(() => h?.close());

  it('shows only matched media once the event searches by face, and keeps the counts right', async () => {
    const [a, b, c, d] = await addMedia(4);
    const [otherTag] = await addMedia(1, 'bib-7');
    expect((await shown()).total).toBeGreaterThanOrEqual(4);

    await sql("update photo_services set checkin_mode = 'face-checkin' where id = $1", [serviceId]);
    expect(await shown()).toEqual({ media: [], total: 0, favourites: 0 });
    await expectCountsFresh();

    // clear matches show; the middle band waits for an answer; a match outside the code's scope does not show
    await match(a!, 'auto');
    await match(b!, 'ask');
    await match(otherTag!, 'auto');
    expect(await shown()).toEqual({ media: [a], total: 1, favourites: 0 });
    await expectCountsFresh();

    // "Is this you?": yes adds the photo, no keeps it out
    await sql("update face_matches set decision = 'confirmed' where checkin_id = $1 and media_id = $2", [
      checkinId,
      b,
    ]);
    await match(c!, 'ask');
    await sql("update face_matches set decision = 'rejected' where checkin_id = $1 and media_id = $2", [
      checkinId,
      c,
    ]);
    expect(await shown()).toEqual({ media: [a, b].sort((x, y) => x! - y!), total: 2, favourites: 0 });
    await expectCountsFresh();

    // a medium the album does not show cannot be made a favourite; once matched it can
    const favourite = async (id: number) =>
      (await call(h.app, 'POST', `/api/v3/medias/${id}/add-favorite/`, undefined, { token })).status;
    expect(await favourite(a!)).toBe(200);
    expect(await favourite(d!)).toBe(404);
    expect((await shown()).favourites).toBe(1);
    await match(d!, 'auto');
    expect(await favourite(d!)).toBe(200);
    expect(await shown()).toEqual({ media: [a, b, d].sort((x, y) => x! - y!), total: 3, favourites: 2 });
    await expectCountsFresh();

    // a matched medium deleted, a match withdrawn
    await sql('delete from media where id = $1', [a]);
    await sql('delete from face_matches where checkin_id = $1 and media_id = $2', [checkinId, d]);
    expect(await shown()).toEqual({ media: [b], total: 1, favourites: 0 });
    await expectCountsFresh();

    // the event goes back to album codes: the code's whole scope shows again
    await sql("update photo_services set checkin_mode = 'none' where id = $1", [serviceId]);
    expect((await shown()).media).toEqual(expect.arrayContaining([b, c, d]));
    await expectCountsFresh();
  });
});
