// 5,000 files chosen at once on the organiser's upload page: the real server (built web app),
// Debian's Chromium headless, files of a few kB generated here. Measured in the page: from the
// file input's change event to the queue showing its totals, and the longest main-thread task
// (PerformanceObserver "longtask", over 50 ms) while the files are hashed and looked up, then
// while they are sent by tus for UPLOAD_SECONDS. RUNS runs (3 unless told), each in a fresh
// browser context, reported as medians: on a shared machine one run says little.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../e2e/support/browser';
import { type RunningServer, startServer } from '../e2e/support/server';
import { machine, median, writeSection } from './report';

const FILES = Number(process.env.FILES ?? 5000);
const UPLOAD_SECONDS = Number(process.env.UPLOAD_SECONDS ?? 60);
const RUNS = Number(process.env.RUNS ?? 3);
const fmt = (n: number) => n.toLocaleString('en');

async function logIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill('organiser@fotodrop.test');
  await page.getByLabel(/^Password( \*)?$/).fill('Fotodrop-organiser1');
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.waitForURL('**/checkins');
}

/** Longest task and their count since the last call (scripts run in the page are strings: no DOM types here). */
const takeLongTasks = (page: Page) =>
  page.evaluate<{ max: number; count: number }>(`(() => {
    const all = window.__long.splice(0);
    return { max: all.length ? Math.max(...all) : 0, count: all.length };
  })()`);

async function measure(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  let answered = 0;
  page.on('response', (response) => {
    if (response.request().method() === 'PATCH' && response.url().includes('/organiser/v1/uploads/'))
      answered++;
  });
  await logIn(page, url);
  await page.goto(`${url}/organiser/upload`);
  await page.getByRole('heading', { level: 1, name: 'Upload photos and videos' }).waitFor();
  await page.getByLabel('Event').selectOption('5e1a0c3d');
  await page.evaluate(`(() => {
    window.__long = [];
    // only tasks from the choice on (not the test's own setting of the files)
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (window.__chosen && e.startTime >= window.__chosen) window.__long.push(e.duration);
    })
      .observe({ type: 'longtask' });
    document.addEventListener('change', () => { window.__chosen = performance.now(); }, true);
  })()`);
  // distinct random contents: every file is hashed, looked up and sent (the server refuses each
  // as no photo after its bytes arrive: the client's work per file is the same, the server's small)
  // files on disk, handed over by path as a file picker does (buffers would be rebuilt by script
  // in the page, a harness cost on the page's own thread)
  const dir = await mkdtemp(join(tmpdir(), 'upload-queue-bench-'));
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const path = join(dir, `IMG_${String(i).padStart(5, '0')}.jpg`);
    await writeFile(path, randomBytes(2000 + (i % 7) * 500));
    files.push(path);
  }
  const total = fmt(FILES);
  await page.locator('input[type="file"]').setInputFiles(files);
  // polled in the page, each frame (waitForFunction's string form is an eval, which the CSP forbids)
  const when = (condition: string, timeoutMs: number) =>
    page.evaluate<number>(`new Promise((resolve, reject) => {
      const until = performance.now() + ${timeoutMs};
      const tick = () => {
        if (${condition}) resolve(performance.now());
        else if (performance.now() > until) reject(new Error('timed out: ${condition.replace(/'/g, '')}'));
        else requestAnimationFrame(tick);
      };
      tick();
    })`);
  const shownAt = await when(`document.body.innerText.includes('of ${total}')`, 120_000);
  const chosenAt = await page.evaluate<number>('window.__chosen');
  const toQueue = shownAt - chosenAt;
  await when(`!document.body.innerText.includes('Checking which files')`, 600_000);
  const checkedAt = await page.evaluate<number>('performance.now()');
  const hashing = await takeLongTasks(page);
  const sentBefore = answered;
  await page.waitForTimeout(UPLOAD_SECONDS * 1000);
  const uploading = await takeLongTasks(page);
  const perSecond = (answered - sentBefore) / UPLOAD_SECONDS;
  const rows = await page.locator('.queue-list > li').count();
  await context.close();
  await rm(dir, { recursive: true, force: true });
  return { toQueue, checkMs: checkedAt - chosenAt, hashing, uploading, perSecond, rows };
}

let server: RunningServer | null = null;
let browser: Browser | null = null;
try {
  [server, browser] = await Promise.all([startServer({ DEMO_PHOTOS: '0' }), launchBrowser()]);
  const runs: Awaited<ReturnType<typeof measure>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.url));
  const mid = (pick: (run: (typeof runs)[number]) => number) => median(runs.map(pick));
  const r = {
    toQueue: mid((x) => x.toQueue),
    checkMs: mid((x) => x.checkMs),
    hashing: { max: mid((x) => x.hashing.max), count: mid((x) => x.hashing.count) },
    uploading: { max: mid((x) => x.uploading.max), count: mid((x) => x.uploading.count) },
    perSecond: mid((x) => x.perSecond),
    rows: mid((x) => x.rows),
  };
  const ms = (n: number) => `${fmt(Math.round(n))} ms`;
  writeSection(
    'upload-queue',
    `### ${fmt(FILES)} files chosen on the upload page (\`npm run bench:upload-queue\`)

Machine: ${machine()}. The real server (\`npm start\`'s build, PGlite), Debian's Chromium headless
at 1280 px; ${fmt(FILES)} generated files of 2–5 kB (random bytes: each is hashed, looked up and sent
by tus, then refused by the server as no photo — the browser's work per file is an accepted
file's). Long tasks are the page's own (PerformanceObserver "longtask", over 50 ms). Medians of
${RUNS} runs (each figure on its own).

| measure | result |
| --- | --- |
| choosing → queue shown with its totals | ${ms(r.toQueue)} |
| choosing → every file hashed (worker) and looked up | ${ms(r.checkMs)} |
| longest main-thread task while hashing and looking up | ${ms(r.hashing.max)} (${r.hashing.count} over 50 ms) |
| longest main-thread task in ${UPLOAD_SECONDS} s of uploading | ${ms(r.uploading.max)} (${r.uploading.count} over 50 ms) |
| files sent per second (3 at a time, local server) | ${r.perSecond.toFixed(1)} |
| queue lines in the document | ${r.rows} |`,
  );
} finally {
  await browser?.close();
  await server?.stop();
}
