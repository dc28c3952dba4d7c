import { cp, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { DEMO_FACE_EVENT } from '../../apps/server/src/seed/demo-face-event';
import type { RunningServer } from './server';

/**
 * How many demo marathon photos an e2e server gets when a test asks for photos: the runner of
 * K7M2Q9P has every 5th, 7, worth €44.90 by the price list, so the €39.90 package is offered (it
 * never is above the photos it covers, and 5 would cost €29.90 as a bundle).
 */
export const E2E_DEMO_PHOTOS = 35;
/** The demo runner's photos among them (K7M2Q9P shows every 5th marathon photo). */
export const RUNNERS_DEMO_PHOTOS = Math.ceil(E2E_DEMO_PHOTOS / 5);

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this e2e run, removed at its end (e2e/support/global-setup.ts). */
    e2eRunDir: string;
  }
}

const ORGANISER = { username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' };

async function api(url: string, token?: string, body?: unknown) {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Waits until the organiser's demo events hold every photo ready and the face event's photos are
 * indexed: what `seedDemoMedia` adds for `photos` marathon photos (the branded club's trail run,
 * another organisation's, is ingested before the face event, so it is done by then).
 */
export async function waitForDemoProcessed(server: RunningServer, photos: number, timeoutMs: number) {
  const base = `${server.url}/api`;
  const { token } = (await api(`${base}/api/v1/get-token-auth/`, undefined, ORGANISER)) as { token: string };
  const tenth = Math.ceil(photos / 10);
  const expected = photos + tenth + Math.min(24, tenth);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = (await api(`${base}/organiser/v1/events/`, token)).results as {
      media_counts: { processing: number; ready: number };
    }[];
    const ready = events.reduce((n, e) => n + e.media_counts.ready, 0);
    const processing = events.reduce((n, e) => n + e.media_counts.processing, 0);
    const faces = (await api(`${base}/organiser/v1/events/${DEMO_FACE_EVENT.slug}/face-index/`, token)) as {
      media: number;
      indexed: number;
      waiting: number;
    };
    if (ready >= expected && processing === 0 && faces.waiting === 0 && faces.indexed === faces.media) return;
    if (Date.now() > deadline) {
      throw new Error(`the demo was not processed in ${timeoutMs / 1000} s: ${ready}/${expected} ready`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function exists(path: string) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * A copy, for one server, of a data folder whose demo went through the pipeline once in this run.
 * The first server that asks makes it (files run one at a time, so nobody waits on another): the
 * later ones start on processed photos instead of each running the same 30 photos through the
 * derivatives and face jobs while its browser works.
 */
export async function processedDemoCopy(start: (dataDir: string) => Promise<RunningServer>): Promise<string> {
  const prepared = join(inject('e2eRunDir'), `demo-${E2E_DEMO_PHOTOS}`);
  if (!(await exists(prepared))) {
    const making = `${prepared}.making`;
    await rm(making, { recursive: true, force: true });
    const server = await start(making);
    try {
      await waitForDemoProcessed(server, E2E_DEMO_PHOTOS, 600_000);
    } finally {
      await server.stop({ keepData: true });
    }
    await rename(making, prepared);
  }
  const copy = await mkdtemp(join(tmpdir(), 'fotodrop-e2e-'));
  await cp(prepared, copy, { recursive: true });
  return copy;
}
