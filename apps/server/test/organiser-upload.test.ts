import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample4.jpg', import.meta.url),
);

/** A real multipart body, as a browser or the ingest command sends it. */
async function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([file.bytes]), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

describe.each(BACKENDS)('organiser photo upload on %s', (backend) => {
  let h: Harness;
  let organiser: string;
  let participant: string;
  let photo: Buffer;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
    participant = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    photo = await sharp(await readFile(SAMPLE))
      .resize(900)
      .jpeg()
      .toBuffer();
  });
  afterAll(() => h?.close());

  const upload = async (
    token: string,
    slug: string,
    fields: Record<string, string>,
    file?: { bytes: Buffer; name: string },
  ) => {
    const body = await multipart(fields, file);
    const r = await h.app.inject({
      method: 'POST',
      url: `/api/organiser/v1/events/${slug}/media/`,
      headers: { authorization: `Token ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  };

  it('uploads a photo into a gallery with tags; the same file again is recognised', async () => {
    const first = await upload(
      organiser,
      '5e1a0c3d',
      { gallery: 'finish', tags: 'bib-1042, bib-7' },
      { bytes: photo, name: 'finish-01.jpg' },
    );
    expect(first).toEqual({
      status: 201,
      body: { id: expect.any(Number), duplicate: false, status: 'processing' },
    });
    const { rows } = await h.database.executeSql('select tags, original_filename from media where id = $1', [
      first.body.id,
    ]);
    expect(rows[0]).toEqual({ tags: ['bib-1042', 'bib-7'], original_filename: 'finish-01.jpg' });
    const again = await upload(organiser, '5e1a0c3d', {}, { bytes: photo, name: 'copy.jpg' });
    expect(again.body).toMatchObject({ id: first.body.id, duplicate: true });
  });

  it('refuses a file that is not a photo, an unknown gallery, a missing file, and stores nothing', async () => {
    const before = (await h.database.executeSql('select count(*)::int as n from media', [])).rows[0];
    const text = await upload(
      organiser,
      '5e1a0c3d',
      {},
      { bytes: Buffer.from('just text, named like a photo'), name: 'x.jpg' },
    );
    expect(text).toMatchObject({
      status: 400,
      body: { code: 'media_rejected', data: { reason: 'unsupported_type' } },
    });
    const gallery = await upload(
      organiser,
      '5e1a0c3d',
      { gallery: 'Nowhere' },
      { bytes: photo, name: 'y.jpg' },
    );
    expect(gallery.body.data).toEqual({ fields: { gallery: ['gallery.unknown'] } });
    expect((await upload(organiser, '5e1a0c3d', { tags: 'a' })).body.data).toEqual({
      fields: { file: ['field.required'] },
    });
    expect((await h.database.executeSql('select count(*)::int as n from media', [])).rows[0]).toEqual(before);
  });

  /** Gallery ids of an event, by name; another event's id shows a gallery the upload must refuse. */
  const galleryIds = async (slug: string) => {
    const { rows } = await h.database.executeSql(
      'select g.id, g.name from galleries g join photo_services s on s.id = g.photo_service_id ' +
        'where s.slug = $1 order by g.id',
      [slug],
    );
    return rows as { id: number; name: string }[];
  };
  const galleryOf = async (mediaId: unknown) =>
    (await h.database.executeSql('select gallery_id from media where id = $1', [mediaId])).rows[0];

  it('puts a photo into the gallery given by id, even when two galleries share its name', async () => {
    const [first] = await galleryIds('5e1a0c3d');
    // a second gallery of the same event named like the first: only the id tells them apart
    const { rows } = await h.database.executeSql(
      'insert into galleries (photo_service_id, name) ' +
        'select photo_service_id, name from galleries where id = $1 returning id',
      [first!.id],
    );
    const twin = (rows[0] as { id: number }).id;
    const bytes = await sharp(photo).rotate(90).jpeg().toBuffer();
    const result = await upload(
      organiser,
      '5e1a0c3d',
      { gallery_id: String(twin) },
      { bytes, name: 'twin.jpg' },
    );
    expect(result.status).toBe(201);
    expect(await galleryOf(result.body.id)).toEqual({ gallery_id: twin });
  });

  it("refuses an unknown gallery id, another event's gallery, both name and id, and stores nothing", async () => {
    const before = (await h.database.executeSql('select count(*)::int as n from media', [])).rows[0];
    const ours = (await galleryIds('5e1a0c3d'))[0]!;
    const { rows } = await h.database.executeSql(
      'select g.id from galleries g join photo_services s on s.id = g.photo_service_id ' +
        'where s.slug <> $1 order by g.id limit 1',
      ['5e1a0c3d'],
    );
    const foreign = (rows[0] as { id: number }).id;
    const bytes = await sharp(photo).flip().jpeg().toBuffer();
    const file = { bytes, name: 'refused.jpg' };
    for (const id of ['999999', String(foreign)]) {
      expect(await upload(organiser, '5e1a0c3d', { gallery_id: id }, file)).toMatchObject({
        status: 400,
        body: { code: 'validation_error', data: { fields: { gallery_id: ['gallery.unknown'] } } },
      });
    }
    for (const id of ['0', '-3', 'finish', '1.5']) {
      expect(await upload(organiser, '5e1a0c3d', { gallery_id: id }, file)).toMatchObject({
        status: 400,
        body: { data: { fields: { gallery_id: ['gallery.invalid'] } } },
      });
    }
    expect(
      await upload(organiser, '5e1a0c3d', { gallery: ours.name, gallery_id: String(ours.id) }, file),
    ).toMatchObject({ status: 400, body: { data: { fields: { gallery_id: ['gallery.name_and_id'] } } } });
    expect((await h.database.executeSql('select count(*)::int as n from media', [])).rows[0]).toEqual(before);
  });

  // The console's role check (issue 18): whoever is outside the event's organisation is told it does not exist.
  it("refuses participants, other organisations' events and unknown events as not found", async () => {
    expect((await upload(participant, '5e1a0c3d', {}, { bytes: photo, name: 'z.jpg' })).status).toBe(404);
    expect((await upload(organiser, 'a1b7e5d0', {}, { bytes: photo, name: 'z.jpg' })).status).toBe(404);
    expect((await upload(organiser, 'ffffffff', {}, { bytes: photo, name: 'z.jpg' })).status).toBe(404);
    expect((await upload(organiser, 'NOT-HEX', {}, { bytes: photo, name: 'z.jpg' })).status).toBe(400);
  });
});
