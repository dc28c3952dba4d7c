import { ErrorCode } from '@fotodrop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { picacodes } from '../src/db/album-schema';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { seedDemo } from '../src/seed/demo';
import { BIB_GUESS_LIMITS } from '../src/services/albums/code-guess-limits';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';
import { addRunner, setEvent } from './runners-fixture';

// Demo events (seed/demo-events.ts): the marathon asks no check-in step, the trail asks an option.
const MARATHON = '5e1a0c3d';
const TRAIL = 'a1b7e5d0';
const perAccount = BIB_GUESS_LIMITS.wrongCodesPerAccount;

describe.each(BACKENDS)('find by bib on %s', (backend) => {
  let h: Harness;
  let token: string;
  const codes: Record<string, string> = {};
  beforeAll(async () => {
    h = await startHarness(backend);
    const { db } = h.database;
    await seedDemo(db, argon2Hasher, 1);
    const organiser = await logInAsDemoOrganiser(h.app);
    const before = await call(h.app, 'GET', `/api/v1/events/?slug=${MARATHON}`);
    expect((before.body.results as { find_by_bib: boolean }[])[0]?.find_by_bib).toBe(false);
    // the organiser's switch in the console's event settings
    const switched = await call(
      h.app,
      'PATCH',
      `/api/organiser/v1/events/${MARATHON}/`,
      { find_by_bib: true },
      {
        token: organiser,
      },
    );
    expect(switched.body).toMatchObject({ find_by_bib: true });
    const marathon = await photoServicesRepository(db).findBySlug(MARATHON);
    if (!marathon) throw new Error('no demo marathon');
    const trail = await setEvent(db, TRAIL, { findByBib: true });
    for (const [bib, lastName] of [
      ['1042', 'Novák'],
      ['1043', 'García-López'],
      ['1044', "O'Neil"],
      ['1045', 'Revoked'],
    ] as const) {
      codes[bib] = (await addRunner(db, { photoServiceId: marathon.id, bib, lastName })).code;
    }
    await db
      .update(picacodes)
      .set({ revokedAt: new Date() })
      .where(eq(picacodes.code, codes['1045'] ?? ''));
    codes.trail = (await addRunner(db, { photoServiceId: trail.id, bib: '0007', lastName: 'Steiner' })).code;
    token = await signUp('finder@example.com');
  });
  afterAll(() => h?.close());

  const url = (slug: string) => `/api/v1/events/${slug}/find-by-bib/`;
  const signUp = async (email: string) =>
    (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body.token as string;
  const find = (body: unknown, as: string | null = token, address = '203.0.113.1', slug = MARATHON) =>
    h.app.inject({
      method: 'POST',
      url: url(slug),
      remoteAddress: address,
      headers: { 'content-type': 'application/json', ...(as ? { authorization: `Token ${as}` } : {}) },
      payload: JSON.stringify(body),
    });

  it('shows the switch on the public event, and opens the album of the bib with the right last name, and the same album again', async () => {
    const event = await call(h.app, 'GET', `/api/v1/events/?slug=${MARATHON}`);
    expect((event.body.results as { find_by_bib: boolean }[])[0]?.find_by_bib).toBe(true);
    const first = await find({ bib: '1042', last_name: 'Novák' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ picacode: codes['1042'], event_name: 'Lakeside City Marathon' });
    const again = await find({ bib: ' 1042 ', last_name: 'novak' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const albums = await call(h.app, 'GET', '/api/v3/checkins/', undefined, { token });
    expect((albums.body.pagination as { total: number }).total).toBe(1);
  });

  it('matches the last name without case, accents, spaces, hyphens or apostrophes', async () => {
    const other = await signUp('accents@example.com');
    const garcia = await find({ bib: '1043', last_name: '  garcia lopez ' }, other);
    expect(garcia.statusCode).toBe(201);
    expect(garcia.json().picacode).toBe(codes['1043']);
    const oneil = await find({ bib: '1044', last_name: 'ONEIL' }, other);
    expect(oneil.statusCode).toBe(201);
    expect(oneil.json().picacode).toBe(codes['1044']);
  });

  it('answers one and the same 404 for a wrong name, an unknown bib and a runner whose code is gone', async () => {
    const other = await signUp('wrong@example.com');
    const answers = await Promise.all(
      [
        { bib: '1042', last_name: 'Nowak' },
        { bib: '9999', last_name: 'Novák' },
        { bib: '1045', last_name: 'Revoked' },
      ].map((body) => find(body, other)),
    );
    const bodies = answers.map((a) => [a.statusCode, a.json()]);
    expect(bodies[0]).toEqual([404, { code: ErrorCode.runnerNotFound, message: expect.any(String) }]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    const albums = await call(h.app, 'GET', '/api/v3/checkins/', undefined, { token: other });
    expect((albums.body.pagination as { total: number }).total).toBe(0);
  });

  it('refuses a malformed bib or an empty last name as a validation error', async () => {
    const r = await find({ bib: '12', last_name: ' ' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: ErrorCode.validation,
      data: { fields: { bib: ['bib.invalid'], last_name: ['field.required'] } },
    });
  });

  it('asks the check-in steps of the event first, like the runner entering their code', async () => {
    const r = await find({ bib: '0007', last_name: 'steiner' }, token, '203.0.113.1', TRAIL);
    expect(r.statusCode).toBe(303);
    expect(r.json()).toMatchObject({ checkin_step: 'option_selector', complete_token: expect.any(String) });
  });

  it('needs a signed-in user', async () => {
    const r = await find({ bib: '1042', last_name: 'Novák' }, null);
    expect(r.statusCode).toBe(401);
  });

  it('is refused where the organiser did not switch it on, and on a draft or unknown event', async () => {
    await setEvent(h.database.db, MARATHON, { findByBib: false });
    const off = await find({ bib: '1042', last_name: 'Novák' });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe(ErrorCode.findByBibOff);
    await setEvent(h.database.db, MARATHON, { findByBib: true, status: 'draft' });
    const draft = await find({ bib: '1042', last_name: 'Novák' });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().code).toBe(ErrorCode.notFound);
    await setEvent(h.database.db, MARATHON, { status: 'published' });
    expect(
      (await find({ bib: '1042', last_name: 'Novák' }, token, '203.0.113.1', 'deadbeef')).statusCode,
    ).toBe(404);
  });

  it('holds an account to a few wrong pairs, then refuses even a right one; a neighbour still gets in', async () => {
    const guesser = await signUp('guesser@example.com');
    const answers: number[] = [];
    for (let i = 0; i < perAccount.max; i++) {
      answers.push((await find({ bib: '1042', last_name: `Name${i}` }, guesser, `192.0.2.${i}`)).statusCode);
    }
    expect(answers.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const blocked = await find({ bib: '1042', last_name: 'Novák' }, guesser, '192.0.2.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe(ErrorCode.rateLimited);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another runner on one of those addresses finds their album as usual.
    const neighbour = await signUp('neighbour@example.com');
    expect((await find({ bib: '1042', last_name: 'Novák' }, neighbour, '192.0.2.1')).statusCode).toBe(201);
    // Wrong bibs do not use up album codes: the guesser's budget for codes is untouched.
    expect(
      (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: codes['1043'] }, { token: guesser }))
        .status,
    ).toBe(201);
  });

  it('looks up no more wrong pairs than the budget when an account sends them all at once', async () => {
    const burster = await signUp('burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: 4 * perAccount.max }, (_, i) =>
        find({ bib: '1042', last_name: `Burst${i}` }, burster, '198.51.100.30'),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(perAccount.max - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * perAccount.max + 1);
    // the address's counter holds the pairs actually looked up (blocked ones are given back): the
    // account's budget, not the burst (before the fix: 40 lookups)
    const { rows } = await h.database.executeSql('select count from rate_limits where key like $1', [
      'bib:ip:198.51.100.30',
    ]);
    expect((rows[0] as { count: number }).count).toBe(perAccount.max);
  });
});
