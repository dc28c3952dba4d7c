// Peak hour (issue 20): RUNNERS simulated runners (500 by default) visit their albums at once
// against PostgreSQL, with 1 API process and with 2 on the same database, and the readiness route
// (`/api/health/ready`) is sampled beside them in the same run, idle first and then under the load.
//
// A runner is logged in on their phone (an account made earlier) and taps the link of their
// "your photos are ready" e-mail (`/preview?picacode=CODE`); the visit (`peak-visit.ts`) replays
// the requests the web app makes for it, in its order and together where the app makes them
// together: the page itself (the server runs the preview service while answering it), the app's
// start (health, users/me, the check-in with the album and its first page, cart totals), the
// album screen (gallery tree, price list, print products, cart digital items, then the photobook
// offer), 3 further gallery pages of 40 (pages 2–4, as scrolling asks them), 10 viewer opens (each
// the photo's `preview_url` and its two neighbours' read to the last byte; the viewer makes no API
// call of its own) and one favourite. Grid thumbnails, scripts and the metrics (sent to the
// separate metrics listener) are not replayed. The API processes serve the built web app (the
// page's HTML): `npm run bench:peak` builds it first.
//
// Each runner has their own address, as a proxy in front would pass it on: the API processes run
// with TRUST_PROXY=1 and every runner sends its own X-Forwarded-For, so the per-address limits see
// 500 clients, not one (no limit is raised). With 2 processes runners are split between them by
// runner, as a sticky load balancer would. All runners start together (no ramp).
//
// `RUNNERS=100 npm run bench:peak` runs smaller; `PROCESS_COUNTS=1,2` (default) which runs.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type PeakData, seedPeak } from './peak-data';
import { GALLERY_PAGES, STEPS, type Timing, VIEWER_OPENS, visit } from './peak-visit';
import { cpuSeconds, nodeProcess, nodeVersion, stop, waitUntilOk } from './processes';
import { machine, median, writeSection } from './report';

const RUNNERS = Number(process.env.RUNNERS ?? 500);
const PHOTOS = Number(process.env.PHOTOS ?? 8000);
const PROCESS_COUNTS = (process.env.PROCESS_COUNTS ?? '1,2').split(',').map(Number);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.PEAK_PORT ?? 4700);
/** Readiness samples before the load, one after another, per process. */
const IDLE_SAMPLES = 100;
/**
 * Under load a readiness request leaves every PROBE_EVERY_MS per process whether or not the one
 * before has answered (as a load balancer's health check does): waiting for each answer would take
 * only a handful of samples when answers take seconds.
 */
const PROBE_EVERY_MS = 250;

// The visit starts with the web app's page: without a build the API processes answer it with a 404.
if (!existsSync(fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url)))) {
  console.error('bench:peak: the web app is not built; run `npm run build` (`npm run bench:peak` does).');
  process.exit(1);
}

interface RunResult {
  processes: number;
  readyIdle: number[];
  readyLoaded: number[];
  timings: Timing[];
  visits: number[];
  failedVisits: number;
  wallSeconds: number;
  previewBytesRead: number;
  /** Requests a finished visit made (the most of any; the first photo opened has no previous to preload). */
  requestsPerVisit: number;
  /** CPU seconds during the load: the API processes, their PostgreSQL backends, the load generator. */
  cpu: { api: number; postgres: number; client: number };
  load: string;
}

/** CPU seconds of the PostgreSQL backends connected to `database` now, by backend pid. */
async function backendsCpu(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [database]);
  const pids = rows.map((r: { pid: number }) => r.pid);
  return new Map(await Promise.all(pids.map(async (pid) => [pid, await cpuSeconds(pid)] as const)));
}

function apiProcess(env: NodeJS.ProcessEnv): ChildProcess {
  return nodeProcess(['--import', 'tsx', 'apps/server/src/main.ts'], env);
}

/** A `/api/health/ready` request every PROBE_EVERY_MS until `done` settles; all of them answered. */
async function sampleReady(url: string, done: Promise<unknown>, into: number[]): Promise<void> {
  const probes: Promise<void>[] = [];
  const probe = async () => {
    const started = performance.now();
    const r = await fetch(`${url}/api/health/ready`);
    await r.arrayBuffer();
    if (r.ok) into.push(performance.now() - started);
  };
  const timer = setInterval(() => probes.push(probe()), PROBE_EVERY_MS);
  await done.finally(() => clearInterval(timer));
  await Promise.all(probes);
}

/** Undoes what a run set up (processes, database, data folder); also on Ctrl-C or SIGTERM. */
let cleanUp: (() => Promise<void>) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: stopping the API processes and dropping the run's database`);
    void (cleanUp?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });

