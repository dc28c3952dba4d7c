import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn } from './support/journey';
import { type RunningServer, startServer } from './support/server';

const BBT = fileURLToPath(new URL('../../shared/data/faces/bbt/', import.meta.url));
const EVENT = 'f4ce5e1f';
/** Who is in which group photo (apps/server/test/data/faces/bbt-labels.json): Penny in 3, 4 and 5. */
const PENNY_PHOTOS = ['bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg'];

async function token(url: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { token: string }).token;
}

/**
 * Face search as a participant meets it: the organiser's group photos are indexed, a participant
 * opens SELFIE24, takes a selfie with the (fake) front camera — a labelled face of Penny — and the
 * album shows the photos Penny is in, and no others.
 */
describe('a participant finds their photos with a selfie', () => {
  let server: RunningServer;
  let browser: Browser;
  const uploaded = new Map<string, number>();

  beforeAll(async () => {
    // the fake camera plays a short video made from a labelled face crop, centred in the frame
    const dir = await mkdtemp(join(tmpdir(), 'fotodrop-selfie-'));
    const video = join(dir, 'selfie.y4m');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      `${BBT}penny/penny1.png`,
      '-vf',
      'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2,format=yuv420p',
      '-t',
      '2',
      '-r',
      '10',
      video,
    ]);
    [server, browser] = await Promise.all([
      startServer(),
      launchBrowser([
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ]),
    ]);
    const organiser = await token(server.url, 'organiser@fotodrop.test', 'Fotodrop-organiser1');
    for (const name of ['bbt1.jpg', 'bbt2.jpg', 'bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg']) {
      const form = new FormData();
      form.set('file', new Blob([await readFile(`${BBT}${name}`)], { type: 'image/jpeg' }), name);
      const r = await fetch(`${server.url}/api/organiser/v1/events/${EVENT}/media/`, {
        method: 'POST',
        headers: { authorization: `Token ${organiser}` },
        body: form,
      });
      expect(r.status).toBe(201);
      uploaded.set(name, ((await r.json()) as { id: number }).id);
    }
    // derivatives, then face indexing, in the server's workers
    const deadline = Date.now() + 180_000;
    for (;;) {
      const r = await fetch(`${server.url}/api/organiser/v1/events/${EVENT}/face-index/`, {
        headers: { authorization: `Token ${organiser}` },
      });
      const progress = (await r.json()) as { media: number; indexed: number; waiting: number };
      if (progress.media === 5 && progress.indexed === 5) break;
      if (Date.now() > deadline) throw new Error(`indexing did not finish: ${JSON.stringify(progress)}`);
      await new Promise((done) => setTimeout(done, 2000));
    }
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('takes a selfie with the front camera and sees only the photos they are in', async () => {
    const context = await browser.newContext(PHONE_CONTEXT);
    await context.grantPermissions(['camera'], { origin: server.url });
    const page = await context.newPage();
    await logIn(page, server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.getByLabel(/^Album code/).fill('SELFIE24');
    await page.getByRole('button', { name: 'Open album' }).click();

    const flow = page.getByRole('dialog');
    await flow.getByRole('button', { name: 'Take a selfie' }).click();
    await flow.getByLabel('Front camera preview').waitFor();
    await screenshot(page, 'selfie-camera-phone');
    await flow.getByRole('button', { name: 'Take the photo' }).click();
    await flow.getByRole('img', { name: 'The selfie you took' }).waitFor();
    await screenshot(page, 'selfie-confirm-phone');
    await flow.getByRole('button', { name: 'Confirm and search' }).click();
    await flow.getByRole('button', { name: 'No, continue' }).click({ timeout: 60_000 });
    await page.waitForURL('**/checkins/SELFIE24', { timeout: 60_000 });

    // the album fills once the search is done
    const photos = page.getByRole('img', { name: /^Photo \d+ of \d+$/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          await photos
            .first()
            .waitFor({ timeout: 5000 })
            .catch(() => undefined);
          return photos.count();
        },
        { timeout: 120_000, interval: 3000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'selfie-album-phone');

    // exactly Penny's photos, shown or asked about; nothing of anyone else
    const participant = await token(server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    const album = (await (
      await fetch(`${server.url}/api/v3/checkins/by-code/SELFIE24/`, {
        headers: { authorization: `Token ${participant}` },
      })
    ).json()) as { id: number };
    const get = async (path: string) =>
      (
        await fetch(`${server.url}/api${path}`, { headers: { authorization: `Token ${participant}` } })
      ).json();
    const shown = (
      (await get(`/v3/checkins/${album.id}/gallery_tree/0/media/?page_size=50`)) as {
        results: { id: number }[];
      }
    ).results.map((m) => m.id);
    const asked = (
      (await get(`/v3/checkins/${album.id}/face-review/`)) as { results: { media_id: number }[] }
    ).results.map((m) => m.media_id);
    const names = (ids: number[]) =>
      [...uploaded]
        .filter(([, id]) => ids.includes(id))
        .map(([n]) => n)
        .sort();
    expect(names([...shown, ...asked])).toEqual(PENNY_PHOTOS);
    expect(names(shown).every((n) => PENNY_PHOTOS.includes(n))).toBe(true);
    expect(await photos.count()).toBe(shown.length);

    // the same album on a desktop
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await photos.first().waitFor();
    await screenshot(page, 'selfie-album-desktop');
    await context.close();
  });
});
