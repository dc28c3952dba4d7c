// Throw-away profile of the upload page with 5,000 files: CPU profile (CDP Profiler) of the first
// PROFILE_SECONDS after choosing, and of UPLOAD_PROFILE_SECONDS of uploading once the look-up ended;
// prints the top self-time and total-time functions of each and the long tasks.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { DESKTOP, launchBrowser } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

const FILES = Number(process.env.FILES ?? 5000);
const FIRST = Number(process.env.PROFILE_SECONDS ?? 6);
const UPLOAD = Number(process.env.UPLOAD_PROFILE_SECONDS ?? 15);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function report(label: string, profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const name = (n: Node) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    self.set(name(node), (self.get(name(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(root)') && !k.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.log(`\n=== ${label}: self ===\n${top(self)}\n=== ${label}: total ===\n${top(total)}`);
  console.log(
    `  (idle) ${(self.get([...self.keys()].find((k) => k.startsWith('(idle)')) ?? '') ?? 0).toFixed(0)} ms`,
  );
}

async function profileFor(cdp: CDPSession, seconds: number): Promise<Profile> {
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  return profile;
}

const [server, browser] = await Promise.all([startServer({ DEMO_PHOTOS: '0' }), launchBrowser()]);
try {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill('organiser@fotodrop.test');
  await page.getByLabel(/^Password( \*)?$/).fill('Fotodrop-organiser1');
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.waitForURL('**/checkins');
  await page.goto(`${server.url}/organiser/upload`);
  await page.getByRole('heading', { level: 1, name: 'Upload photos and videos' }).waitFor();
  await page.getByLabel('Event').selectOption('5e1a0c3d');
  await page.evaluate(`(() => {
    window.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (window.__chosen && e.startTime >= window.__chosen) window.__long.push([Math.round(e.startTime - window.__chosen), Math.round(e.duration)]);
    }).observe({ type: 'longtask' });
    document.addEventListener('change', () => { window.__chosen = performance.now(); }, true);
  })()`);
  const dir = await mkdtemp(join(tmpdir(), 'upload-queue-profile-'));
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const path = join(dir, `IMG_${String(i).padStart(5, '0')}.jpg`);
    await writeFile(path, randomBytes(2000 + (i % 7) * 500));
    files.push(path);
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.locator('input[type="file"]').setInputFiles(files);
  console.log(`setInputFiles took ${Date.now() - t0} ms`);
  report(`first ${FIRST} s`, await profileFor(cdp, FIRST));
  const longs = (await page.evaluate('window.__long.splice(0)')) as [number, number][];
  console.log('long tasks (start after choosing, duration):', JSON.stringify(longs.slice(0, 40)));
  const t1 = Date.now();
  await page.evaluate(`new Promise((resolve) => {
    const tick = () => document.body.innerText.includes('Checking which files') ? setTimeout(tick, 200) : resolve(0);
    tick();
  })`);
  console.log(`checking ended ${Date.now() - t1} ms after the first profile`);
  const longs2 = (await page.evaluate('window.__long.splice(0)')) as [number, number][];
  console.log(
    `long tasks while checking: ${longs2.length}, max ${Math.max(0, ...longs2.map((l) => l[1]))}`,
    JSON.stringify(longs2.slice(0, 30)),
  );
  await cdp.send('Profiler.start');
  report(`uploading ${UPLOAD} s`, await profileFor(cdp, UPLOAD));
  const longs3 = (await page.evaluate('window.__long.splice(0)')) as [number, number][];
  console.log(
    `long tasks uploading: ${longs3.length}, max ${Math.max(0, ...longs3.map((l) => l[1]))}`,
    JSON.stringify(longs3.slice(0, 30)),
  );
  await context.close();
  await rm(dir, { recursive: true, force: true });
} finally {
  await browser.close();
  await server.stop();
}
