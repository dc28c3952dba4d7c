// How much of a 10,000-photo album the browser keeps in the document: the real server on
// PostgreSQL with the large album of large-album.ts, Debian's Chromium at 390 px and 1280 px
// scrolling the "my photos" list to its last photo (infinite pages), counting <img> elements.
import type { Browser, Page } from 'playwright-core';
import { createTestDatabase } from '../apps/server/test/databases';
import { DESKTOP, launchBrowser, PHONE } from '../e2e/support/browser';
import { type RunningServer, startServer } from '../e2e/support/server';
import { ALBUM_CODE, DEMO_LOGIN, openAlbum, seedLargeAlbum } from './large-album';
import { machine, writeSection } from './report';

const PHOTOS = Number(process.env.PHOTOS ?? 10_000);
/** Give up on a width after this long without reaching the end of the list. */
const DEADLINE_MS = 15 * 60_000;
/** A 1×1 PNG answers the thumbnails: rows have no files, and the document is what is measured. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

interface Run {
  width: number;
  total: number;
  loaded: number;
  pages: number;
  imgAtEnd: number;
  gridImgAtEnd: number;
  maxImg: number;
  thumbnails: number;
  scrollMs: number;
}

async function logIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill(DEMO_LOGIN.username);
  await page.getByLabel(/^Password( \*)?$/).fill(DEMO_LOGIN.password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.waitForURL('**/checkins');
}

async function measure(browser: Browser, url: string, viewport: typeof PHONE): Promise<Run> {
  const phone = viewport.width === PHONE.width;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone, locale: 'en-US' });
  let thumbnails = 0;
  await context.route('**/api/media/**', (route) => {
    thumbnails++;
    return route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL });
  });
  const page = await context.newPage();
  await logIn(page, url);

  // The list's pages as the server answers them: how far the list has loaded.
  let total = Number.POSITIVE_INFINITY;
  let loaded = 0;
  let pages = 0;
  page.on('response', async (response) => {
    if (!/\/gallery_tree\/0\/media\//.test(response.url()) || response.status() !== 200) return;
    const body = (await response.json()) as {
      results: unknown[];
      pagination: { total: number; page_number: number; page_size: number };
    };
    pages++;
    total = body.pagination.total;
    const { page_number, page_size } = body.pagination;
    loaded = Math.max(loaded, (page_number - 1) * page_size + body.results.length);
  });

  await page.goto(`${url}/checkins/${ALBUM_CODE}`);
  const welcome = page.getByRole('dialog', { name: 'Well run!' });
  await welcome.waitFor({ timeout: 30_000 });
  await welcome.getByRole('button', { name: 'Got it' }).click();
  await page
    .getByRole('img', { name: /^Photo 1 of/ })
    .first()
    .waitFor({ timeout: 60_000 });
  // The most <img> elements the document ever holds, seen on every change to it. (Scripts run in
  // the page are strings: this project's types have no DOM.)
  await page.evaluate(`
    window.maxImg = document.getElementsByTagName('img').length;
    new MutationObserver(() => {
      window.maxImg = Math.max(window.maxImg, document.getElementsByTagName('img').length);
    }).observe(document.body, { childList: true, subtree: true });
  `);

  const started = performance.now();
  const lastTile = () => page.getByRole('img', { name: `Photo ${total} of ${total}`, exact: true });
  for (;;) {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await page.waitForTimeout(30);
    if (loaded >= total && (await lastTile().count()) > 0) break;
    if (performance.now() - started > DEADLINE_MS)
      throw new Error(`${viewport.width} px: ${loaded} of ${total} photos after ${DEADLINE_MS} ms`);
  }
  const scrollMs = performance.now() - started;
  await page.waitForTimeout(500);
  const counts = await page.evaluate<{ imgAtEnd: number; gridImgAtEnd: number; maxImg: number }>(`({
    imgAtEnd: document.getElementsByTagName('img').length,
    gridImgAtEnd: document.querySelectorAll('.media-grid img').length,
    maxImg: window.maxImg,
  })`);
  await context.close();
  return { width: viewport.width, total, loaded, pages, thumbnails, scrollMs, ...counts };
}

const database = await createTestDatabase('postgres');
let server: RunningServer | null = null;
let browser: Browser | null = null;
try {
  await seedLargeAlbum(database, PHOTOS);
  if (!database.connectionString) throw new Error('the benchmark needs PostgreSQL');
  [server, browser] = await Promise.all([
    startServer({ DATABASE_URL: database.connectionString, DEMO_PHOTOS: '0' }),
    launchBrowser(),
  ]);
  await openAlbum(server.url);
  const runs: Run[] = [];
  for (const viewport of [PHONE, DESKTOP]) runs.push(await measure(browser, server.url, viewport));
  const row = (r: Run) =>
    `| ${r.width} px | ${r.imgAtEnd} (${r.gridImgAtEnd} in the grid) | ${r.maxImg} | ${r.loaded.toLocaleString('en')} of ${r.total.toLocaleString('en')} in ${r.pages} pages | ${r.thumbnails.toLocaleString('en')} | ${(r.scrollMs / 1000).toFixed(1)} s |`;
  writeSection(
    'album-dom',
    `### Images in the document while scrolling a whole album (\`npm run bench:album-dom\`)

Machine: ${machine()}. The real server (\`npm start\`'s build) on PostgreSQL 15 with the album of
\`bench:gallery\` (${PHOTOS.toLocaleString('en')} photos of the runner, one in 500 removed); Debian's Chromium headless scrolls
"My photos" to its last photo, the list loading 40 photos a page as it goes (infinite scrolling).
Thumbnails are answered by the browser itself (a 1×1 image): the document is what is measured.

| width | \`<img>\` at the end | most \`<img>\` at once | photos loaded | thumbnails requested | time to the last photo |
| --- | --- | --- | --- | --- | --- |
${runs.map(row).join('\n')}`,
  );
} finally {
  await browser?.close();
  await server?.stop();
  await database.destroy();
}
