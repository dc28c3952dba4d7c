import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { DEMO_CODES } from '../src/seed/demo-events';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

describe.each(BACKENDS)('albums by code on %s', (backend) => {
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

  it('opens an album by code in any letter case and spacing, and lists it', async () => {
    const created = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: ' k7m2 q9p ', platform: 'site' },
      as(token),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      picacode: 'K7M2Q9P',
      event_name: 'Lakeside City Marathon',
      platform: 'site',
      show_prices: true,
      can_see_media: true,
      currency: 'EUR',
      popup: { welcome: { active: true } },
    });
    const list = await call(h.app, 'GET', '/api/v3/checkins/?page=1&page_size=12', undefined, as(token));
    expect(list.body.pagination).toEqual({ total: 1, num_pages: 1, page_size: 12, page_number: 1 });
    expect((list.body.results as { picacode: string }[])[0]?.picacode).toBe('K7M2Q9P');
  });

  it('answers checkin_exists_for_user with the code when the album is already there', async () => {
    const again = await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, as(token));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'checkin_exists_for_user', data: { picacode: 'K7M2Q9P' } });
  });

  it('refuses an unknown or malformed code with the spec message and creates nothing', async () => {
    for (const picacode of ['NOPE1234', 'x', 'K7M2-Q9P!']) {
      const r = await call(h.app, 'POST', '/api/v2/checkins/', { picacode }, as(token));
      expect(r.status).toBe(400);
    }
    const unknown = await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'NOPE1234' }, as(token));
    expect(unknown.body).toMatchObject({
      code: 'invalid_picacode',
      message: 'The code entered is not valid',
    });
    const list = await call(h.app, 'GET', '/api/v3/checkins/', undefined, as(token));
    expect((list.body.pagination as { total: number }).total).toBe(1);
  });

  it('asks for the data-collector step with 303, completes it with the token, then opens the album', async () => {
    const step = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: DEMO_CODES.hotelRoom },
      as(token),
    );
    expect(step.status).toBe(303);
    expect(step.body).toMatchObject({ checkin_step: 'data_collector', privacy: expect.any(String) });
    expect((step.body.fields as { name: string }[]).map((f) => f.name)).toEqual(['guest_name', 'phone']);
    const id = step.body.id as number;
    // Not an album yet: the list and the detail do not show it.
    expect((await call(h.app, 'GET', `/api/v2/checkins/${id}/`, undefined, as(token))).status).toBe(404);

    const missing = await call(
      h.app,
      'POST',
      `/api/v2/complete-checkin/${id}/`,
      { complete_token: step.body.complete_token },
      as(token),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual({ fields: { guest_name: ['field.required'] } });
    const wrongToken = await call(
      h.app,
      'POST',
      `/api/v2/complete-checkin/${id}/`,
      { complete_token: 'forged', guest_name: 'Rita' },
      as(token),
    );
    expect(wrongToken.body.code).toBe('invalid_complete_token');

    const done = await call(
      h.app,
      'POST',
      `/api/v2/complete-checkin/${id}/`,
      { complete_token: step.body.complete_token, guest_name: 'Rita Runner' },
      as(token),
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      picacode: 'ROOM204B',
      start_of_stay: expect.any(String),
      end_of_stay: expect.any(String),
    });
    const reused = await call(
      h.app,
      'POST',
      `/api/v2/complete-checkin/${id}/`,
      { complete_token: step.body.complete_token, guest_name: 'X' },
      as(other),
    );
    expect(reused.status).toBe(404);
  });

  it('asks the option selector when the event has options, and accepts only a listed option', async () => {
    const step = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: DEMO_CODES.trailRunner },
      as(token),
    );
    expect(step.status).toBe(303);
    expect(step.body.checkin_step).toBe('option_selector');
    const bad = await call(
      h.app,
      'POST',
      `/api/v2/complete-checkin/${step.body.id}/`,
      { complete_token: step.body.complete_token, option: 'marathon' },
      as(token),
    );
    expect(bad.status).toBe(400);
    const ok = await call(
      h.app,
      'POST',
      `/api/v2/complete-checkin/${step.body.id}/`,
      { complete_token: step.body.complete_token, option: 'long' },
      as(token),
    );
    expect(ok.body).toMatchObject({ option: 'long', currency: 'CHF' });
  });

  it('completes a step sent as multipart/form-data exactly as the same answers sent as JSON', async () => {
    const form = (fields: Record<string, string>, file?: string) => {
      const boundary = '----fotodrop-test-boundary';
      const parts = Object.entries(fields).map(
        ([name, value]) =>
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      if (file) {
        parts.push(
          `--${boundary}\r\ncontent-disposition: form-data; name="${file}"; filename="a.txt"\r\n` +
            `content-type: text/plain\r\n\r\nhello\r\n`,
        );
      }
      return {
        payload: `${parts.join('')}--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      };
    };
    const complete = (t: string, id: unknown, body: { payload: string; type: string }) =>
      h.app.inject({
        method: 'POST',
        url: `/api/v2/complete-checkin/${id}/`,
        headers: { authorization: `Token ${t}`, 'content-type': body.type },
        payload: body.payload,
      });
    const json = (fields: Record<string, string>) => ({
      payload: JSON.stringify(fields),
      type: 'application/json',
    });
    const results = [];
    for (const [email, encode] of [
      ['json-guest@example.com', json],
      ['form-guest@example.com', form],
    ] as const) {
      const guest = (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body
        .token as string;
      const step = await call(
        h.app,
        'POST',
        '/api/v2/checkins/',
        { picacode: DEMO_CODES.hotelRoom },
        as(guest),
      );
      const tokenField = { complete_token: step.body.complete_token as string };
      const missing = await complete(
        guest,
        step.body.id,
        encode({ ...tokenField, phone: '+41 79 000 00 00' }),
      );
      const done = await complete(
        guest,
        step.body.id,
        encode({ ...tokenField, platform: 'site', guest_name: 'Gita Guest', phone: '+41 79 000 00 00' }),
      );
      const stored = await h.database.executeSql('select form_answers from checkins where id = $1', [
        step.body.id,
      ]);
      results.push({
        missing: { status: missing.statusCode, body: missing.json() },
        done: { status: done.statusCode, body: { ...done.json(), id: 0, created_at: null } },
        stored,
      });
    }
    const [byJson, byForm] = results;
    expect(byJson?.missing).toMatchObject({
      status: 400,
      body: { data: { fields: { guest_name: ['field.required'] } } },
    });
    expect(byJson?.done).toMatchObject({ status: 200, body: { picacode: 'ROOM204B' } });
    expect(byForm).toEqual(byJson);

    // A file has no place in this form: refused, and the step stays open.
    const guest = (
      await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'file-guest@example.com' })
    ).body.token as string;
    const step = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: DEMO_CODES.hotelRoom },
      as(guest),
    );
    const withFile = await complete(
      guest,
      step.body.id,
      form({ complete_token: step.body.complete_token as string, guest_name: 'Fay' }, 'selfie'),
    );
    expect(withFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(withFile.statusCode).toBeLessThan(500);
    expect((await call(h.app, 'GET', `/api/v2/checkins/${step.body.id}/`, undefined, as(guest))).status).toBe(
      404,
    );
  });

  it('reads an album by id and by code with its summary; another user gets 404 for both', async () => {
    const byCode = await call(
      h.app,
      'GET',
      '/api/v3/checkins/by-code/k7m2q9p/?expand_pica_service=true&include_photos_summary=true',
      undefined,
      as(token),
    );
    expect(byCode.status).toBe(200);
    expect(byCode.body.photos_summary).toEqual({
      total: 0,
      photos: 0,
      videos: 0,
      purchased: 0,
      favourites: 0,
    });
    expect(byCode.body.pica_service).toMatchObject({ name: 'Lakeside City Marathon' });
    const id = byCode.body.id as number;
    const plain = await call(h.app, 'GET', `/api/v2/checkins/${id}/`, undefined, as(token));
    expect(plain.body).not.toHaveProperty('photos_summary');
    expect((await call(h.app, 'GET', `/api/v2/checkins/${id}/`, undefined, as(other))).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/v3/checkins/by-code/K7M2Q9P/', undefined, as(other))).status).toBe(
      404,
    );
    expect((await call(h.app, 'DELETE', `/api/v2/checkins/${id}/`, undefined, as(other))).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/v2/checkins/abc/', undefined, as(token))).status).toBe(400);
  });

  it('removes an album; the code can be entered again afterwards', async () => {
    const { body } = await call(h.app, 'GET', '/api/v3/checkins/by-code/K7M2Q9P/', undefined, as(token));
    expect((await call(h.app, 'DELETE', `/api/v2/checkins/${body.id}/`, undefined, as(token))).status).toBe(
      200,
    );
    expect((await call(h.app, 'GET', `/api/v2/checkins/${body.id}/`, undefined, as(token))).status).toBe(404);
    expect((await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, as(token))).status).toBe(
      201,
    );
  });

  it('pages the album list 12 at a time by default', async () => {
    const list = await call(h.app, 'GET', '/api/v3/checkins/?page_size=2&page=2', undefined, as(token));
    expect(list.body.pagination).toEqual({ total: 3, num_pages: 2, page_size: 2, page_number: 2 });
    expect(list.body.results).toHaveLength(1);
    expect((await call(h.app, 'GET', '/api/v3/checkins/?page_size=1000', undefined, as(token))).status).toBe(
      400,
    );
  });

  it('finds events by slug, lists the calendar of the organisation, and the countries in the asked language', async () => {
    const found = await call(h.app, 'GET', '/api/v1/events/?slug=5e1a0c3d');
    expect(found.body.results).toEqual([
      expect.objectContaining({ name: 'Lakeside City Marathon', picacode: 'LAKE2026' }),
    ]);
    expect((await call(h.app, 'GET', '/api/v1/events/?slug=ffffffff')).body.results).toEqual([]);
    expect((await call(h.app, 'GET', '/api/v1/events/?slug=NOTHEX!!')).status).toBe(400);
    const calendar = await call(h.app, 'GET', '/api/v1/events/calendar/');
    expect((calendar.body.results as { name: string }[]).map((e) => e.name)).toEqual(['Winter Night Run']);
    expect((await call(h.app, 'GET', '/api/v1/events/live/')).status).toBe(404);
    const de = await call(h.app, 'GET', '/api/v1/countries/', undefined, {
      headers: { 'accept-language': 'de-CH,de;q=0.9' },
    });
    expect(de.body.results).toEqual(
      expect.arrayContaining([
        { code: 'DE', name: 'Deutschland' },
        { code: 'IT', name: 'Italien' },
      ]),
    );
  });

  it('needs a signed-in user who accepted the policies', async () => {
    expect((await call(h.app, 'GET', '/api/v3/checkins/')).status).toBe(401);
    await h.database.executeSql('update users set policies_accepted_version = null where email = $1', [
      'other@example.com',
    ]);
    const refused = await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, as(other));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('policies_not_accepted');
  });

  it('previews an album from an organiser link before sign-in', async () => {
    const room = await call(
      h.app,
      'GET',
      '/api/v2/photos-preview/?picacode=room204b&source=qr&tags=pool,spa&campaign_code=SUMMER&campaign_expires_at=2099-01-01T00:00:00Z',
    );
    expect(room.status).toBe(200);
    expect(room.body).toMatchObject({
      picacode: 'ROOM204B',
      event_name: 'Hotel Bellavista — autumn stay',
      experience_type: 'stay',
      source: 'qr',
      tags: ['pool', 'spa'],
      campaign_code: 'SUMMER',
      campaign_expires_at: '2099-01-01T00:00:00.000Z',
      start_of_stay: expect.any(String),
      photos: [],
    });
    const serviceId = room.body.pica_service_id as number;
    expect((await call(h.app, 'GET', `/api/v2/photos-preview/?pc=ROOM204B&ps=${serviceId}`)).status).toBe(
      200,
    );
    expect((await call(h.app, 'GET', `/api/v2/photos-preview/?pc=ROOM204B&ps=${serviceId + 1}`)).status).toBe(
      400,
    );
    expect((await call(h.app, 'GET', '/api/v2/photos-preview/?ep=5e1a0c3d&ps=x')).status).toBe(400);
    expect((await call(h.app, 'GET', '/api/v2/photos-preview/?source=qr')).body.code).toBe(
      'validation_error',
    );
    expect((await call(h.app, 'GET', '/api/v2/photos-preview/?picacode=NOPE1234')).body.code).toBe(
      'invalid_picacode',
    );
  });
});
