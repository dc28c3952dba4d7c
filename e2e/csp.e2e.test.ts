import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestVideo } from '../apps/server/src/media/test-videos';
import { DESKTOP, PHONE_CONTEXT } from './support/browser';
import { logIn, serverAndBrowser, WITH_DEMO_PHOTOS, waitForAlbumPhotos } from './support/journey';
import { startServer } from './support/server';

// A few demo photos for the album and the viewer.
const run = serverAndBrowser(WITH_DEMO_PHOTOS);

const VIEWPORTS: [string, BrowserContextOptions][] = [
  ['390 px', PHONE_CONTEXT],
  ['1280 px', { viewport: DESKTOP, locale: 'en-US' }],
];

/**
 * Everything the page's Content-Security-Policy (and the other headers) stopped: the
 * `securitypolicyviolation` events of every document, Chromium's console report of them, and
 * requests the browser refused (e.g. by Cross-Origin-Resource-Policy).
 */
interface Watched {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolation(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' on ' +
    e.documentURI + (e.sample ? ' (' + e.sample + ')' : ''));
}, true);`;

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function watchedPage(options: BrowserContextOptions): Promise<Watched> {
  const context = await run.browser.newContext(options);
  contexts.push(context);
  const problems: string[] = [];
  await context.exposeFunction('__cspViolation', (report: string) => problems.push(`event: ${report}`));
  await context.addInitScript(REPORT_VIOLATIONS);
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) problems.push(`console: ${message.text()}`);
  });
  context.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? '';
    if (error.includes('BLOCKED')) problems.push(`request: ${request.url()} ${error}`);
  });
  return { context, page: await context.newPage(), problems };
}

/** Opens a screen and lets it settle: its data loaded, its effects run. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await settle(page);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('#root > *').first().waitFor();
  await page.waitForTimeout(300);
}

/** Closes the album's welcome popup if the event greets this browser with it. */
async function dismissWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Well run!' });
  const shown = await welcome
    .waitFor({ timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  if (shown) await welcome.getByRole('button', { name: 'Got it' }).click();
}

const sample = async (n: number) => ({
  name: `sample${n}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await readFile(
    fileURLToPath(new URL(`../node_modules/@vladmandic/face-api/demo/sample${n}.jpg`, import.meta.url)),
  ),
});

