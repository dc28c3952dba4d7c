import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { DEMO_FACE_EVENT } from '../src/seed/demo-face-event';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';
import { BBT_DIR, type BbtPerson, cropOf, photosOf } from './labelled-faces';

async function multipart(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
  field = 'selfie',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set(field, new Blob([file.bytes], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

/**
 * Face search end to end on the real engine: the labelled group photos uploaded to the demo's
 * face-search event, a participant's selfie, and their album showing the photos they are in and
 * no others — also photos uploaded later; then the biometric data gone when the album or the
 * account is.
 */
describe.each(BACKENDS)('face search on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  const mediaOf = new Map<string, number>();
  const sql = (text: string, values: unknown[] = []) => h.database.executeSql(text, values);

  async function upload(name: string, bytes: Buffer): Promise<number> {
    const body = await multipart({}, { bytes, name, type: 'image/jpeg' }, 'file');
    const r = await h.app.inject({
      method: 'POST',
      url: `/api/organiser/v1/events/${DEMO_FACE_EVENT.slug}/media/`,
      headers: { authorization: `Token ${organiser}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(r.statusCode).toBe(201);
    const id = (r.json() as { id: number }).id;
    // what the derivatives and face-index workers do
    await h.services.mediaFiles.processDerivatives(id);
    await h.services.faceIndexing.indexMedia(id);
    return id;
  }

  async function participant() {
    const email = `face-${Math.random().toString(36).slice(2)}@example.com`;
    return (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body.token as string;
  }
  async function selfie(token: string, id: number, bytes: Buffer, fields: Record<string, string> = {}) {
    const body = await multipart(
      { consent: 'true', ...fields },
      { bytes, name: 'selfie.png', type: 'image/png' },
    );
    const r = await h.app.inject({
      method: 'POST',
      url: `/api/v2/checkins/${id}/add-face/`,
      headers: { authorization: `Token ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  }
  /** Opens SELFIE24 and takes a selfie of `person`; the search runs as its job would. */
  async function albumOf(person: BbtPerson, crops = [1, 2]) {
    const token = await participant();
    const created = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: DEMO_FACE_EVENT.code },
      { token },
    );
    expect(created.status).toBe(303);
    expect(created.body.checkin_step).toBe('face_recognition');
    const id = created.body.id as number;
    for (const n of crops) {
      const added = await selfie(token, id, await readFile(cropOf(person, n)));
      expect(added.status).toBe(201);
    }
    await h.services.faceIndexing.runAlbumSearch(id);
    return { token, id };
  }
  async function shown(token: string, id: number) {
    const r = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${id}/gallery_tree/0/media/?page_size=50`,
      undefined,
      { token },
    );
    expect(r.status).toBe(200);
    const ids = new Set((r.body.results as { id: number }[]).map((m) => m.id));
    return [...mediaOf]
      .filter(([, mediaId]) => ids.has(mediaId))
      .map(([name]) => name)
      .sort();
  }
  async function asked(token: string, id: number) {
    const r = await call(h.app, 'GET', `/api/v3/checkins/${id}/face-review/`, undefined, { token });
    expect(r.status).toBe(200);
    const ids = new Set((r.body.results as { media_id: number }[]).map((m) => m.media_id));
    return [...mediaOf]
      .filter(([, mediaId]) => ids.has(mediaId))
      .map(([name]) => name)
      .sort();
  }

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
    for (const name of ['bbt1.jpg', 'bbt2.jpg', 'bbt3.jpg', 'bbt4.jpg'])
      mediaOf.set(name, await upload(name, await readFile(`${BBT_DIR}${name}`)));
  }, 240_000);
  afterAll(() => h?.close());

  it('indexes the photos and shows each participant the photos they are in, and no others', async () => {
    const progress = await call(
      h.app,
      'GET',
      `/api/organiser/v1/events/${DEMO_FACE_EVENT.slug}/face-index/`,
      undefined,
      {
        token: organiser,
      },
    );
    expect(progress.body).toMatchObject({ media: 4, indexed: 4, failed: 0, waiting: 0 });
    expect(progress.body.faces as number).toBeGreaterThanOrEqual(17);

    for (const person of ['penny', 'amy', 'stuart'] as const) {
      const { token, id } = await albumOf(person);
      const expected = photosOf(person).filter((p) => mediaOf.has(p));
      const inAlbum = await shown(token, id);
      const maybe = await asked(token, id);
      // every photo of theirs is in the album or asked about; nothing of anyone else is in the album
      expect({ person, found: [...inAlbum, ...maybe].sort() }).toEqual({ person, found: expected });
      expect(inAlbum.every((p) => expected.includes(p))).toBe(true);
      const status = await call(h.app, 'GET', `/api/v3/checkins/${id}/face-inference-status/`, undefined, {
        token,
      });
      expect(status.body).toMatchObject({ status: 'completed', matched_count: inAlbum.length });
    }
  });

  it('indexes a photo again without changing anything: same faces, same albums', async () => {
    const { token, id } = await albumOf('sheldon', [1]);
    const before = { shown: await shown(token, id), asked: await asked(token, id) };
    const faces = async () =>
      (await sql('select count(*)::int as n from faces where media_id = $1', [mediaOf.get('bbt1.jpg')]))
        .rows[0];
    const count = await faces();
    // twice, as a retried job after a crash would
    await h.services.faceIndexing.indexMedia(mediaOf.get('bbt1.jpg')!);
    await h.services.faceIndexing.indexMedia(mediaOf.get('bbt1.jpg')!);
    expect(await faces()).toEqual(count);
    const { rows } = await sql('select status, face_count from media_face_scans where media_id = $1', [
      mediaOf.get('bbt1.jpg'),
    ]);
    expect(rows).toEqual([{ status: 'done', face_count: (count as { n: number }).n }]);
    expect({ shown: await shown(token, id), asked: await asked(token, id) }).toEqual(before);
  });

  it('adds a photo uploaded after the selfie without the participant doing anything', async () => {
    const { token, id } = await albumOf('penny');
    const before = [...(await shown(token, id)), ...(await asked(token, id))];
    const later = await sharp(await readFile(`${BBT_DIR}bbt5.jpg`))
      .jpeg({ quality: 90 })
      .toBuffer();
    mediaOf.set('bbt5.jpg', await upload('bbt5.jpg', later));
    expect([...(await shown(token, id)), ...(await asked(token, id))].sort()).toEqual(
      [...before, 'bbt5.jpg'].sort(),
    );
  });

  it('remembers "Is this you?" answers across a new search', async () => {
    const { token, id } = await albumOf('sheldon', [1]);
    const shownBefore = await shown(token, id);
    const victim = shownBefore[0]!;
    await sql("update face_matches set decision = 'ask' where checkin_id = $1 and media_id = $2", [
      id,
      mediaOf.get(victim),
    ]);
    expect(await asked(token, id)).toContain(victim);
    const answer = await call(
      h.app,
      'POST',
      `/api/v3/checkins/${id}/face-review/${mediaOf.get(victim)}/`,
      { is_me: false },
      { token },
    );
    expect(answer.status).toBe(200);
    expect(await shown(token, id)).not.toContain(victim);
    await call(h.app, 'POST', `/api/v3/checkins/${id}/face-inference/`, {}, { token });
    await h.services.faceIndexing.runAlbumSearch(id);
    expect(await shown(token, id)).not.toContain(victim);
    const yes = await call(
      h.app,
      'POST',
      `/api/v3/checkins/${id}/face-review/${mediaOf.get(victim)}/`,
      { is_me: true },
      { token },
    );
    expect(yes.status).toBe(200);
    expect(await shown(token, id)).toContain(victim);
    // a photo that was never a possible match
    const none = await call(
      h.app,
      'POST',
      `/api/v3/checkins/${id}/face-review/999999/`,
      { is_me: true },
      { token },
    );
    expect(none.status).toBe(404);
  });

  it('refuses selfies it cannot use, with the reason, and stores nothing', async () => {
    const token = await participant();
    const id = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: DEMO_FACE_EVENT.code }, { token }))
      .body.id as number;
    const group = await sharp(`${BBT_DIR}bbt3.jpg`).png().toBuffer();
    const empty = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8ab' } })
      .png()
      .toBuffer();
    expect(await selfie(token, id, group)).toMatchObject({
      status: 400,
      body: { code: 'selfie_rejected', data: { reason: 'multiple_faces' } },
    });
    const noFace = await selfie(token, id, empty);
    expect(noFace).toMatchObject({
      status: 400,
      body: { code: 'selfie_rejected', data: { reason: 'no_face' } },
    });
    expect(noFace.body.message).toBe('No face found. Place your face in the centre of the frame.');
    expect((await selfie(token, id, Buffer.from('%PDF-1.4 not an image'))).status).toBe(400);
    expect((await selfie(token, id, await readFile(cropOf('amy', 1)), { consent: 'false' })).status).toBe(
      400,
    );
    expect(
      (await selfie(token, id, await readFile(cropOf('amy', 1)), { additional_person: 'true' })).body,
    ).toMatchObject({ code: 'validation_error' });
    const { rows } = await sql('select count(*)::int as n from selfie_faces where checkin_id = $1', [id]);
    expect(rows[0]).toEqual({ n: 0 });
    // the album is still waiting for its selfie
    expect((await call(h.app, 'GET', `/api/v2/checkins/${id}/`, undefined, { token })).status).toBe(404);
  });

  it("searches only the photos taken within the guest's stay dates", async () => {
    const { token, id } = await albumOf('penny', [1]);
    const before = [...(await shown(token, id)), ...(await asked(token, id))];
    expect(before).toContain('bbt4.jpg');
    const { rows } = await sql('select start_date::text as d from photo_services where slug = $1', [
      DEMO_FACE_EVENT.slug,
    ]);
    const day = (rows[0] as { d: string }).d;
    // the photos were taken on the event's day, bbt4 the day before; the guest was there on the day only
    const ids = [...mediaOf.values()];
    await sql("update media set taken_at = $1::date + interval '12 hours' where id = any($2::int[])", [
      day,
      ids,
    ]);
    await sql("update media set taken_at = ($1::date - 1)::timestamptz + interval '12 hours' where id = $2", [
      day,
      mediaOf.get('bbt4.jpg'),
    ]);
    try {
      const outside = await call(
        h.app,
        'POST',
        `/api/v3/checkins/${id}/face-inference/`,
        { start_of_stay: '2020-01-01', end_of_stay: day },
        { token },
      );
      expect(outside.status).toBe(400);
      const started = await call(
        h.app,
        'POST',
        `/api/v3/checkins/${id}/face-inference/`,
        { start_of_stay: day, end_of_stay: day },
        { token },
      );
      expect(started.body).toMatchObject({ status: 'pending' });
      await h.services.faceIndexing.runAlbumSearch(id);
      const after = [...(await shown(token, id)), ...(await asked(token, id))];
      expect(after).not.toContain('bbt4.jpg');
      expect(after.length).toBe(before.length - 1);
    } finally {
      await sql('update media set taken_at = null where id = any($1::int[])', [[...mediaOf.values()]]);
    }
  });

  it('limits selfies per account, so a script cannot try faces without end', async () => {
    const token = await participant();
    const id = (await call(h.app, 'POST', '/api/v2/checkins/', { picacode: DEMO_FACE_EVENT.code }, { token }))
      .body.id as number;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await selfie(token, id, Buffer.from(`not a photo ${i}`))).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // another participant on the same address is not held back
    const other = await participant();
    const otherId = (
      await call(h.app, 'POST', '/api/v2/checkins/', { picacode: DEMO_FACE_EVENT.code }, { token: other })
    ).body.id as number;
    expect((await selfie(other, otherId, Buffer.from('not a photo'))).status).toBe(400);
  });

  it('answers only the album owner, and only in face-search events', async () => {
    const { id } = await albumOf('amy', [1]);
    const stranger = await participant();
    const crop = await readFile(cropOf('amy', 1));
    expect((await selfie(stranger, id, crop)).status).toBe(404);
    for (const url of [
      `/api/v3/checkins/${id}/face-inference-status/`,
      `/api/v3/checkins/${id}/face-review/`,
    ])
      expect((await call(h.app, 'GET', url, undefined, { token: stranger })).status).toBe(404);
    expect((await call(h.app, 'GET', `/api/v3/checkins/${id}/face-inference-status/`)).status).toBe(401);
    const marathon = (
      await call(h.app, 'POST', '/api/v2/checkins/', { picacode: 'K7M2Q9P' }, { token: stranger })
    ).body.id as number;
    expect((await selfie(stranger, marathon, crop)).body).toMatchObject({ code: 'face_search_unavailable' });
    // someone outside the event's organisation cannot read its progress (404 since issue 18)
    expect(
      (
        await call(h.app, 'GET', `/api/organiser/v1/events/${DEMO_FACE_EVENT.slug}/face-index/`, undefined, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
  });

  it('deletes every selfie, match and answer with the album, with the account, and after the retention period', async () => {
    const counts = async (where: string, value: number) => {
      const [s, m] = await Promise.all([
        sql(`select count(*)::int as n from selfie_faces where ${where} = $1`, [value]),
        sql(
          `select count(*)::int as n from face_matches f join checkins c on c.id = f.checkin_id where c.${where === 'checkin_id' ? 'id' : 'user_id'} = $1`,
          [value],
        ),
      ]);
      return [(s.rows[0] as { n: number }).n, (m.rows[0] as { n: number }).n];
    };
    const first = await albumOf('penny', [1]);
    const [selfies, matches] = await counts('checkin_id', first.id);
    expect(selfies).toBe(1);
    expect(matches).toBeGreaterThan(0);
    expect(
      (await call(h.app, 'DELETE', `/api/v2/checkins/${first.id}/`, undefined, { token: first.token }))
        .status,
    ).toBe(200);
    expect(await counts('checkin_id', first.id)).toEqual([0, 0]);
    const { rows: orphaned } = await sql(
      'select count(*)::int as n from face_matches where checkin_id = $1',
      [first.id],
    );
    expect(orphaned[0]).toEqual({ n: 0 });

    const second = await albumOf('raj', [1]);
    const me = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: second.token });
    const userId = (me.body.id ?? (me.body.user as { id: number } | undefined)?.id) as number;
    const { rows: owner } = await sql('select user_id from checkins where id = $1', [second.id]);
    const ownerId = (owner[0] as { user_id: number }).user_id;
    expect(userId === undefined || userId === ownerId).toBe(true);
    await h.services.accounts
      .deleteAccount({ user: { id: ownerId } } as never, SIGNUP.password1)
      .catch(async () => {
        await sql('delete from users where id = $1', [ownerId]);
      });
    expect(await counts('user_id', ownerId)).toEqual([0, 0]);

    const third = await albumOf('amy', [1]);
    h.clock.now = new Date(h.clock.now.getTime() + 181 * 86_400_000);
    try {
      await h.services.selfies.deleteExpired();
    } finally {
      h.clock.now = new Date();
    }
    expect((await counts('checkin_id', third.id))[0]).toBe(0);
  });
});
