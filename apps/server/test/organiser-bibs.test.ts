import { BIB_LIST_MAX } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaBibsRepository } from '../src/repositories/media-bibs.repository';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser } from './harness';
import { addPhoto, runnerWithAlbum } from './photos';
import { startTeamHarness, type TeamHarness } from './team-fixture';

const SLUG = '5e1a0c3d';
const BIBS = `/api/organiser/v1/events/${SLUG}/bibs/`;
const MEDIA = `/api/organiser/v1/events/${SLUG}/media/`;

interface Listed {
  id: number;
  filename: string | null;
  tags: string[];
  bibs: { number: string; source: 'ocr' | 'manual'; confidence: number | null }[];
}

/**
 * Issue 20, the organiser's bibs: the event's issued list and recognition switch, the bibs on
 * each photo in the media list and its filters, and corrections by hand as a runner's album code
 * (scoped to `bib-1042`) sees them.
 */
describe.each(BACKENDS)('organiser bibs on %s', (backend) => {
  let t: TeamHarness;
  let h: Harness;
  let owner: string;
  let serviceId: number;
  let galleryId: number;
  let runner: { token: string; albumId: number };
  let shade = 0;

  const sql = (text: string, values: unknown[] = []) => h.database.executeSql(text, values);
  const photo = async (tags: string[] = [], read: [string, number][] = []) => {
    const id = await addPhoto(h, { serviceId, galleryId, tags }, ++shade, 160);
    if (read.length > 0) {
      await h.database.db.transaction((tx) =>
        mediaBibsRepository(tx).replaceOcr(
          id,
          read.map(([number, confidence]) => ({ number, confidence })),
        ),
      );
    }
    return id;
  };
  const list = async (query = '') => {
    const r = await call(h.app, 'GET', `${MEDIA}?page_size=100${query}`, undefined, { token: owner });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results as Listed[];
  };
  const listed = async (id: number) => (await list()).find((m) => m.id === id)!;
  const patch = (id: number, body: unknown) => call(h.app, 'PATCH', `${MEDIA}${id}/`, body, { token: owner });
  const put = (body: unknown, token = owner) => call(h.app, 'PUT', BIBS, body, { token });
  /** The ids the runner's album (code K7M2Q9P, tag bib-1042) shows. */
  const album = async () => {
    const r = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${runner.albumId}/gallery_tree/0/media/?page_size=100`,
      undefined,
      { token: runner.token },
    );
    expect(r.status).toBe(200);
    return (r.body.results as { id: number }[]).map((m) => m.id);
  };
  const rows = async (id: number) =>
    (await sql('select number, source from media_bibs where media_id = $1 order by number', [id])).rows.map(
      (r) => `${(r as { number: string }).number}:${(r as { source: string }).source}`,
    );

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    h = t.h;
    owner = await logInAsDemoOrganiser(h.app);
    serviceId = (await photoServicesRepository(h.database.db).findBySlug(SLUG))!.id;
    const { rows: g } = await sql('select id from galleries where photo_service_id = $1 order by id', [
      serviceId,
    ]);
    galleryId = (g[0] as { id: number }).id;
    runner = await runnerWithAlbum(h, 'bibs-runner@example.com');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('replaces the issued list and the switch, reads them back, refuses bad lists', async () => {
    expect((await call(h.app, 'GET', BIBS, undefined, { token: owner })).body).toEqual({
      numbers: [],
      recognition: false,
    });
    const saved = await put({ numbers: ['1042', '0042', '999', '1042', ' 1043 '], recognition: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ numbers: ['0042', '999', '1042', '1043'], recognition: true });
    const replaced = await put({ numbers: ['1042', '2000'], recognition: true });
    expect(replaced.body).toEqual({ numbers: ['1042', '2000'], recognition: true });
    expect((await call(h.app, 'GET', BIBS, undefined, { token: owner })).body).toEqual(replaced.body);

    for (const [body, field] of [
      [{ numbers: ['12'], recognition: true }, 'numbers.0'],
      [{ numbers: ['123456'], recognition: true }, 'numbers.0'],
      [{ numbers: ['12a4'], recognition: true }, 'numbers.0'],
      [{ numbers: ['1042'] }, 'recognition'],
      [{ numbers: '1042', recognition: true }, 'numbers'],
    ] as const) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ code: 'validation_error' });
      expect(Object.keys((r.body.data as { fields: object }).fields)).toContain(field);
    }
    // every five-digit number, then one of four digits
    const tooMany = Array.from({ length: BIB_LIST_MAX + 1 }, (_, i) =>
      i < 100_000 ? String(i).padStart(5, '0') : String(i - 100_000).padStart(4, '0'),
    );
    const refused = await put({ numbers: tooMany, recognition: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: { fields: { numbers: ['bibs.too_many'] } } });
    // nothing of the refused calls stored
    expect((await call(h.app, 'GET', BIBS, undefined, { token: owner })).body).toEqual(replaced.body);

    const full = await put({ numbers: tooMany.slice(0, BIB_LIST_MAX), recognition: false });
    expect(full.status, JSON.stringify(full.body).slice(0, 300)).toBe(200);
    const read = (await call(h.app, 'GET', BIBS, undefined, { token: owner })).body as { numbers: string[] };
    expect(read.numbers).toHaveLength(BIB_LIST_MAX);
    expect((await put({ numbers: [], recognition: false })).body).toEqual({
      numbers: [],
      recognition: false,
    });
  });

  it('is refused to anonymous callers, other organisations and roles that cannot change the event', async () => {
    expect((await call(h.app, 'GET', BIBS)).status).toBe(401);
    expect((await call(h.app, 'PUT', BIBS, { numbers: ['1042'], recognition: true })).status).toBe(401);
    const other = await t.createOrganisation('otherbibs', 'owner@otherbibs.test');
    expect((await call(h.app, 'GET', BIBS, undefined, { token: other.owner })).status).toBe(404);
    expect((await put({ numbers: ['1042'], recognition: true }, other.owner)).status).toBe(404);
    const participant = await t.participant('bibs-participant@example.com');
    expect((await put({ numbers: ['1042'], recognition: true }, participant)).status).toBe(404);
    expect((await call(h.app, 'GET', BIBS, undefined, { token: owner })).body).toEqual({
      numbers: [],
      recognition: false,
    });
  });

  it('lists each photo with its file name and bibs, filters without a bib and by bib', async () => {
    const read = await photo([], [['1042', 0.97]]);
    const byHand = await photo(['bib-2001', 'finish']);
    const none = await photo(['finish']);
    const [a, b, c] = [await listed(read), await listed(byHand), await listed(none)];
    expect(a).toMatchObject({ bibs: [{ number: '1042', source: 'ocr' }] });
    expect(a.bibs[0]!.confidence).toBeCloseTo(0.97, 5);
    expect(a.filename).toBeNull();
    // a bib tag given at upload is a bib set by hand
    expect(b.bibs).toEqual([{ number: '2001', source: 'manual', confidence: null }]);
    expect(c.bibs).toEqual([]);
    const ids = (rows: Listed[]) => rows.map((m) => m.id);
    expect(ids(await list('&bib=none'))).toEqual(expect.arrayContaining([none]));
    expect(ids(await list('&bib=none'))).not.toEqual(expect.arrayContaining([read]));
    expect(ids(await list('&bib=none'))).not.toEqual(expect.arrayContaining([byHand]));
    expect(ids(await list('&bib=2001'))).toEqual([byHand]);
    expect(ids(await list('&bib=1042'))).toContain(read);
    expect(ids(await list('&bib=1042'))).not.toContain(byHand);
    const bad = await call(h.app, 'GET', `${MEDIA}?bib=12`, undefined, { token: owner });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: { fields: { bib: expect.any(Array) } } });
  });

  it('corrects a photo’s bibs: read ones stay read, others by hand, a removed reading remembered', async () => {
    const id = await photo(
      ['finish'],
      [
        ['1042', 0.95],
        ['3003', 0.9],
      ],
    );
    expect(await album()).toContain(id);
    const first = await patch(id, { bibs: ['1042', '555'] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.bibs).toEqual([
      { number: '555', source: 'manual', confidence: null },
      { number: '1042', source: 'ocr', confidence: expect.closeTo(0.95, 5) },
    ]);
    expect([...(first.body.tags as string[])].sort()).toEqual(['bib-1042', 'bib-555', 'finish']);
    expect(await rows(id)).toEqual(['1042:ocr', '3003:removed', '555:manual']);
    // the same shape in the list
    expect((await listed(id)).bibs).toEqual(first.body.bibs);

    // reading the photo again does not bring back what the organiser took off, nor touch manual ones
    await h.database.db.transaction((tx) =>
      mediaBibsRepository(tx).replaceOcr(id, [
        { number: '1042', confidence: 0.96 },
        { number: '3003', confidence: 0.93 },
      ]),
    );
    expect(await rows(id)).toEqual(['1042:ocr', '3003:removed', '555:manual']);

    // taking off the read bib: the runner's album code (tag bib-1042) loses the photo
    const second = await patch(id, { bibs: ['555'] });
    expect(second.body.bibs).toEqual([{ number: '555', source: 'manual', confidence: null }]);
    expect(await rows(id)).toEqual(['1042:removed', '3003:removed', '555:manual']);
    expect(await album()).not.toContain(id);

    // put back by hand: a manual bib; the manual one left out is gone for good
    const third = await patch(id, { bibs: ['1042'] });
    expect(third.body.bibs).toEqual([{ number: '1042', source: 'manual', confidence: null }]);
    expect(await rows(id)).toEqual(['1042:manual', '3003:removed']);
    expect(await album()).toContain(id);
    expect((await patch(id, { bibs: [] })).body).toMatchObject({ bibs: [], tags: ['finish'] });
    expect(await album()).not.toContain(id);

    expect((await patch(id, { bibs: ['12'] })).status).toBe(400);
    expect((await patch(id, { bibs: Array.from({ length: 51 }, (_, i) => String(100 + i)) })).status).toBe(
      400,
    );
  });

  it('adds a bib by hand: the album code scoped to bib-1042 sees the photo, and not after removal', async () => {
    const id = await photo(['start']);
    expect(await album()).not.toContain(id);
    expect((await patch(id, { bibs: ['1042'] })).status).toBe(200);
    expect(await album()).toContain(id);
    expect((await patch(id, { bibs: [] })).status).toBe(200);
    expect(await album()).not.toContain(id);
  });

  it('keeps bib tags out of `tags`: sent back whole they stay, left out they stay, new ones refused', async () => {
    const id = await photo(['start', 'bib-1042', 'bib-7']);
    expect((await listed(id)).bibs).toEqual([{ number: '1042', source: 'manual', confidence: null }]);
    // the list read and sent back with a tag changed
    const roundTrip = await patch(id, { tags: ['finish', 'bib-1042', 'bib-7'] });
    expect(roundTrip.status).toBe(200);
    expect([...(roundTrip.body.tags as string[])].sort()).toEqual(['bib-1042', 'bib-7', 'finish']);
    // left out: kept (a bib is taken off with `bibs` only); `bib-7` is no bib number, a plain tag
    const leftOut = await patch(id, { tags: ['finish'] });
    expect(leftOut.body.tags).toEqual(['finish', 'bib-1042']);
    expect(await album()).toContain(id);
    // a new bib tag is refused: nothing changed
    const faked = await patch(id, { tags: ['finish', 'bib-2002'] });
    expect(faked.status).toBe(400);
    expect(faked.body).toMatchObject({ data: { fields: { tags: ['tags.bib_reserved'] } } });
    expect((await listed(id)).tags).toEqual(['finish', 'bib-1042']);
    // with `bibs` in the same call, its bib tags may be named
    const both = await patch(id, { tags: ['start', 'bib-2002'], bibs: ['2002'] });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body).toMatchObject({
      tags: ['start', 'bib-2002'],
      bibs: [{ number: '2002', source: 'manual' }],
    });
    expect(await album()).not.toContain(id);
    // bulk tags cannot add or take off bib tags either
    for (const action of ['add_tags', 'remove_tags']) {
      const r = await call(
        h.app,
        'POST',
        `${MEDIA}bulk/`,
        { ids: [id], action, tags: ['bib-2002'] },
        {
          token: owner,
        },
      );
      expect(r.status, action).toBe(400);
      expect(r.body).toMatchObject({ data: { fields: { tags: ['tags.bib_reserved'] } } });
    }
    expect((await listed(id)).tags).toEqual(['start', 'bib-2002']);
  });
});
