import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser';
import { E2E_DEMO_PHOTOS } from './demo-data';

export { RUNNERS_DEMO_PHOTOS } from './demo-data';

import { type RunningServer, startServer } from './server';

/** What a test asks of its server for demo photos: a copy of the run's processed demo (demo-data.ts). */
export const WITH_DEMO_PHOTOS = { DEMO_PHOTOS: String(E2E_DEMO_PHOTOS) };

/**
 * One real server (started as `npm start` runs it, with `env`) and one Chromium for a test file:
 * started before its tests, stopped after. A test may restart the server and put the new one here.
 */
export function serverAndBrowser(env: Record<string, string> = {}) {
  const running = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

/** The demo runner (album K7M2Q9P) logs in. */
export const logInAsRunner = (page: Page, baseUrl: string) =>
  logIn(page, baseUrl, 'demo@fotodrop.test', 'Fotodrop-demo1');

/** Logs in through the login screen and waits for the album list it opens on. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill(email);
  await page.getByLabel(/^Password( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.waitForURL('**/checkins');
}

/** The demo photos go through the real pipeline after the start: reloads until the album shows some. */
export async function waitForAlbumPhotos(page: Page) {
  await expect
    .poll(
      async () => {
        await page.reload();
        const photos = page.getByRole('img', { name: /^Photo \d+ of \d+$/ });
        await photos
          .first()
          .waitFor({ timeout: 5000 })
          .catch(() => undefined);
        return photos.count();
      },
      { timeout: 90_000, interval: 3000 },
    )
    .toBeGreaterThan(0);
}

/**
 * Reloads until the album's "My photos" tab counts `count`: all the participant's demo photos went
 * through the pipeline (an album read earlier keeps its packages and prices until reloaded).
 */
export async function waitForMyPhotos(page: Page, count: number) {
  const mine = page.getByRole('tab', { name: /^My photos/ });
  await expect
    .poll(
      async () => {
        await page.reload();
        await mine.waitFor();
        await page
          .getByRole('img', { name: /^Photo 1 of/ })
          .first()
          .waitFor();
        return Number((await mine.textContent())?.replace(/\D/g, ''));
      },
      // the pipeline makes the demo photos after the start: minutes on a busy machine
      { timeout: 240_000, interval: 3000 },
    )
    .toBe(count);
}

/** A user's API token, for set-up or checks the screens are not about. */
export async function apiToken(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.email, password: who.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
