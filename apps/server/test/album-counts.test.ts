import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

interface Tab {
  type: string;
  count: number;
}
interface Page {
  results: { id: number; favorite: boolean }[];
  pagination: { total: number };
  tabs?: Tab[];
}

/**
 * Album counts are kept by the database when media, favourites, removals, codes and albums change
 * (migration 0010), not refreshed when an album is read: what a participant sees must stay right
 * after every kind of change, and reading an album must write nothing.
 */
describe.each(BACKENDS)('album counts kept on write on %s', (backend) => {
  let h: Harness;
  let token: string;
  let checkinId: number;
  let serviceId: number;
  let galleryIds: Record<string, number>;
  let clock = Date.parse('2026-05-17T09:00:00Z');

  const sql = (text: string, values: unknown[] = []) => h.database.executeSql(text, values);

  /** Ready media of the marathon, straight into the table as an upload's last step leaves them. */
  async function addMedia(
    n: number,
    { gallery = 'Start', tag = 'bib-1042', type = 'photo', status = 'ready' } = {},
  ): Promise<number[]> {
    const { rows } = await sql(
      `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
       select $1, $2, $3, $4, array[$5], 1600, 1067, to_timestamp(($6::bigint + g * 1000) / 1000.0)
       from generate_series(1, $7::int) g returning id`,
      [serviceId, galleryIds[gallery], type, status, tag, clock, n],
    );
    clock += n * 1000;
    return rows.map((r) => (r as { id: number }).id);
  }

  const get = async (url: string) => {
    const r = await call(h.app, 'GET', url, undefined, { token });
    expect(r.status).toBe(200);
    return r.body;
  };
  const post = (url: string) => call(h.app, 'POST', url, undefined, { token });
  const rootPage = async (query = '') =>
    (await get(`/api/v3/checkins/${checkinId}/gallery_tree/0/media/?extras=true${query}`)) as unknown as Page;
  /** What the album screen shows: [media in the album, favourites tab, media in Start]. */
  const shown = async () => {
    const [page, tree] = await Promise.all([
      rootPage(),
      get(`/api/v3/checkins/${checkinId}/gallery_tree/0/tree/`),
    ]);
    const start = (tree.sub_gallery as { name: string; num_media: number }[]).find((g) => g.name === 'Start');
    return [page.pagination.total, page.tabs![2]!.count, start?.num_media ?? 0];
  };

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
    const { rows } = await sql('select id, name from galleries where photo_service_id = $1', [serviceId]);
    galleryIds = Object.fromEntries(
      rows.map((r) => [(r as { name: string }).name, (r as { id: number }).id]),
    );
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    checkinId = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token })).body
      .id as number;
  });
  afterAll(() => h?.close());

  it('keeps the counts right as media, favourites, removals, tags, galleries and the code change', async () => {
    expect(await shown()).toEqual([0, 0, 0]);
    const [a, b, c] = await addMedia(3);
    const [video] = await addMedia(1, { gallery: 'Finish', type: 'video' });
    await addMedia(2, { tag: 'bib-7' });
    const [processing] = await addMedia(1, { status: 'processing' });
    expect(await shown()).toEqual([4, 0, 3]);
    await expectCountsFresh();

    // favourites: the tab counts them; a favourite removed from the album leaves both counts
    for (const id of [a, b, video])
      expect((await post(`/api/v3/medias/${id}/add-favorite/`)).status).toBe(200);
    await post(`/api/v3/medias/${a}/add-favorite/`);
    expect(await shown()).toEqual([4, 3, 3]);
    await post(`/api/v3/medias/${b}/hide/`);
    expect(await shown()).toEqual([3, 2, 2]);
    await post(`/api/v3/medias/${video}/remove-favorite/`);
    expect(await shown()).toEqual([3, 1, 2]);
    await expectCountsFresh();

    // the upload finishes, the photographer re-tags one photo and moves another
    await sql("update media set status = 'ready' where id = $1", [processing]);
    expect(await shown()).toEqual([4, 1, 3]);
    await sql("update media set tags = array['bib-7'] where id = $1", [c]);
    await sql('update media set gallery_id = $1 where id = $2', [galleryIds['Km 10'], processing]);
    expect(await shown()).toEqual([3, 1, 1]);
    await expectCountsFresh();

    // a favourite photo is deleted: its favourite goes with it
    await sql('delete from media where id = $1', [a]);
    expect(await shown()).toEqual([2, 0, 0]);
    await expectCountsFresh();

    // the code is widened to the Start gallery, then the event shows all its photos
    await sql("update picacodes set gallery_ids = array[$1::int] where code = 'K7M2Q9P'", [galleryIds.Start]);
    expect(await shown()).toEqual([5, 0, 3]);
    await sql('update photo_services set show_all_event_photos = true where id = $1', [serviceId]);
    const all = (await sql(
      "select count(*)::int n from media where photo_service_id = $1 and status = 'ready'",
      [serviceId],
    )) as { rows: { n: number }[] };
    // every ready medium of the event but the one removed from the album
    expect((await shown())[0]).toBe(all.rows[0]!.n - 1);
    await expectCountsFresh();
    await sql('update photo_services set show_all_event_photos = false where id = $1', [serviceId]);
    await sql("update picacodes set gallery_ids = '{}' where code = 'K7M2Q9P'", []);
    expect(await shown()).toEqual([2, 0, 0]);
  });

  it('reads every album screen without writing anything', async () => {
    // every write to any table of the application is logged, whichever code makes it
    await sql('create table write_log (tbl text not null)');
    await sql(`create function log_write() returns trigger language plpgsql as $$
      begin insert into write_log values (TG_TABLE_NAME); return null; end $$`);
    const { rows } = await sql(
      "select tablename from pg_tables where schemaname = 'public' and tablename <> 'write_log'",
    );
    for (const { tablename } of rows as { tablename: string }[])
      await sql(
        `create trigger log_write after insert or update or delete on "${tablename}" for each statement execute function log_write()`,
      );
    await addMedia(450);
    await sql('delete from write_log');
    const album = `/api/v3/checkins/${checkinId}`;
    for (const url of [
      `${album}/gallery_tree/0/tree/`,
      `${album}/gallery_tree/${galleryIds.Course}/tree/`,
      `${album}/gallery_tree/0/media/?extras=true`,
      `${album}/gallery_tree/0/media/?page=12&extras=true`,
      `${album}/gallery_tree/0/media/?tab=favourite&extras=true`,
      `${album}/gallery_tree/${galleryIds.Start}/media/?page=2&page_size=5`,
      `${album}/all-medias/?page=11`,
      `${album}/galleries/`,
      `${album}/gallery_tree/${galleryIds.Finish}/price_list/`,
      '/api/v3/medias/?page=12',
      `/api/v2/checkins/${checkinId}/?include_photos_summary=true`,
    ])
      await get(url);
    expect((await sql('select tbl from write_log')).rows).toEqual([]);
    for (const { tablename } of rows as { tablename: string }[])
      await sql(`drop trigger log_write on "${tablename}"`);
  });

  it('pages deep into the album in order, and follows it as it changes', async () => {
    const order = async () =>
      (
        await sql(
          `select m.id from media m where m.photo_service_id = $1 and m.status = 'ready' and m.tags && array['bib-1042']
             and not exists (select 1 from media_hidden h where h.media_id = m.id)
           order by m.taken_at desc nulls last, m.id desc`,
          [serviceId],
        )
      ).rows.map((r) => (r as { id: number }).id);
    const page = async (n: number) =>
      ((await rootPage(`&page=${n}&page_size=40`)).results as { id: number }[]).map((m) => m.id);
    const expected = await order();
    expect(expected.length).toBeGreaterThan(440);
    // page 12 lies past the first ten pages, which are read straight from the index
    expect(await page(12)).toEqual(expected.slice(440, 480));
    expect(await page(11)).toEqual(expected.slice(400, 440));
    // a photo of page 1 removed, a new photo on top: page 12 moves along
    await post(`/api/v3/medias/${expected[0]}/hide/`);
    await addMedia(2);
    const now = await order();
    expect(now[0]).not.toBe(expected[0]);
    expect(await page(12)).toEqual(now.slice(440, 480));
    // re-dating a photo reorders the album even though no count changes
    await sql("update media set taken_at = timestamptz '2020-01-01' where id = $1", [now[3]]);
    const redated = await order();
    expect(redated.at(-1)).toBe(now[3]);
    expect(await page(12)).toEqual(redated.slice(440, 480));
    const pages = Math.ceil(redated.length / 40);
    expect((await page(pages)).at(-1)).toBe(now[3]);
  });

  it('shows a medium on a deep page as a page read from the index shows it', async () => {
    // a new photo: no order is kept for the album as it is now, so a first page reads the index
    await addMedia(1);
    const before = (await rootPage('&page=1&page_size=480')).results;
    for (const m of [before[441]!, before[450]!])
      expect((await post(`/api/v3/medias/${m.id}/add-favorite/`)).status).toBe(200);
    const shallow = (await rootPage('&page=1&page_size=480')).results.slice(440);
    expect(shallow.length).toBeGreaterThan(10);
    expect(shallow.filter((m) => m.favorite)).toHaveLength(2);
    // page 12 lies past the first ten pages: its rows are read by id from the album's order
    expect((await rootPage('&page=12&page_size=40')).results).toEqual(shallow);
  });

  it("reads a page with the album lookup as the page alone reads it, and only for the album's owner", async () => {
    await addMedia(80);
    const index = (await rootPage('&page=1&page_size=560')).results;
    expect(index.length).toBeGreaterThan(520);
    // page 12 keeps the album's order; pages 13 and 11 then come with the album lookup (issue 20)
    expect((await rootPage('&page=12&page_size=40')).results).toEqual(index.slice(440, 480));
    expect((await rootPage('&page=13&page_size=40')).results).toEqual(index.slice(480, 520));
    expect((await rootPage('&page=11&page_size=40')).results).toEqual(index.slice(400, 440));
    // a medium of page 13 removed by its owner is gone from it at once
    await post(`/api/v3/medias/${index[485]!.id}/hide/`);
    const after = (await rootPage('&page=13&page_size=40')).results;
    expect(after.map((m) => m.id)).not.toContain(index[485]!.id);
    expect(after[0]).toEqual(index[480]);
    // another user's token asks the same page of this album: nothing
    const other = (
      await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'other@example.com' })
    ).body.token as string;
    const r = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${checkinId}/gallery_tree/0/media/?page=13&page_size=40`,
      undefined,
      {
        token: other,
      },
    );
    expect(r.status).toBe(404);
  });
});