async function run(processes: number): Promise<{ result: RunResult; data: PeakData }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `fotodrop_peak_${process.pid}_${processes}`;
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'fotodrop-peak-'));
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    STORAGE: 'local',
    MEDIA_URL_SECRET: 'peak-bench-secret-0123456789abcdef0123',
    LOG_LEVEL: 'warn',
    DEMO_PHOTOS: '0',
    DEMO_SALES: 'false',
    METRICS_LISTENER: 'off',
    WORKERS: 'off',
    HOST: '127.0.0.1',
    // the bench stands where a reverse proxy would: one hop, whose X-Forwarded-For is believed
    TRUST_PROXY: '1',
  };
  const urls = Array.from({ length: processes }, (_, i) => `http://127.0.0.1:${PORT + i}`);
  const procs: ChildProcess[] = [];
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  let cleaned: Promise<void> | null = null;
  cleanUp = () => {
    cleaned ??= (async () => {
      await db.end().catch(() => {});
      for (const proc of procs) await stop(proc);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    // The first process migrates and seeds alone; the others start on the finished database.
    for (const [i, url] of urls.entries()) {
      const proc = apiProcess({ ...env, PORT: String(PORT + i), PUBLIC_URL: url });
      procs.push(proc);
      await waitUntilOk(`${url}/api/health/ready`, proc);
    }
    await db.connect();
    const data = await seedPeak(urls[0]!, db, dataDir, {
      runners: RUNNERS,
      photos: PHOTOS,
      albumPages: GALLERY_PAGES.length + 1,
    });
    console.error(
      `${processes} process(es): ${data.runners.length} runners, albums of ${data.albumPhotos.min}–${data.albumPhotos.max} photos`,
    );

    const readyIdle: number[] = [];
    for (const url of urls)
      for (let i = 0; i < IDLE_SAMPLES; i++) {
        const started = performance.now();
        await (await fetch(`${url}/api/health/ready`)).arrayBuffer();
        readyIdle.push(performance.now() - started);
      }

    const timings: Timing[] = [];
    const visits: number[] = [];
    let failedVisits = 0;
    let previewBytesRead = 0;
    let requestsPerVisit = 0;
    const errors = new Map<string, number>();
    const apiCpu = async () =>
      (await Promise.all(procs.map((p) => cpuSeconds(p.pid!)))).reduce((a, b) => a + b);
    const apiBefore = await apiCpu();
    const backendsBefore = await backendsCpu(admin, name);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    const load = Promise.all(
      data.runners.map(async (runner, i) => {
        const address = `10.${20 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
        const visitStarted = performance.now();
        try {
          const done = await visit(urls[i % processes]!, runner, address, timings);
          previewBytesRead += done.previewBytes;
          requestsPerVisit = Math.max(requestsPerVisit, done.requests);
          visits.push(performance.now() - visitStarted);
        } catch (error) {
          failedVisits++;
          const message = error instanceof Error ? error.message : String(error);
          errors.set(message, (errors.get(message) ?? 0) + 1);
        }
      }),
    );
    const readyLoaded: number[] = [];
    await Promise.all([load, ...urls.map((url) => sampleReady(url, load, readyLoaded))]);
    const wallSeconds = (performance.now() - started) / 1000;
    const client = process.cpuUsage(clientBefore);
    const api = (await apiCpu()) - apiBefore;
    // backends opened during the load count from zero; one closed during it is missed (pools keep theirs busy)
    let postgres = 0;
    for (const [pid, seconds] of await backendsCpu(admin, name))
      postgres += seconds - (backendsBefore.get(pid) ?? 0);
    for (const [message, n] of errors) console.error(`  ${n} × ${message}`);
    const loadAverage = loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
    return {
      data,
      result: {
        processes,
        readyIdle,
        readyLoaded,
        timings,
        visits,
        failedVisits,
        wallSeconds,
        previewBytesRead,
        requestsPerVisit,
        cpu: { api, postgres, client: (client.user + client.system) / 1e6 },
        load: loadAverage,
      },
    };
  } finally {
    await cleanUp();
    cleanUp = null;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
const times = (n: number) => `${n >= 10 ? Math.round(n) : n.toFixed(1)}×`;

function table(r: RunResult): string {
  const readyP50 = median(r.readyLoaded);
  const readyP99 = percentile(r.readyLoaded, 99);
  const lines = [
    '| request | count | non-2xx | p50 | p99 | p50 ÷ ready p50 (loaded) | p99 ÷ ready p99 (loaded) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| \`GET /api/health/ready\`, idle, before the load | ${r.readyIdle.length} | 0 | ${ms(median(r.readyIdle))} | ${ms(percentile(r.readyIdle, 99))} | | |`,
    `| \`GET /api/health/ready\` during the load (reference) | ${r.readyLoaded.length} | 0 | **${ms(readyP50)}** | **${ms(readyP99)}** | 1× | 1× |`,
  ];
  for (const step of STEPS) {
    const of = r.timings.filter((t) => t.step === step);
    if (of.length === 0) continue;
    const values = of.map((t) => t.ms);
    const non2xx = of.filter((t) => t.status < 200 || t.status > 299).length;
    lines.push(
      `| ${step} | ${of.length} | ${non2xx} | ${ms(median(values))} | ${ms(percentile(values, 99))} | ${times(median(values) / readyP50)} | ${times(percentile(values, 99) / readyP99)} |`,
    );
  }
  lines.push(
    `| **the whole visit** (${r.visits.length} done, ${r.failedVisits} failed) | ${r.visits.length} | | **${ms(median(r.visits))}** | **${ms(percentile(r.visits, 99))}** | ${times(median(r.visits) / readyP50)} | ${times(percentile(r.visits, 99) / readyP99)} |`,
  );
  return lines.join('\n');
}

const results: { result: RunResult; data: PeakData }[] = [];
for (const processes of PROCESS_COUNTS) results.push(await run(processes));
const data = results[0]!.data;
const requestsPerVisit = results[0]!.result.requestsPerVisit;
const apiNode = nodeVersion();
const sections = results.map(({ result: r }) => {
  const rps = r.timings.length / r.wallSeconds;
  const perVisit = (seconds: number) => `${((seconds / r.visits.length) * 1000).toFixed(0)} ms`;
  return `#### ${r.processes} API process${r.processes > 1 ? 'es (runners split between them by runner)' : ''}

All ${RUNNERS} visits took **${r.wallSeconds.toFixed(1)} s** from the start to the last answer:
**${(r.visits.length / r.wallSeconds).toFixed(2)} visits/s**, ${Math.round(rps)} requests/s,
${((r.previewBytesRead / r.wallSeconds) * 8e-6).toFixed(1)} Mbit/s of previews. CPU per visit: API process${r.processes > 1 ? 'es' : ''} **${perVisit(r.cpu.api)}**,
their PostgreSQL backends **${perVisit(r.cpu.postgres)}**, the load generator ${perVisit(r.cpu.client)}
(${r.cpu.api.toFixed(0)} + ${r.cpu.postgres.toFixed(0)} + ${r.cpu.client.toFixed(0)} CPU s over ${r.wallSeconds.toFixed(0)} s on 2 cores). Load average at the end: ${r.load}.

${table(r)}`;
});
const byProcesses = new Map(results.map(({ result }) => [result.processes, result]));
const one = byProcesses.get(1);
const two = byProcesses.get(2);
const comparison =
  one && two
    ? `\n\n2 processes against 1, same run: visits/s ${times(one.wallSeconds / two.wallSeconds)}, visit p50
${times(median(one.visits) / median(two.visits))} and p99 ${times(percentile(one.visits, 99) / percentile(two.visits, 99))} as fast (above 1× is faster);
readiness p50 under load ${ms(median(one.readyLoaded))} → ${ms(median(two.readyLoaded))}.`
    : '';
writeSection(
  'peak',
  `### Peak hour: ${RUNNERS} runners at once (\`npm run bench:peak\`)

Machine: ${machine()}, **shared with other agents' work** (their builds and benches run beside
it: absolute times are the machine's, compare the ratios to the readiness route measured in the
same run). PostgreSQL 15 on the same machine; API processes \`main.ts\` on Node ${apiNode} (the npm
scripts' \`node_modules/.bin/node\`) serving the built web app, with \`WORKERS=off\`,
\`STORAGE=local\`, \`TRUST_PROXY=1\`; the load generator (one Node process) shares the 2 cores.

Data: the demo marathon with ${data.photos.toLocaleString('en')} published photos, ${RUNNERS} runners imported by CSV
(\`POST …/participants/import/\`, each a code scoped to their bib); a photo carries several bibs,
so each album differs and holds ${data.albumPhotos.min === data.albumPhotos.max ? data.albumPhotos.min : `${data.albumPhotos.min}–${data.albumPhotos.max}`} photos; every preview a real
${Math.round(data.previewBytes / 1024)} KB JPEG (1280 px) on disk. Each runner is logged in and taps their e-mail's link
(\`/preview?picacode=CODE\`); the visit is ${requestsPerVisit} requests in the web app's order (\`bench/peak-visit.ts\`, traced in
Chromium), those the app makes together made together: the page itself (its HTML carries the
preview call's answer, which the server makes while answering it); the app's start, together:
health, users/me, the check-in with \`include_album=true\` (its answer holds the album and its
first page) and cart totals; the album screen, together: gallery tree, price list, print products
and the cart's digital items, then the photobook offer; gallery pages 2–4 of 40 one after another;
${VIEWER_OPENS} viewer opens one after another, each the photo's preview and its two neighbours' (the viewer
preloads them and makes no API call) read to the last byte; one favourite. Grid thumbnails, scripts and the
metrics are not replayed. All runners start at once (no ramp);
each has its own address (X-Forwarded-For behind TRUST_PROXY=1, as behind a proxy: the product's
limits unchanged). The readiness route is sampled ${IDLE_SAMPLES}× per process one after another before
the load, then a request every ${PROBE_EVERY_MS} ms per process during it, each timed to its answer (a
load balancer's health check). Times are from the client, queueing included; CPU seconds are read
from \`/proc\` (API processes; the PostgreSQL backends of the run's database; the bench process).

${sections.join('\n\n')}${comparison}`,
);
