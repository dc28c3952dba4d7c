import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_CONTEXT } from './support/browser';
import { logIn, serverAndBrowser, WITH_DEMO_PHOTOS, waitForAlbumPhotos } from './support/journey';

// A few demo photos go through the real pipeline after the start; every fifth is the runner's.
const run = serverAndBrowser(WITH_DEMO_PHOTOS);

/**
 * In the page, before its scripts: every API call is noted with whether a photo tile was already
 * in the document when it started. The photo files themselves (/api/media/…) are the photos, not
 * calls made before them.
 */
const NOTE_CALLS = `
  window.__calls = [];
  const fetch_ = window.fetch;
  window.fetch = function (input, init) {
    const url = new URL(typeof input === 'string' ? input : input.url, location.href);
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/'))
      window.__calls.push({
        call: ((init && init.method) || 'GET') + ' ' + url.pathname + url.search,
        afterPhotos: document.querySelector('img[alt^="Photo "]') !== null,
      });
    return fetch_.apply(this, arguments);
  };
`;

interface NotedCall {
  call: string;
  afterPhotos: boolean;
}

/** The API calls a fresh load of `url` makes before its first photo tile is in the document. */
async function callsBeforeFirstPhoto(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await page
    .getByRole('img', { name: /^Photo \d+ of \d+$/ })
    .first()
    .waitFor();
  // what the first screen asks for after the photos (tree, prices, cart) has started by now
  await page.waitForTimeout(1000);
  const calls = (await page.evaluate('window.__calls')) as NotedCall[];
  expect(calls.some((c) => c.afterPhotos)).toBe(true);
  return calls.filter((c) => !c.afterPhotos).map((c) => c.call);
}

describe('opening an album', () => {
  it('asks the server at most three times before the first photos show', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page, run.server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.getByLabel(/^Album code/).fill('K7M2Q9P');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL('**/checkins/K7M2Q9P');
    await waitForAlbumPhotos(page);

    await page.addInitScript(NOTE_CALLS);
    const calls = await callsBeforeFirstPhoto(page, `${run.server.url}/checkins/K7M2Q9P`);
    // a full load: the maintenance probe, the session, and the album with its first page of photos
    // and counts in one answer (issue 20: `include_first_page`)
    // the probe and the session start together, so their order is the network's
    expect(calls.map((c) => c.replace(/\?.*$/, '')).sort()).toEqual([
      'GET /api/health',
      'GET /api/v2/users/me/',
      'GET /api/v3/checkins/by-code/K7M2Q9P/',
    ]);
    expect(calls.find((c) => c.includes('by-code'))).toContain('include_first_page=true');
    await context.close();
  });
});