describe('the app runs under its Content-Security-Policy', () => {
  it('reports what the policy forbids: inline script, eval, style attributes, framing', async () => {
    const { page, problems } = await watchedPage({ viewport: DESKTOP, locale: 'en-US' });
    await visit(page, `${run.server.url}/`);
    expect(problems).toEqual([]);
    const outcome = await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      const styled = document.createElement('div');
      styled.innerHTML = '<p style="color: red">x</p>';
      document.body.append(styled);
      const frame = document.createElement('iframe');
      frame.src = '/';
      document.body.append(frame);
      // A task of the page's own: DevTools' evaluate itself may always eval.
      return new Promise((resolve) => setTimeout(() => {
        let evalRan = false;
        try { evalRan = eval('true'); } catch {}
        resolve({ inlineRan: window.inlineRan === true, evalRan });
      }, 0));
    })()`);
    expect(outcome).toEqual({ inlineRan: false, evalRan: false });
    await expect
      .poll(() => problems.filter((p) => p.startsWith('event:')).map((p) => p.split(' ')[1]))
      .toEqual(expect.arrayContaining(['script-src-elem', 'script-src', 'style-src-attr', 'frame-src']));
  });

  // Its own web build comes first (a minute or more on two shared cores): hence its longer time limit.
  it('lets a build with Sentry (VITE_SENTRY_DSN) report to its DSN and record replays, and nothing more', async () => {
    const envelopes: string[] = [];
    const sentry = createServer((request, response) => {
      envelopes.push(request.url ?? '');
      response.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
    const dsn = `http://public@127.0.0.1:${(sentry.address() as AddressInfo).port}/1`;
    const dist = await mkdtemp(join(tmpdir(), 'fotodrop-sentry-web-'));
    const server = await (async () => {
      const web = fileURLToPath(new URL('../apps/web', import.meta.url));
      const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
      const build = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir'], {
        cwd: web,
        env: { ...process.env, VITE_SENTRY_DSN: dsn },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      return startServer({ WEB_DIST: dist });
    })();
    try {
      const { page, problems } = await watchedPage({ viewport: DESKTOP, locale: 'en-US' });
      await visit(page, `${server.url}/`);
      await visit(page, `${server.url}/login`);
      // An error the page does not handle: Sentry sends it (and the replay it buffered) to the DSN.
      await page.evaluate("setTimeout(() => { throw new Error('reported to Sentry'); }, 0)");
      await expect.poll(() => envelopes.length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(envelopes[0]).toMatch(/^\/api\/1\/envelope\//);
      await page.waitForTimeout(1000);
      expect(problems).toEqual([]);
    } finally {
      await server.stop();
      sentry.close();
      await rm(dist, { recursive: true, force: true });
    }
  }, 360_000);

  for (const [width, options] of VIEWPORTS) {
    it(`shows every public screen, the branded site and the API reference at ${width} without a violation`, async () => {
      const { page, problems } = await watchedPage(options);
      const branded = `http://alpinerun.localhost:${run.server.port}`;
      for (const url of [
        `${run.server.url}/`,
        `${run.server.url}/preview`,
        `${run.server.url}/preview?picacode=K7M2Q9P`,
        `${run.server.url}/login`,
        `${run.server.url}/signup`,
        `${run.server.url}/reset-password`,
        `${run.server.url}/reset-password?token=not-a-real-token`,
        `${run.server.url}/help`,
        `${run.server.url}/events`,
        `${run.server.url}/no-such-page`,
        `${branded}/`,
        `${branded}/login`,
        `${branded}/signup`,
      ]) {
        await visit(page, url);
      }

      // The API reference has its own, scoped policy (inline scripts by hash, inline styles).
      await page.goto(`${run.server.url}/api/docs/`);
      await page.getByText('Fotodrop API').first().waitFor({ timeout: 30_000 });
      // Scalar keeps a request open, so the page never goes network-idle: give it time to finish.
      await page.waitForTimeout(2000);
      expect(problems).toEqual([]);
    });

    it(`shows a participant's album, viewer, cart, prints and profile at ${width} without a violation`, async () => {
      const { page, problems } = await watchedPage(options);
      await logIn(page, run.server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
      await settle(page);
      await page.getByLabel(/^Album code/).fill('K7M2Q9P');
      await page.getByRole('button', { name: 'Open album' }).click();
      await page.waitForURL('**/checkins/K7M2Q9P');
      await waitForAlbumPhotos(page);
      await dismissWelcome(page);
      await settle(page);

      // The viewer, then the album's QR code (an SVG drawn by React, downloadable as a data: link).
      await page
        .getByRole('button', { name: /^Photo 1 of/ })
        .first()
        .click();
      const viewer = page.getByRole('dialog', { name: 'Viewer' });
      await viewer.waitFor();
      // The first run puts the photo in the cart; the second finds it there.
      const addToCart = viewer.getByRole('button', { name: /^Add to cart/ });
      if (await addToCart.count()) await addToCart.click();
      await viewer.getByRole('button', { name: /^In cart/ }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => viewer.count()).toBe(0);
      await page.getByRole('button', { name: 'QR code' }).click();
      await page.getByRole('img', { name: 'QR code of the album K7M2Q9P' }).waitFor();
      await page.keyboard.press('Escape');

      await visit(page, `${run.server.url}/checkout`);
      await visit(page, `${run.server.url}/print`);
      await page.getByRole('link', { name: 'Photo prints' }).click();
      await page.waitForURL(/\/print\/\d+$/);
      await settle(page);
      for (const path of ['/checkins', '/profile/resume', '/profile/privacy', '/profile/change-password']) {
        await visit(page, `${run.server.url}${path}`);
      }
      expect(problems).toEqual([]);
    });

    it(`shows the organiser's upload screen with photo and video previews at ${width} without a violation`, async () => {
      const { page, problems } = await watchedPage(options);
      await logIn(page, run.server.url, 'organiser@fotodrop.test', 'Fotodrop-organiser1');
      await visit(page, `${run.server.url}/organiser/upload`);
      await page.getByLabel('Event').selectOption('5e1a0c3d');
      // A clip of its own per run: the same bytes twice would be the same upload.
      const clip = await makeTestVideo({
        width: options.viewport?.width === DESKTOP.width ? 352 : 320,
        height: 240,
        seconds: 1,
      });
      const name = `clip-${width.replace(' ', '')}.mp4`;
      await page
        .locator('input[type="file"]')
        .setInputFiles([await sample(1), { name, mimeType: 'video/mp4', buffer: clip }]);
      const uploads = page.getByRole('region', { name: 'Uploads to Lakeside City Marathon' });
      const video = uploads.getByLabel(`Video ${name}`);
      await video.waitFor({ timeout: 90_000 });
      await uploads.getByRole('img', { name: 'sample1.jpg' }).first().waitFor({ timeout: 60_000 });
      // The player loads the signed rendition and plays it.
      await video.evaluate((element) => {
        const player = element as unknown as { muted: boolean; play(): Promise<void> };
        player.muted = true;
        return player.play();
      });
      await expect
        .poll(
          () => video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime),
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThan(0.2);
      await settle(page);
      expect(problems).toEqual([]);
    });
  }
});
