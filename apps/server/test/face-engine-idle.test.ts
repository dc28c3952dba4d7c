import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exactFaceIndex } from '../src/adapters/faces/exact-face-index';
import { faceEnginePool } from '../src/adapters/faces/face-engine-pool';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { DEMO_FACE_EVENT } from '../src/seed/demo-face-event';
import { call, type Harness, logInAsDemoOrganiser, SIGNUP, startHarness } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url),
);
/** The middle person of sample1.jpg, framed as a selfie (the face about half the picture's width). */
const selfieOf = (photo: Buffer) =>
  sharp(photo).extract({ left: 733, top: 334, width: 400, height: 400 }).png().toBuffer();

async function multipart(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; field: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') as string,
  };
}

/**
 * The real face engine with a short idle time: indexing starts it, it ends when idle and the event's
 * faces leave memory, and a selfie after that starts it again and still finds the person.
 */
describe('face engine started on work and stopped when idle', () => {
  let h: Harness;
  const threads: number[] = [];
  const engine = faceEnginePool({ threads: 1, idleMs: 300, onThreads: (n) => threads.push(n) });
  let index: ReturnType<typeof exactFaceIndex> | undefined;
  let photoId: number;

  beforeAll(async () => {
    h = await startHarness('pglite', {
      faceEngine: engine,
      faceIndex: (db) => {
        index = exactFaceIndex(db, { idleMs: 300 });
        return index;
      },
    });
    await seedDemo(h.database.db, argon2Hasher, 1);
  }, 300_000);
  afterAll(async () => {
    await engine.close();
    await h?.close();
  });

  it('indexes with a started engine, lets it go when idle, and finds the face of a later selfie', async () => {
    expect(engine.running()).toBe(0);
    const organiser = await logInAsDemoOrganiser(h.app);
    const body = await multipart(
      {},
      { bytes: await readFile(SAMPLE), name: 'party.jpg', field: 'file', type: 'image/jpeg' },
    );
    const uploaded = await h.app.inject({
      method: 'POST',
      url: `/api/organiser/v1/events/${DEMO_FACE_EVENT.slug}/media/`,
      headers: { authorization: `Token ${organiser}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    photoId = (uploaded.json() as { id: number }).id;
    await h.services.mediaFiles.processDerivatives(photoId);
    await h.services.faceIndexing.indexMedia(photoId);
    expect(threads).toEqual([1]);

    // the engine ends after its idle time; so do the event's faces held for searching
    await vi.waitFor(() => expect(engine.running()).toBe(0), { timeout: 30_000, interval: 50 });
    expect(threads).toEqual([1, 0]);

    const token = (
      await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email: 'idle-selfie@example.com' })
    ).body.token as string;
    const created = await call(
      h.app,
      'POST',
      '/api/v2/checkins/',
      { picacode: DEMO_FACE_EVENT.code },
      { token },
    );
    expect(created.status).toBe(303);
    // the album asks for a selfie: the engine starts loading while the participant takes it
    expect(threads.slice(0, 3)).toEqual([1, 0, 1]);
    const albumId = created.body.id as number;
    const selfie = await multipart(
      { consent: 'true' },
      {
        bytes: await selfieOf(await readFile(SAMPLE)),
        name: 'selfie.png',
        field: 'selfie',
        type: 'image/png',
      },
    );
    const added = await h.app.inject({
      method: 'POST',
      url: `/api/v2/checkins/${albumId}/add-face/`,
      headers: { authorization: `Token ${token}`, 'content-type': selfie.contentType },
      payload: selfie.payload,
    });
    // the selfie waited for a new thread to load the model
    expect(`${added.statusCode} ${added.body}`).toMatch(/^201 /);
    await vi.waitFor(() => expect(index?.held()).toBe(0), { timeout: 30_000, interval: 50 });
    await h.services.faceIndexing.runAlbumSearch(albumId);
    const shown = await call(
      h.app,
      'GET',
      `/api/v3/checkins/${albumId}/gallery_tree/0/media/?page_size=50`,
      undefined,
      { token },
    );
    expect((shown.body.results as { id: number }[]).map((m) => m.id)).toEqual([photoId]);
    expect(index?.held()).toBe(1);
    await vi.waitFor(() => expect(index?.held()).toBe(0), { timeout: 30_000, interval: 50 });
  }, 300_000);
});
