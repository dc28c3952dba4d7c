import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { BACKENDS } from './databases';
import { call, collectingMailer, logInAsDemoOrganiser, testUploadStore } from './harness';
import { startTeamHarness, type TeamHarness } from './team-fixture';

const UPLOADS = '/api/organiser/v1/uploads/';
const INGEST = fileURLToPath(new URL('../scripts/ingest.ts', import.meta.url));
const execFileAsync = promisify(execFile);
const MARATHON = '5e1a0c3d';
const TRAIL = 'a1b7e5d0'; // another organisation's event

const metadataHeader = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** A distinct JPEG each call (its colour), so no two uploads are duplicates unless meant to be. */
let shade = 0;
async function photo(): Promise<Buffer> {
  shade += 7;
  // noise: a photo of some size (tens of kB), so a first chunk of 5000 bytes is only its start
  return sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: shade % 256, g: 90, b: 160 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
}

describe.each(BACKENDS)('resumable (tus) uploads on %s', (backend) => {
  let t: TeamHarness;
  let base: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTeamHarness(backend);
    base = await t.h.app.listen({ port: 0, host: '127.0.0.1' });
    tokens.organiser = await logInAsDemoOrganiser(t.h.app);
    const { rows } = await t.h.database.executeSql(
      'select organisation_id as id from photo_services where slug = $1',
      [MARATHON],
    );
    const orgId = (rows[0] as { id: number }).id;
    tokens.manager = (await t.addMember(orgId, tokens.organiser, 'manager@marathon.test', 'manager')).token;
    tokens.photographer = (
      await t.addMember(orgId, tokens.organiser, 'photo@marathon.test', 'photographer')
    ).token;
    tokens.otherOrganisation = (await t.createOrganisation('hillside', 'owner@hillside.test')).owner;
  });
  afterAll(() => t?.h.close());

  const send = (
    method: string,
    path: string,
    token: string | undefined,
    headers: Record<string, string> = {},
    body?: Buffer,
    at = base,
  ) =>
    fetch(new URL(path, at), {
      method,
      headers: {
        'tus-resumable': '1.0.0',
        ...(token ? { authorization: `Token ${token}` } : {}),
        ...headers,
      },
      ...(body ? { body } : {}),
    });

  const create = (token: string | undefined, length: number, metadata: Record<string, string>, at = base) =>
    send(
      'POST',
      UPLOADS,
      token,
      { 'upload-length': String(length), 'upload-metadata': metadataHeader(metadata) },
      undefined,
      at,
    );

  const created = async (token: string, length: number, metadata: Record<string, string> = {}) => {
    const answer = await create(token, length, { event: MARATHON, ...metadata });
    expect(answer.status).toBe(201);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(/^\/api\/organiser\/v1\/uploads\/[0-9a-f]{32}$/);
    return location;
  };

  const patch = (token: string, location: string, offset: number, bytes: Buffer, at = base) =>
    send(
      'PATCH',
      location,
      token,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
      at,
    );

  const offsetOf = async (token: string, location: string, at = base) => {
    const head = await send('HEAD', location, token, {}, undefined, at);
    expect(head.status).toBe(200);
    return Number(head.headers.get('upload-offset'));
  };

  /** Another app on the same database and upload folder: the server after a restart. */
  const reopen = async () => {
    const app: FastifyInstance = await buildApp({
      database: t.h.database,
      services: t.h.services,
      mailer: collectingMailer(),
      storage: localStorage(tmpdir()),
      uploadStore: testUploadStore(t.h.uploadDir),
      mediaSecret: 'test-media-secret-0123456789abcdef',
      publicUrl: 'http://localhost:8080',
      webDist: null,
      logLevel: 'silent',
    });
    return { app, at: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };

  it('uploads a photo in two chunks; the last answer says what became of it', async () => {
    const bytes = await photo();
    const half = Math.floor(bytes.length / 2);
    const location = await created(tokens.organiser!, bytes.length, {
      filename: 'finish-01.jpg',
      tags: 'bib-7',
    });
    const first = await patch(tokens.organiser!, location, 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect(await offsetOf(tokens.organiser!, location)).toBe(half);

    const last = await patch(tokens.organiser!, location, half, bytes.subarray(half));
    expect(last.status).toBe(200);
    expect(last.headers.get('upload-result')).toBe('created');
    const result = (await last.json()) as { id: number; duplicate: boolean; status: string };
    expect(result).toEqual({ id: expect.any(Number), duplicate: false, status: 'processing' });
    const { rows } = await t.h.database.executeSql(
      'select tags, original_filename, sha256 from media where id = $1',
      [result.id],
    );
    expect(rows[0]).toEqual({
      tags: ['bib-7'],
      original_filename: 'finish-01.jpg',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    // the finished upload is gone from the upload store
    expect((await send('HEAD', location, tokens.organiser)).status).toBe(404);
  });

  it('reports the same content again as a duplicate of the medium it already is', async () => {
    const bytes = await photo();
    const upload = async () => {
      const location = await created(tokens.organiser!, bytes.length);
      return patch(tokens.organiser!, location, 0, bytes);
    };
    const first = (await (await upload()).json()) as { id: number };
    const again = await upload();
    expect(again.status).toBe(200);
    expect(again.headers.get('upload-result')).toBe('duplicate');
    expect(await again.json()).toMatchObject({ id: first.id, duplicate: true });
  });

  it('resumes after a dropped connection from the offset HEAD reports', async () => {
    const bytes = await photo();
    const location = await created(tokens.organiser!, bytes.length);
    const sent = Math.floor(bytes.length / 3);
    // A PATCH announcing the whole file whose connection dies after a third of it.
    await new Promise<void>((resolve) => {
      const req = httpRequest(new URL(location, base), {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Token ${tokens.organiser}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
      req.on('close', () => resolve());
    });
    const offset = await offsetOf(tokens.organiser!, location);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(sent);
    const rest = await patch(tokens.organiser!, location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ duplicate: false, status: 'processing' });
  });

  it('resumes after the app is closed and opened again on the same upload folder', async () => {
    const bytes = await photo();
    const half = Math.floor(bytes.length / 2);
    const before = await reopen();
    const answer = await create(tokens.organiser, bytes.length, { event: MARATHON }, before.at);
    const location = answer.headers.get('location')!;
    expect((await patch(tokens.organiser!, location, 0, bytes.subarray(0, half), before.at)).status).toBe(
      204,
    );
    await before.app.close();

    const after = await reopen();
    try {
      expect(await offsetOf(tokens.organiser!, location, after.at)).toBe(half);
      const last = await patch(tokens.organiser!, location, half, bytes.subarray(half), after.at);
      expect(last.status).toBe(200);
      expect(await last.json()).toMatchObject({ duplicate: false });
    } finally {
      await after.app.close();
    }
  });

  it('removes unfinished uploads older than 7 days when the server starts', async () => {
    const bytes = await photo();
    const stale = await created(tokens.organiser!, bytes.length);
    const fresh = await created(tokens.organiser!, bytes.length);
    const staleId = stale.split('/').pop()!;
    const info = join(t.h.uploadDir, `${staleId}.json`);
    const stored = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
    stored.creation_date = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await writeFile(info, JSON.stringify(stored));

    const restarted = await reopen();
    try {
      for (let i = 0; i < 100 && (await readdir(t.h.uploadDir)).includes(staleId); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await readdir(t.h.uploadDir)).not.toContain(staleId);
      expect((await send('HEAD', stale, tokens.organiser, {}, undefined, restarted.at)).status).toBe(404);
      expect(await offsetOf(tokens.organiser!, fresh, restarted.at)).toBe(0);
    } finally {
      await restarted.app.close();
    }
  });

  it('answers 409 to a chunk sent at the wrong offset, and keeps what it had', async () => {
    const bytes = await photo();
    const location = await created(tokens.organiser!, bytes.length);
    expect((await patch(tokens.organiser!, location, 0, bytes.subarray(0, 100))).status).toBe(204);
    const wrong = await patch(tokens.organiser!, location, 50, bytes.subarray(50));
    expect(wrong.status).toBe(409);
    expect(await offsetOf(tokens.organiser!, location)).toBe(100);
  });

  it('refuses an upload longer than the largest file (the video limit) before any byte: 413', async () => {
    const tooLong = t.h.services.mediaFiles.maxUploadBytes() + 1;
    expect((await create(tokens.organiser, tooLong, { event: MARATHON })).status).toBe(413);
    expect((await create(tokens.organiser, tooLong - 1, { event: MARATHON })).status).toBe(201);
  });

  const mediaCount = async () =>
    (await t.h.database.executeSql('select count(*)::int as n from media', [])).rows[0];

  it('refuses a file that is no photo or video after its first chunk, with the reason', async () => {
    const before = await mediaCount();
    const text = Buffer.from('just some text, certainly not a photo\n'.repeat(500));
    const location = await created(tokens.organiser!, text.length, { filename: 'notes.jpg' });
    const first = await patch(tokens.organiser!, location, 0, text.subarray(0, 5000));
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({
      code: 'media_rejected',
      data: { reason: 'unsupported_type' },
    });
    expect((await send('HEAD', location, tokens.organiser)).status).toBe(404);
    expect(await mediaCount()).toEqual(before);
  });

  it('refuses a photo announced over the photo limit after its first chunk: 413', async () => {
    const bytes = await photo();
    const location = await created(tokens.organiser!, 41 * 2 ** 20);
    const first = await patch(tokens.organiser!, location, 0, bytes.subarray(0, 5000));
    expect(first.status).toBe(413);
    expect(await first.json()).toMatchObject({ code: 'media_rejected', data: { reason: 'too_large_file' } });
    expect((await send('HEAD', location, tokens.organiser)).status).toBe(404);
  });

  it('refuses a damaged video when it is finished, the reason in the last answer, and stores nothing', async () => {
    const before = await mediaCount();
    // an MP4's boxes (`ftyp`, then `mdat` to the end) around bytes no decoder reads
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
    ]);
    const brands = Buffer.from('isommp41');
    const mdat = Buffer.alloc(8);
    mdat.writeUInt32BE(30_000 - 24, 0);
    mdat.write('mdat', 4, 'latin1');
    const body = Buffer.alloc(30_000 - 32);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 251;
    const bytes = Buffer.concat([ftyp, brands, mdat, body]);
    const location = await created(tokens.organiser!, bytes.length, { filename: 'broken.mp4' });
    expect((await patch(tokens.organiser!, location, 0, bytes.subarray(0, 5000))).status).toBe(204);
    const last = await patch(tokens.organiser!, location, 5000, bytes.subarray(5000));
    expect(last.status).toBe(400);
    expect(last.headers.get('upload-result')).toBe('rejected');
    expect(await last.json()).toMatchObject({ code: 'media_rejected', data: { reason: 'corrupt' } });
    expect(await mediaCount()).toEqual(before);
    expect((await send('HEAD', location, tokens.organiser)).status).toBe(404);
  });

  it('checks the metadata at creation: unknown event 404, foreign gallery 400, no event 400', async () => {
    expect((await create(tokens.organiser, 10, { event: 'ffffffff' })).status).toBe(404);
    const { rows } = await t.h.database.executeSql(
      'select g.id from galleries g join photo_services s on s.id = g.photo_service_id where s.slug = $1',
      [TRAIL],
    );
    const foreign = await create(tokens.organiser, 10, {
      event: MARATHON,
      gallery: String((rows[0] as { id: number }).id),
    });
    expect(foreign.status).toBe(400);
    expect(JSON.parse(await foreign.text())).toMatchObject({
      data: { fields: { gallery: ['gallery.unknown'] } },
    });
    expect((await create(tokens.organiser, 10, { filename: 'a.jpg' })).status).toBe(400);
  });

  it('answers anonymous callers 401 and callers outside the event 404, on every method', async () => {
    expect((await create(undefined, 10, { event: MARATHON })).status).toBe(401);
    expect((await create(tokens.otherOrganisation, 10, { event: MARATHON })).status).toBe(404);
    expect((await create(tokens.photographer, 10, { event: MARATHON })).status).toBe(404);
    const location = await created(tokens.organiser!, 10);
    expect((await send('HEAD', location, undefined)).status).toBe(401);
    expect((await send('HEAD', location, tokens.otherOrganisation)).status).toBe(404);
    expect((await send('DELETE', location, tokens.photographer)).status).toBe(404);
  });

  it('lets nobody else continue or delete my upload, not even a manager of the event', async () => {
    const bytes = await photo();
    const location = await created(tokens.organiser!, bytes.length);
    expect((await patch(tokens.manager!, location, 0, bytes)).status).toBe(404);
    expect((await send('HEAD', location, tokens.manager)).status).toBe(404);
    expect((await send('DELETE', location, tokens.manager)).status).toBe(404);
    expect(await offsetOf(tokens.organiser!, location)).toBe(0);
    // the manager's own uploads are theirs to make
    expect((await create(tokens.manager, bytes.length, { event: MARATHON })).status).toBe(201);
  });

  it('terminates an upload: its bytes are deleted and it is gone', async () => {
    const bytes = await photo();
    const location = await created(tokens.organiser!, bytes.length);
    expect((await patch(tokens.organiser!, location, 0, bytes.subarray(0, 500))).status).toBe(204);
    const id = location.split('/').pop()!;
    expect(await readdir(t.h.uploadDir)).toContain(id);
    expect((await send('DELETE', location, tokens.organiser)).status).toBe(204);
    expect(await readdir(t.h.uploadDir)).not.toContain(id);
    expect((await send('HEAD', location, tokens.organiser)).status).toBe(404);
  });

  it('npm run ingest sends a folder by tus and, run again, sends only what the event lacks', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'fotodrop-ingest-'));
    try {
      await writeFile(join(folder, 'a.jpg'), await photo());
      await writeFile(join(folder, 'b.jpg'), await photo());
      await writeFile(join(folder, 'notes.txt'), 'not a photo\n'.repeat(100));
      const run = async () => {
        const { stdout } = await execFileAsync(
          process.execPath,
          ['--import', 'tsx', INGEST, '--url', base, '--event', MARATHON, folder],
          {
            env: {
              ...process.env,
              FOTODROP_EMAIL: 'organiser@fotodrop.test',
              FOTODROP_PASSWORD: 'Fotodrop-organiser1',
              FOTODROP_INGEST_STATE: join(folder, '.state.json'),
            },
          },
        );
        return stdout;
      };
      const first = await run();
      expect(first).toMatch(/added\s+a\.jpg/);
      expect(first).toMatch(/refused\s+notes\.txt — unsupported_type/);
      expect(first).toContain('2 added, 0 already there (0 not sent), 1 refused');
      const second = await run();
      expect(second).toMatch(/held\s+a\.jpg/);
      expect(second).toContain('0 added, 2 already there (2 not sent), 1 refused');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  describe('batch check', () => {
    const check = (token: string | undefined, slug: string, files: unknown) =>
      call(t.h.app, 'POST', `/api/organiser/v1/events/${slug}/uploads/check/`, { files }, { token });

    it('tells which files of a folder the event already holds, by content', async () => {
      const held = await photo();
      const location = await created(tokens.organiser!, held.length);
      const { id } = (await (await patch(tokens.organiser!, location, 0, held)).json()) as { id: number };
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      const fresh = await photo();
      const answer = await check(tokens.organiser, MARATHON, [
        { name: 'new.jpg', size: fresh.length, sha256: sha(fresh) },
        { name: 'old.jpg', size: held.length, sha256: sha(held) },
        { name: 'old-copy.jpg', size: held.length, sha256: sha(held) },
      ]);
      expect(answer).toMatchObject({
        status: 200,
        body: {
          held: [
            { name: 'old.jpg', sha256: sha(held), media_id: id },
            { name: 'old-copy.jpg', sha256: sha(held), media_id: id },
          ],
        },
      });
      // another event holds nothing of it, and outsiders learn nothing
      expect(
        (await check(tokens.otherOrganisation, MARATHON, [{ name: 'a', size: 1, sha256: sha(held) }])).status,
      ).toBe(404);
      expect((await check(undefined, MARATHON, [{ name: 'a', size: 1, sha256: sha(held) }])).status).toBe(
        401,
      );
    });

    it('takes 10,000 files at once and refuses more, or a malformed checksum', async () => {
      const files = (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          name: `IMG_${i}.jpg`,
          size: i,
          sha256: i.toString(16).padStart(64, '0'),
        }));
      expect(await check(tokens.organiser, MARATHON, files(10_000))).toMatchObject({
        status: 200,
        body: { held: [] },
      });
      expect((await check(tokens.organiser, MARATHON, files(10_001))).status).toBe(400);
      expect(
        (await check(tokens.organiser, MARATHON, [{ name: 'a.jpg', size: 1, sha256: 'XYZ' }])).body,
      ).toMatchObject({ data: { fields: { 'files.0.sha256': ['sha256.invalid'] } } });
    });
  });
});
