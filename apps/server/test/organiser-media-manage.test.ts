import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/adapters/storage/local-storage';
import { mediaKey } from '../src/media/variants';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { teamRepository } from '../src/repositories/team.repository';
import { freshJpeg, send, tusMetadata } from './console-roles-fixture';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser } from './harness';
import { addPhoto, runnerWithAlbum } from './photos';
import { startTeamHarness, type TeamHarness } from './team-fixture';

const SLUG = '5e1a0c3d';
const MEDIA = `/api/organiser/v1/events/${SLUG}/media/`;

interface Listed {
  id: number;
  gallery_id: number | null;
  tags: string[];
  hidden: boolean;
  deleted: boolean;
  uploaded_by: number | null;
  face_count: number;
  thumbnail_url: string | null;
}

/**
 * Issue 18, media management: the organiser's changes to an event's media (PATCH, DELETE, bulk)
 * as participants and buyers see them afterwards, the files in storage, and who may change what.
 */
describe.each(BACKENDS)('organiser media management on %s', (backend) => {
  let t: TeamHarness;
  let h: Harness;
  let owner: string;
  let ownerId: number;
  let serviceId: number;
  let galleries: Record<string, number>;
  let runner: { token: string; albumId: number };
  let mediaDir: string;
  let shade = 0;
  const storage = () => localStorage(mediaDir);

  const sql = (text: string, values: unknown[] = []) => h.database.executeSql(text, values);
  const photo = (gallery = 'Start', tags = ['bib-1042']) =>
    addPhoto(h, { serviceId, galleryId: galleries[gallery]!, tags }, ++shade, 160);
  const list = async (query = '') => {
    const r = await call(h.app, 'GET', `${MEDIA}?page_size=100${query}`, undefined, { token: owner });
    expect(r.status).toBe(200);
    return r.body.results as Listed[];
  };
  const patch = (id: number, body: unknown, token = owner) =>
    call(h.app, 'PATCH', `${MEDIA}${id}/`, body, { token });
  const bulk = (body: unknown, token = owner) => call(h.app, 'POST', `${MEDIA}bulk/`, body, { token });
  /** The ids the runner's album shows (every page of it), and its kept count. */
  const album = async (who = runner) => {
    const r = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${who.albumId}/gallery_tree/0/media/?page_size=100`,
      undefined,
      { token: who.token },
    );
    expect(r.status).toBe(200);
    return (r.body.results as { id: number }[]).map((m) => m.id);
  };
  const albumTotal = async (who = runner) => {
    const { rows } = await sql(
      'select coalesce(sum(photos + videos), 0)::int as n from album_gallery_counts where checkin_id = $1',
      [who.albumId],
    );
    return (rows[0] as { n: number }).n;
  };
  /** The kept counts equal a count from scratch (migration 0022 keeps hiding counted). */
  async function expectCountsFresh(checkinId = runner.albumId) {
    const read = async () =>
      (
        await sql(
          `select gallery_id, photos, videos from album_gallery_counts
           where checkin_id = $1 and (photos, videos) <> (0, 0) order by gallery_id`,
          [checkinId],
        )
      ).rows;
    const kept = await read();
    await sql('select album_counts_recount(array[$1::int])', [checkinId]);
    expect(kept).toEqual(await read());
  }

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'fotodrop-manage-'));
    t = await startTeamHarness(backend, { storage: localStorage(mediaDir) });
    h = t.h;
    owner = await logInAsDemoOrganiser(h.app);
    ownerId = (await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: owner })).body.id as number;
    serviceId = (await photoServicesRepository(h.database.db).findBySlug(SLUG))!.id;
    const { rows } = await sql('select id, name from galleries where photo_service_id = $1', [serviceId]);
    galleries = Object.fromEntries(rows.map((r) => [(r as { name: string }).name, (r as { id: number }).id]));
    runner = await runnerWithAlbum(h, 'manage-runner@example.com');
  });
  afterAll(async () => {
    await h?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('filters the list by gallery, tag, faces, uploader and hidden', async () => {
    const a = await photo('Start', ['bib-501']);
    const b = await photo('Finish', ['bib-502']);
    const c = await photo('Start', ['bib-502']);
    await sql('update media set gallery_id = null, uploaded_by = $2 where id = $1', [c, ownerId]);
    for (let i = 0; i < 3; i++) {
      await sql(
        `insert into faces (media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
         values ($1, $2, '{"x":0,"y":0,"width":0.1,"height":0.1}', '[]', 0.9, 40, '{}')`,
        [b, serviceId],
      );
    }
    const ids = (rows: Listed[]) =>
      rows
        .map((r) => r.id)
        .filter((id) => [a, b, c].includes(id))
        .sort();
    expect(ids(await list(`&gallery=${galleries.Start}`))).toEqual([a]);
    expect(ids(await list('&gallery=none'))).toEqual([c]);
    expect(ids(await list('&tag=bib-502'))).toEqual([b, c].sort());
    expect(ids(await list(`&uploaded_by=${ownerId}`))).toEqual([c]);
    expect((await list(`&uploaded_by=${ownerId}`))[0]).toMatchObject({ uploaded_by: ownerId, hidden: false });
    // face indexing may have found faces of its own in the sample photo
    const { rows: counted } = await sql('select count(*)::int as n from faces where media_id = $1', [b]);
    const faces = (await list()).find((m) => m.id === b)!.face_count;
    expect(faces).toBe((counted[0] as { n: number }).n);
    expect(faces).toBeGreaterThanOrEqual(3);
    expect(ids(await list(`&min_faces=${faces}`))).toContain(b);
    expect(ids(await list(`&max_faces=${faces - 1}`))).not.toContain(b);
    for (const m of await list('&max_faces=0')) expect(m.face_count).toBe(0);
    // the organiser sees clean thumbnails (no watermark), served by their signed link
    const thumb = (await list()).find((m) => m.id === a)!.thumbnail_url!;
    expect(thumb).toContain(`/api/media/${a}/thumb-clean`);
    expect((await h.app.inject({ url: thumb })).statusCode).toBe(200);
    await patch(a, { hidden: true });
    expect(ids(await list('&hidden=true'))).toEqual([a]);
    expect(ids(await list('&hidden=false'))).toEqual([b, c].sort());
    expect((await call(h.app, 'GET', `${MEDIA}?gallery=abc`, undefined, { token: owner })).status).toBe(400);
  });

  it('hides and shows a medium again: it leaves the albums and comes back, counts kept', async () => {
    const id = await photo();
    expect(await album()).toContain(id);
    const before = await albumTotal();
    expect((await patch(id, { hidden: true })).body).toMatchObject({ id, hidden: true });
    expect(await album()).not.toContain(id);
    expect(await albumTotal()).toBe(before - 1);
    await expectCountsFresh();
    expect((await patch(id, { hidden: false })).body).toMatchObject({ hidden: false });
    expect(await album()).toContain(id);
    expect(await albumTotal()).toBe(before);
    await expectCountsFresh();
  });

  it('moves and tags: the album follows its code (tags and galleries), other events refused', async () => {
    const id = await photo('Start', ['bib-999']);
    expect(await album()).not.toContain(id);
    // issue 20: bib tags follow the photo's bibs (`tags` cannot add them)
    expect((await patch(id, { tags: ['bib-1042', 'bib-999'] })).status).toBe(400);
    const tagged = await patch(id, { tags: ['finish', 'finish'], bibs: ['1042', '999', '1042'] });
    expect([...(tagged.body.tags as string[])].sort()).toEqual(['bib-1042', 'bib-999', 'finish']);
    expect(await album()).toContain(id);
    const moved = await patch(id, { gallery_id: galleries.Finish });
    expect(moved.body).toMatchObject({ gallery_id: galleries.Finish });
    await expectCountsFresh();
    const otherGallery = (
      await sql('select id from galleries where photo_service_id <> $1 limit 1', [serviceId])
    ).rows[0] as { id: number } | undefined;
    if (otherGallery) {
      const refused = await patch(id, { gallery_id: otherGallery.id, tags: [] });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ data: { fields: { gallery_id: ['gallery.unknown'] } } });
      // nothing of the refused call stored: the tags are still there
      expect([...(await list()).find((m) => m.id === id)!.tags].sort()).toEqual([
        'bib-1042',
        'bib-999',
        'finish',
      ]);
    }
    expect((await patch(id, {})).status).toBe(400);
    expect((await patch(id, { poster_seconds: 3 })).body).toMatchObject({
      data: { fields: { poster_seconds: ['media.not_video'] } },
    });
    expect((await patch(2_000_000, { hidden: true })).status).toBe(404);
  });

  it('bulk: move, tags, hide, unhide and reprocess, per-id results, other events not found', async () => {
    const [a, b] = [await photo('Start', ['bib-1']), await photo('Start', ['bib-2'])];
    const foreign = (await sql('select id from media where photo_service_id <> $1 limit 1', [serviceId]))
      .rows[0] as { id: number } | undefined;
    const ids = foreign ? [a, b, foreign.id] : [a, b];
    const notFound = foreign ? [{ id: foreign.id, outcome: 'not_found' }] : [];
    const moved = await bulk({ ids, action: 'move', gallery_id: null });
    expect(moved.body).toEqual({
      results: [{ id: a, outcome: 'done' }, { id: b, outcome: 'done' }, ...notFound],
    });
    const added = await bulk({ ids: [a, b], action: 'add_tags', tags: ['team "blue"'] });
    expect(added.status).toBe(200);
    // issue 20: a bib tag is added through the photo's bibs
    for (const id of [a, b]) expect((await patch(id, { bibs: ['1042'] })).status).toBe(200);
    const rows = await list('&gallery=none');
    expect(rows.find((m) => m.id === a)!.tags).toEqual(['bib-1', 'team "blue"', 'bib-1042']);
    expect(await album()).toEqual(expect.arrayContaining([a, b]));
    const before = await albumTotal();
    await bulk({ ids: [a, b], action: 'hide' });
    expect(await album()).not.toContain(a);
    expect(await albumTotal()).toBe(before - 2);
    await bulk({ ids: [a], action: 'unhide' });
    expect(await albumTotal()).toBe(before - 1);
    for (const id of [a, b]) await patch(id, { bibs: [] });
    expect((await list('&tag=bib-1042')).map((m) => m.id)).not.toContain(a);
    expect(await album()).not.toContain(a);
    await expectCountsFresh();
    if (foreign) {
      const untouched = await sql('select gallery_id, tags from media where id = $1', [foreign.id]);
      expect((untouched.rows[0] as { tags: string[] }).tags).not.toContain('bib-1042');
    }
    // re-processing a ready photo makes its files again and keeps it shown
    const redo = await bulk({ ids: [b], action: 'reprocess' });
    expect(redo.body).toEqual({ results: [{ id: b, outcome: 'done' }] });
    await storage().delete(mediaKey(b, 'thumb-clean-webp'));
    await h.services.mediaFiles.processDerivatives(b, true);
    expect(await storage().get(mediaKey(b, 'thumb-clean-webp'))).not.toBeNull();
    expect((await list()).find((m) => m.id === b)).toMatchObject({ hidden: true });
    // bad bodies refused with their field
    expect((await bulk({ ids: [a], action: 'move' })).body).toMatchObject({
      data: { fields: { gallery_id: ['field.required'] } },
    });
    expect((await bulk({ ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: 'hide' })).status).toBe(
      400,
    );
    expect((await bulk({ ids: [a], action: 'explode' })).status).toBe(400);
  });

  it('deletes: files and row gone; a bought medium is kept for its buyer only', async () => {
    const other = await runnerWithAlbum(h, 'manage-other@example.com');
    const [gone, bought] = [await photo(), await photo()];
    expect(await storage().get(mediaKey(gone, 'original'))).not.toBeNull();
    const beforeOther = await albumTotal(other);
    const deleted = await call(h.app, 'DELETE', `${MEDIA}${gone}/`, undefined, { token: owner });
    expect(deleted.body).toEqual({ outcome: 'deleted' });
    expect(await storage().get(mediaKey(gone, 'original'))).toBeNull();
    expect(await storage().get(mediaKey(gone, 'thumb-clean-webp'))).toBeNull();
    expect((await sql('select id from media where id = $1', [gone])).rows).toEqual([]);
    expect(await albumTotal(other)).toBe(beforeOther - 1);

    const userId = (await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: runner.token })).body
      .id as number;
    const orderId = (
      (
        await sql(
          `insert into orders (user_id, status, payment_method, provider, currency, digital_total, print_total,
             shipping_costs, handling_fee, discount_total, grand_total, fingerprint, link_base, paid_at)
           values ($1, 'paid', 'stripe', 'test', 'EUR', 500, 0, 0, 0, 0, 500, 'manage-test', 'http://localhost:8080', now())
           returning id`,
          [userId],
        )
      ).rows[0] as { id: number }
    ).id;
    await sql('insert into media_entitlements (user_id, media_id, order_id) values ($1, $2, $3)', [
      userId,
      bought,
      orderId,
    ]);
    const [buyerBefore, otherBefore] = [await albumTotal(), await albumTotal(other)];
    const kept = await bulk({ ids: [bought], action: 'delete' });
    expect(kept.body).toEqual({ results: [{ id: bought, outcome: 'kept' }] });
    expect(await storage().get(mediaKey(bought, 'original'))).not.toBeNull();
    expect(await album()).toContain(bought);
    expect(await albumTotal()).toBe(buyerBefore);
    expect(await album(other)).not.toContain(bought);
    expect(await albumTotal(other)).toBe(otherBefore - 1);
    expect((await list()).find((m) => m.id === bought)).toMatchObject({ deleted: true, hidden: true });
    expect((await patch(bought, { hidden: false })).body).toMatchObject({
      data: { fields: { hidden: ['media.deleted'] } },
    });
    expect((await bulk({ ids: [bought], action: 'unhide' })).body).toEqual({
      results: [{ id: bought, outcome: 'skipped' }],
    });
    await expectCountsFresh();
    await expectCountsFresh(other.albumId);
  });

  it('caps tags: 100 per call and per medium, 100 characters each; an add_tags past it changes nothing', async () => {
    const [a, b] = [await photo('Start', ['bib-1']), await photo('Start', ['bib-2'])];
    const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
    const tagsOf = async (id: number) =>
      ((await sql('select tags from media where id = $1', [id])).rows[0] as { tags: string[] }).tags;
    const fieldsOf = (r: { body: Record<string, unknown> }) => (r.body.data as { fields: object }).fields;

    expect(fieldsOf(await patch(a, { tags: many(101, 't') }))).toEqual({ tags: ['field.too_many'] });
    expect(fieldsOf(await patch(a, { tags: ['x'.repeat(101)] }))).toEqual({ 'tags.0': ['field.too_long'] });
    expect((await bulk({ ids: [a], action: 'add_tags', tags: many(101, 'n') })).status).toBe(400);
    expect((await patch(a, { tags: many(95, 't') })).status).toBe(200);

    // ten more would make 105 on a: refused whole, b (which had room) gets nothing either
    const over = await bulk({ ids: [a, b], action: 'add_tags', tags: many(10, 'n') });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: 'validation_error',
      data: { fields: { tags: ['field.too_many'] } },
    });
    expect(over.body.message).toContain(String(a));
    expect(over.body.message).not.toContain(String(b));
    expect(await tagsOf(a)).toEqual(many(95, 't'));
    expect(await tagsOf(b)).toEqual(['bib-2']);

    // tags a medium already has do not count twice: five old and five new make exactly 100
    const fits = await bulk({ ids: [a, b], action: 'add_tags', tags: [...many(5, 't'), ...many(5, 'n')] });
    expect(fits.status).toBe(200);
    expect(await tagsOf(a)).toEqual([...many(95, 't'), ...many(5, 'n')]);
    expect(await tagsOf(b)).toHaveLength(11);
    expect((await bulk({ ids: [a], action: 'add_tags', tags: ['t1'] })).status).toBe(200);
    expect((await bulk({ ids: [a], action: 'add_tags', tags: ['n6'] })).status).toBe(400);
    expect(await tagsOf(a)).toHaveLength(100);

    // uploads hold to the same limits, by multipart and by tus
    const upload = async (tags: string) =>
      (
        await send(h.app, {
          method: 'POST',
          url: MEDIA,
          token: owner,
          form: { bytes: await freshJpeg(), name: 'p.jpg', fields: { tags } },
        })
      ).statusCode;
    expect(await upload(many(101, 'u').join(','))).toBe(400);
    expect(await upload(`bib-1,${'y'.repeat(101)}`)).toBe(400);
    expect(await upload(many(100, 'u').join(','))).toBe(201);
    const tus = await send(h.app, {
      method: 'POST',
      url: '/api/organiser/v1/uploads/',
      token: owner,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': tusMetadata({ event: SLUG, tags: many(101, 'u').join(',') }),
      },
    });
    expect(tus.statusCode).toBe(400);
  });

  it("removes a deleted medium's faces (its descriptors) with it, one by one and in bulk", async () => {
    const ids = [await photo(), await photo(), await photo()];
    for (const id of ids) {
      await sql(
        `insert into faces (media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
         values ($1, $2, '{"x":0,"y":0,"width":0.1,"height":0.1}', '[]', 0.9, 40, $3)`,
        [id, serviceId, Array.from({ length: 128 }, (_, i) => i / 128)],
      );
      await sql(
        `insert into media_face_scans (media_id, photo_service_id, status, face_count, engine)
         values ($1, $2, 'done', 1, 'test') on conflict (media_id) do nothing`,
        [id, serviceId],
      );
    }
    const facesOf = async (list: number[]) =>
      (await sql('select count(*)::int as n from faces where media_id = any($1::int[])', [list])).rows[0];
    const scansOf = async (list: number[]) =>
      (await sql('select count(*)::int as n from media_face_scans where media_id = any($1::int[])', [list]))
        .rows[0];
    expect(await facesOf(ids)).toEqual({ n: expect.any(Number) });
    expect(((await facesOf(ids)) as { n: number }).n).toBeGreaterThanOrEqual(3);

    const [one, ...rest] = ids as [number, ...number[]];
    expect((await call(h.app, 'DELETE', `${MEDIA}${one}/`, undefined, { token: owner })).body).toEqual({
      outcome: 'deleted',
    });
    expect(await facesOf([one])).toEqual({ n: 0 });
    expect(await scansOf([one])).toEqual({ n: 0 });
    expect(((await facesOf(rest)) as { n: number }).n).toBeGreaterThanOrEqual(2);

    expect((await bulk({ ids: rest, action: 'delete' })).body).toEqual({
      results: rest.map((id) => ({ id, outcome: 'done' })),
    });
    expect(await facesOf(rest)).toEqual({ n: 0 });
    expect(await scansOf(rest)).toEqual({ n: 0 });
    // where the pgvector index has its own table, the vectors went too
    const vectors = await sql("select to_regclass('face_vectors') is not null as present");
    if ((vectors.rows[0] as { present: boolean }).present) {
      const left = await sql('select count(*)::int as n from face_vectors where media_id = any($1::int[])', [
        ids,
      ]);
      expect(left.rows[0]).toEqual({ n: 0 });
    }
  });

  it('lets owners and managers change media; others are refused as roleMay says', async () => {
    const id = await photo();
    const manager = await t.addMember(34, owner, 'media-manager@example.com', 'manager');
    const photographer = await t.addMember(34, owner, 'media-photographer@example.com', 'photographer');
    const support = await t.addMember(34, owner, 'media-support@example.com', 'support');
    await teamRepository(h.database.db).setPhotographers(serviceId, [photographer.memberId]);
    const other = await t.createOrganisation('mediaother', 'media-other@example.com');
    const participant = await t.participant('media-participant@example.com');
    const callers: [string, string | undefined, number][] = [
      ['staff', t.staff, 200],
      ['owner', owner, 200],
      ['manager', manager.token, 200],
      ['photographer', photographer.token, 403],
      ['support', support.token, 403],
      ['otherOrganisation', other.owner, 404],
      ['participant', participant, 404],
      ['anonymous', undefined, 401],
    ];
    for (const [who, token, status] of callers) {
      const answers = [
        // '' sends no Authorization header (undefined would take the owner's default)
        (await patch(id, { tags: ['bib-1042'] }, token ?? '')).status,
        (await bulk({ ids: [id], action: 'hide' }, token ?? '')).status,
        (await call(h.app, 'DELETE', `${MEDIA}2000000/`, undefined, token ? { token } : {})).status,
      ];
      // a delete allowed by the role answers 404 for the unknown medium, after the role check
      expect([who, ...answers]).toEqual([who, status, status, status === 200 ? 404 : status]);
    }
    // the photographer still reads the event's media
    expect((await call(h.app, 'GET', MEDIA, undefined, { token: photographer.token })).status).toBe(200);
  });
});
