import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn } from './support/journey';
import { type RunningServer, startServer } from './support/server';

const BBT = fileURLToPath(new URL('../../shared/data/faces/bbt/', import.meta.url));
const EVENT = 'f4ce5e1f';
/** Who is in which group photo (apps/server/test/data/faces/bbt-labels.json): Penny in 3, 4 and 5. */
const PENNY_PHOTOS = ['bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg'];
/** Face centres in bbt5.jpg by the labels, in fractions of the photo. */
const IN_BBT5 = { penny: { x: 0.27, y: 0.17 }, sheldon: { x: 0.51, y: 0.39 } };

/** Mean absolute difference of two images' pixels in a square around a face centre (0–255). */
async function differenceAround(a: Buffer, b: Buffer, centre: { x: number; y: number }) {
  const read = async (image: Buffer) => {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const [one, two] = await Promise.all([read(a), read(b)]);
  expect([one.width, one.height]).toEqual([two.width, two.height]);
  const half = Math.round(one.width * 0.025);
  const cx = Math.round(centre.x * one.width);
  const cy = Math.round(centre.y * one.height);
  let sum = 0;
  let n = 0;
  for (let y = cy - half; y < cy + half; y++)
    for (let x = cx - half; x < cx + half; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * one.width + x) * 3 + c;
        sum += Math.abs((one.data[i] as number) - (two.data[i] as number));
        n++;
      }
  return sum / n;
}

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

  it("blurs a participant's face in the copies other participants see once they hide it", async () => {
    // B: Sheldon, who shares bbt5 with Penny, finds his photos through the API
    const signup = await fetch(`${server.url}/api/v2/users/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'sheldon@example.com',
        password1: 'Bazinga-run-2026',
        password2: 'Bazinga-run-2026',
        first_name: 'Sheldon',
        last_name: 'Cooper',
        is_adult: true,
        accept_terms: true,
        marketing_consent: false,
        language: 'en',
      }),
    });
    expect(signup.status).toBe(201);
    const b = ((await signup.json()) as { token: string }).token;
    const asB = { authorization: `Token ${b}` };
    const created = await fetch(`${server.url}/api/v2/checkins/`, {
      method: 'POST',
      headers: { ...asB, 'content-type': 'application/json' },
      body: JSON.stringify({ picacode: 'SELFIE24' }),
    });
    const albumB = ((await created.json()) as { id: number }).id;
    const form = new FormData();
    form.set('consent', 'true');
    form.set(
      'selfie',
      new Blob([await readFile(`${BBT}sheldon/sheldon1.png`)], { type: 'image/png' }),
      'me.png',
    );
    const added = await fetch(`${server.url}/api/v2/checkins/${albumB}/add-face/`, {
      method: 'POST',
      headers: asB,
      body: form,
    });
    expect(added.status).toBe(201);
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${server.url}/api/v3/checkins/${albumB}/face-inference-status/`, { headers: asB })
            ).json()) as {
              status: string;
            }
          ).status,
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('completed');

    // A: Penny (the demo user) hides her face, blur only, in the album screen
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.goto(`${server.url}/checkins/SELFIE24`);
    await page.getByRole('button', { name: 'Hide my face' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide your face from other participants' });
    await dialog.getByRole('radio', { name: "Blur my face in other participants' photos" }).check();
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await page
      .getByText('Anonymous mode is on: other participants see your face blurred.')
      .waitFor({ timeout: 90_000 });
    await screenshot(page, 'anonymous-mode-on-desktop');
    await context.close();

    // the preview of bbt5 each of them is served
    const a = await token(server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    const previewOf = async (auth: string, album: number) => {
      const page = (await (
        await fetch(`${server.url}/api/v3/checkins/${album}/gallery_tree/0/media/?page_size=50`, {
          headers: { authorization: `Token ${auth}` },
        })
      ).json()) as { results: { id: number; preview_url: string }[] };
      const item = page.results.find((m) => m.id === uploaded.get('bbt5.jpg'));
      expect(item).toBeDefined();
      const r = await fetch(new URL(item!.preview_url, server.url));
      expect(r.status).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    const albumA = (
      (await (
        await fetch(`${server.url}/api/v3/checkins/by-code/SELFIE24/`, {
          headers: { authorization: `Token ${a}` },
        })
      ).json()) as { id: number }
    ).id;
    const mine = await previewOf(a, albumA);
    const theirs = await previewOf(b, albumB);
    // Penny's face is blurred in Sheldon's copy; Sheldon's own face is untouched in both
    expect(await differenceAround(mine, theirs, IN_BBT5.penny)).toBeGreaterThan(12);
    expect(await differenceAround(mine, theirs, IN_BBT5.sheldon)).toBeLessThan(4);
  });
});
