import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { DEMO_CODES } from '../src/seed/demo-events';
import { CODE_GUESS_LIMITS } from '../src/services/albums/code-guess-limits';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

const WITH_ALBUM = '/api/v2/checkins/?include_album=true';
const BY_CODE = (code: string) =>
  `/api/v3/checkins/by-code/${code}/?expand_pica_service=true&include_photos_summary=true&include_first_page=true`;

/** Issue 20: the check-in's creation answers with the album and its first page when asked. */
describe.each(BACKENDS)('check-in with its album in one call on %s', (backend) => {
  let h: Harness;
  let token: string;
  let other: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    token = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    other = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'other@example.com' }))
      .body.token as string;
  });
  afterAll(() => h?.close());

  const as = (t: string) => ({ token: t });
  const albumCount = async (t: string) =>
    ((await call(h.app, 'GET', '/api/v3/checkins/', undefined, as(t))).body.pagination as { total: number })
      .total;

  it('creates the album and answers with the lookup by code and its first page', async () => {
    const created = await call(h.app, 'POST', WITH_ALBUM, { picacode: 'k7m2q9p' }, as(token));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      picacode: DEMO_CODES.marathonRunner,
      event_name: 'Lakeside City Marathon',
    });
    const lookup = await call(h.app, 'GET', BY_CODE(DEMO_CODES.marathonRunner), undefined, as(token));
    // exactly what the album screen would have asked for next
    expect(created.body.album).toEqual(lookup.body);
    const album = created.body.album as { id: number; first_page: { pagination: unknown } };
    expect(album.id).toBe(created.body.id);
    expect(album.first_page.pagination).toMatchObject({ page_number: 1, page_size: 40 });
  });

  it('a second tap creates nothing and answers checkin_exists_for_user with the album', async () => {
    const again = await call(h.app, 'POST', WITH_ALBUM, { picacode: DEMO_CODES.marathonRunner }, as(token));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'checkin_exists_for_user', data: { picacode: 'K7M2Q9P' } });
    const lookup = await call(h.app, 'GET', BY_CODE(DEMO_CODES.marathonRunner), undefined, as(token));
    expect((again.body.data as { album: unknown }).album).toEqual(lookup.body);
    expect(await albumCount(token)).toBe(1);
  });

  it('gives another user their own album of the code, never the first user’s', async () => {
    const mine = await call(h.app, 'GET', BY_CODE(DEMO_CODES.marathonRunner), undefined, as(token));
    const theirs = await call(h.app, 'POST', WITH_ALBUM, { picacode: DEMO_CODES.marathonRunner }, as(other));
    expect(theirs.status).toBe(201);
    const album = theirs.body.album as { id: number };
    expect(album.id).toBe(theirs.body.id);
    expect(album.id).not.toBe(mine.body.id);
    expect(await albumCount(token)).toBe(1);
  });

  it('answers a step with 303 and no album, as without the parameter', async () => {
    const step = await call(h.app, 'POST', WITH_ALBUM, { picacode: DEMO_CODES.hotelRoom }, as(token));
    expect(step.status).toBe(303);
    expect(step.body).toMatchObject({ checkin_step: 'data_collector' });
    expect(step.body).not.toHaveProperty('album');
    expect(await albumCount(token)).toBe(1);
  });

  it('leaves the album out unless asked for, and refuses bad input with 400', async () => {
    const plain = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: DEMO_CODES.marathonRunner },
      as(token),
    );
    expect(plain.body.data).toEqual({ picacode: 'K7M2Q9P' });
    const odd = await call(
      h.app,
      'POST',
      '/api/v2/checkins/?include_album=yes',
      { picacode: 'K7M2Q9P' },
      as(token),
    );
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ code: 'validation_error' });
  });

  it('counts wrong codes exactly like the plain call, and creates nothing for them', async () => {
    const guesser = async (email: string) =>
      (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body.token as string;
    const guess = async (path: string, t: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= CODE_GUESS_LIMITS.wrongCodesPerAccount.max; i++)
        statuses.push((await call(h.app, 'POST', path, { picacode: `NOPE${1000 + i}` }, as(t))).status);
      return statuses;
    };
    const plain = await guess('/api/v2/checkins/', await guesser('plain@example.com'));
    const fresh = await guesser('guesser@example.com');
    const withAlbum = await guess(WITH_ALBUM, fresh);
    expect(withAlbum).toEqual(plain);
    expect(withAlbum.at(-1)).toBe(429);
    // the limit holds for a right code too, with the album asked for
    const right = await call(h.app, 'POST', WITH_ALBUM, { picacode: DEMO_CODES.marathonRunner }, as(fresh));
    expect(right.status).toBe(429);
    expect(right.body).not.toHaveProperty('album');
    expect(await albumCount(fresh)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const anonymous = await call(h.app, 'POST', WITH_ALBUM, { picacode: DEMO_CODES.marathonRunner });
    expect(anonymous.status).toBe(401);
  });
});
