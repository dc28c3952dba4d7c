import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

interface MediaBody {
  id: number;
  type: string;
  favorite: boolean;
}

describe.each(BACKENDS)('GET /v3/medias/ on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  let marathonId: number;
  let swimId: number;
  let upcomingId: number;
  const album: Record<string, number> = {};
  let othersAlbum: number;
  /** Media ids by name, see `plan`. */
  const m: Record<string, number> = {};

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const repo = photoServicesRepository(h.database.db);
    marathonId = (await repo.findBySlug('5e1a0c3d'))!.id;
    upcomingId = (await repo.findBySlug('c0ffee42'))!.id;
    const swim = await repo.insert({
      organisationId: 34,
      slug: 'b0b0b0b0',
      name: 'Harbour Swim',
      experienceType: 'event',
      startDate: '2026-06-01',
      endDate: '2026-06-01',
    });
    swimId = swim.id;
    await repo.insertPicacode({
      photoServiceId: swim.id,
      code: 'SWIM77',
      kind: 'participant',
      tags: ['cap-77'],
    });
    // Rows only: this list reads the database, the files are not fetched.
    const plan: [string, number, string, string, string, string][] = [
      ['start', marathonId, 'photo', 'ready', 'bib-1042', '2026-05-17T10:00:00Z'],
      ['km10', marathonId, 'photo', 'ready', 'bib-1042', '2026-05-17T10:05:00Z'],
      ['finishOfSomeoneElse', marathonId, 'photo', 'ready', 'bib-7', '2026-05-17T10:10:00Z'],
      ['video', marathonId, 'video', 'ready', 'bib-1042', '2026-05-17T10:15:00Z'],
      ['stillProcessing', marathonId, 'photo', 'processing', 'bib-1042', '2026-05-17T10:20:00Z'],
      ['swim', swim.id, 'photo', 'ready', 'cap-77', '2026-06-01T09:00:00Z'],
      ['swimOfSomeoneElse', swim.id, 'photo', 'ready', 'cap-12', '2026-06-01T09:30:00Z'],
    ];
    for (const [name, serviceId, type, status, tag, takenAt] of plan) {
      const { rows } = await h.database.executeSql(
        `insert into media (photo_service_id, type, status, tags, width, height, taken_at)
         values ($1, $2, $3, array[$4], 1600, 1067, $5) returning id`,
        [serviceId, type, status, tag, takenAt],
      );
      m[name] = (rows[0] as { id: number }).id;
    }
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    other = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'other@example.com' }))
      .body.token as string;
    // The runner's own code, the marathon's event-wide code (the same photos again) and the swim.
    for (const code of ['K7M2Q9P', 'LAKE2026', 'SWIM77']) {
      const created = await call(h.app, 'POST', '/api/v2/checkins/', { picacode: code }, { token });
      album[code] = created.body.id as number;
    }
    othersAlbum = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token: other }))
      .body.id as number;
  });
  afterAll(() => h?.close());

  const medias = (query = '', t = token) =>
    call(h.app, 'GET', `/api/v3/medias/${query}`, undefined, { token: t });
  const ids = async (query = '', t = token) => {
    const r = await medias(query, t);
    expect(r.status).toBe(200);
    return (r.body.results as MediaBody[]).map((x) => x.id);
  };

  it('lists the media of all my albums once each, newest first, ready ones only', async () => {
    const all = await medias();
    expect(all.status).toBe(200);
    expect((all.body.results as MediaBody[]).map((x) => x.id)).toEqual([
      m.swim,
      m.video,
      m.finishOfSomeoneElse,
      m.km10,
      m.start,
    ]);
    expect(all.body.pagination).toEqual({ total: 5, num_pages: 1, page_size: 40, page_number: 1 });
    // Another user sees only what their own album shows.
    expect(await ids('', other)).toEqual([m.video, m.km10, m.start]);
  });

  it('narrows to one of my albums, to one event and to one media type', async () => {
    expect(await ids(`?checkin_id=${album.K7M2Q9P}`)).toEqual([m.video, m.km10, m.start]);
    expect(await ids(`?checkin_id=${album.SWIM77}`)).toEqual([m.swim]);
    expect(await ids(`?event_id=${marathonId}`)).toEqual([m.video, m.finishOfSomeoneElse, m.km10, m.start]);
    expect(await ids(`?event_id=${swimId}`)).toEqual([m.swim]);
    expect(await ids(`?event_id=${upcomingId}`)).toEqual([]);
    expect(await ids(`?checkin_id=${album.SWIM77}&event_id=${marathonId}`)).toEqual([]);
    expect(await ids('?type=video')).toEqual([m.video]);
    expect(await ids(`?type=photo&event_id=${marathonId}`)).toEqual([m.finishOfSomeoneElse, m.km10, m.start]);
  });

  it('has nothing purchased before checkout exists', async () => {
    const bought = await medias('?purchased=true');
    expect(bought.body).toEqual({
      results: [],
      pagination: { total: 0, num_pages: 1, page_size: 40, page_number: 1 },
    });
    expect(await ids('?purchased=false')).toHaveLength(5);
  });

  it('pages with page and page_size', async () => {
    const second = await medias('?page=2&page_size=2');
    expect((second.body.results as MediaBody[]).map((x) => x.id)).toEqual([m.finishOfSomeoneElse, m.km10]);
    expect(second.body.pagination).toEqual({ total: 5, num_pages: 3, page_size: 2, page_number: 2 });
    expect(await ids('?page=3&page_size=2')).toEqual([m.start]);
    expect(await ids('?page=4&page_size=2')).toEqual([]);
  });

  it('shows my favourites and leaves out the photos I removed', async () => {
    await call(h.app, 'POST', `/api/v3/medias/${m.km10}/add-favorite/`, undefined, { token });
    await call(h.app, 'POST', `/api/v3/medias/${m.start}/hide/`, undefined, { token });
    const list = (await medias(`?checkin_id=${album.K7M2Q9P}`)).body.results as MediaBody[];
    expect(list.map((x) => [x.id, x.favorite])).toEqual([
      [m.video, false],
      [m.km10, true],
    ]);
    // Only for me: the other runner still has the photo, and no favourite.
    const theirs = (await medias('', other)).body.results as MediaBody[];
    expect(theirs.map((x) => [x.id, x.favorite])).toEqual([
      [m.video, false],
      [m.km10, false],
      [m.start, false],
    ]);
  });

  it("answers 404 for another user's album or a missing one, 401 without a session", async () => {
    expect((await medias(`?checkin_id=${othersAlbum}`)).status).toBe(404);
    expect((await medias('?checkin_id=999999')).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/v3/medias/')).status).toBe(401);
  });

  it('refuses a malformed query with 400 and the field', async () => {
    for (const [query, field] of [
      ['?checkin_id=abc', 'checkin_id'],
      ['?event_id=0', 'event_id'],
      ['?type=gif', 'type'],
      ['?purchased=maybe', 'purchased'],
      ['?page=0', 'page'],
      ['?page_size=100000', 'page_size'],
    ] as const) {
      const r = await medias(query);
      expect(r.status, query).toBe(400);
      expect(r.body).toMatchObject({ code: 'validation_error' });
      expect(Object.keys((r.body.data as { fields: Record<string, unknown> }).fields)).toContain(field);
    }
  });
});
