import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventProgress } from '@fotodrop/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import type { Storage } from '../src/adapters/storage/storage';
import { seedDemo } from '../src/seed/demo';
import { DEMO_FACE_EVENT } from '../src/seed/demo-face-event';
import { FACE_INDEX_QUEUE } from '../src/services/faces/face-queues';
import { DERIVATIVES_QUEUE, uploadKey } from '../src/services/media/media-files.service';
import { BACKENDS } from './databases';
import { call, type Harness, logInAsDemoOrganiser, startHarness } from './harness';

const SAMPLE = fileURLToPath(
  new URL('../../../node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url),
);
const MARATHON = '5e1a0c3d';
const progressUrl = (slug: string) => `/api/organiser/v1/events/${slug}/progress/`;

/**
 * Issue 18: an event's progress as the console polls it, on the real job queue: uploads wait,
 * one is processed while the others wait, then they are ready (or failed, named with the reason)
 * and their faces indexed.
 */
describe.each(BACKENDS)('event progress on %s', (backend) => {
  let h: Harness;
  let storage: Storage;
  let mediaDir: string;
  let organiser: string;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'fotodrop-progress-'));
    storage = localStorage(mediaDir);
    h = await startHarness(backend, { storage });
    await seedDemo(h.database.db, argon2Hasher, 1);
    organiser = await logInAsDemoOrganiser(h.app);
    // One derivatives worker that starts work only when the test lets it: what is "processing"
    // and what is "waiting" is then known, not a race.
    await h.jobs.work<{ mediaId: number }>(DERIVATIVES_QUEUE, async ({ mediaId }) => {
      await gate;
      await h.services.mediaFiles.processDerivatives(mediaId);
    });
    await h.jobs.work<{ mediaId: number }>(FACE_INDEX_QUEUE, ({ mediaId }) =>
      h.services.faceIndexing.indexMedia(mediaId),
    );
  });
  afterAll(async () => {
    release();
    await h?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const progress = async (slug: string, token = organiser) => {
    const answer = await call(h.app, 'GET', progressUrl(slug), undefined, { token });
    expect(answer.status).toBe(200);
    return answer.body as unknown as EventProgress;
  };
  /** Polls as the console does until `done` holds (bounded: a stuck pipeline fails the test). */
  const until = async (slug: string, done: (p: EventProgress) => boolean) => {
    let last = await progress(slug);
    for (let i = 0; i < 1200 && !done(last); i++) {
      await new Promise((r) => setTimeout(r, 250));
      last = await progress(slug);
    }
    return last;
  };
  const upload = async (bytes: Buffer, filename: string) => {
    const form = new FormData();
    form.set('file', new Blob([bytes], { type: 'image/jpeg' }), filename);
    const body = new Response(form);
    const answer = await h.app.inject({
      method: 'POST',
      url: `/api/organiser/v1/events/${DEMO_FACE_EVENT.slug}/media/`,
      headers: {
        authorization: `Token ${organiser}`,
        'content-type': body.headers.get('content-type') as string,
      },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(answer.statusCode).toBe(201);
    return (answer.json() as { id: number }).id;
  };

  it('starts empty, with face indexing on only where the event searches by face and no bibs yet', async () => {
    const empty = await progress(DEMO_FACE_EVENT.slug);
    expect(empty).toEqual({
      media: { total: 0, waiting: 0, processing: 0, ready: 0, failed: 0, latest_failures: [] },
      faces: { enabled: true, media: 0, indexed: 0, failed: 0, waiting: 0, faces: 0 },
      bibs: null,
    });
    expect((await progress(MARATHON)).faces.enabled).toBe(false);
  });

  it('moves uploads from waiting through processing to ready or failed, then indexes their faces', async () => {
    const base = await readFile(SAMPLE);
    const ids: number[] = [];
    for (const width of [600, 610, 620])
      ids.push(await upload(await sharp(base).resize(width).jpeg().toBuffer(), `run-${width}.jpg`));
    const broken = await upload(await sharp(base).resize(630).jpeg().toBuffer(), 'broken.jpg');

    // the worker holds one job; the other three wait
    const held = await until(DEMO_FACE_EVENT.slug, (p) => p.media.processing === 1);
    expect(held.media).toMatchObject({ total: 4, waiting: 3, processing: 1, ready: 0, failed: 0 });
    // a job running for this event is not another event's progress
    expect((await progress(MARATHON)).media).toMatchObject({ processing: 0, waiting: 0 });

    // its uploaded file lost: processing fails for a reason the organiser is told
    await storage.delete(uploadKey(broken));
    release();
    const done = await until(
      DEMO_FACE_EVENT.slug,
      (p) => p.media.ready + p.media.failed === 4 && p.faces.waiting === 0 && p.faces.indexed === 3,
    );
    expect(done.media).toMatchObject({ total: 4, waiting: 0, processing: 0, ready: 3, failed: 1 });
    expect(done.media.latest_failures).toEqual([
      expect.objectContaining({ id: broken, original_filename: 'broken.jpg', reason: 'upload missing' }),
    ]);
    expect(done.faces).toMatchObject({ enabled: true, media: 3, indexed: 3, failed: 0, waiting: 0 });
    // the sample is a group photo: faces are found in each of the three
    expect(done.faces.faces).toBeGreaterThanOrEqual(3);
    expect(done.bibs).toBeNull();
  });

  it('answers 404 for an event that does not exist and 401 without a session', async () => {
    expect((await call(h.app, 'GET', progressUrl('00000000'), undefined, { token: organiser })).status).toBe(
      404,
    );
    expect((await call(h.app, 'GET', progressUrl(DEMO_FACE_EVENT.slug))).status).toBe(401);
  });
});
