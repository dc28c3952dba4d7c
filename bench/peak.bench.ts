// Peak hour (issue 20): RUNNERS simulated runners (500 by default) visit their albums at once
// against PostgreSQL, with 1 API process and with 2 on the same database, and the readiness route
// (`/api/health/ready`) is sampled beside them in the same run, idle first and then under the load.
//
// A runner is logged in on their phone (an account made earlier) and taps the link of their
// "your photos are ready" e-mail (`/preview?picacode=CODE`); the visit replays, one request after
// another, the API calls the web app makes for it, in its order (bench:first-photo's waterfall):
// the app's start (health, photos-preview, cart totals, users/me, the album list), the album
// opened by code (POST /v2/checkins/, the lookup by code with its first page, the gallery tree and
// the price list), 3 further gallery pages of 40 (pages 2–4, as scrolling asks them), 10 viewer
// opens (the viewer makes no API call of its own: each open is the photo's `preview_url`, read
// to the last byte) and one favourite. Grid thumbnails and the metrics (sent to the separate
// metrics listener) are not replayed.
//
// Each runner has their own address, as a proxy in front would pass it on: the API processes run
// with TRUST_PROXY=1 and every runner sends its own X-Forwarded-For, so the per-address limits see
// 500 clients, not one (no limit is raised). With 2 processes runners are split between them by
// runner, as a sticky load balancer would. All runners start together (no ramp).
//
// `RUNNERS=100 npm run bench:peak` runs smaller; `PROCESS_COUNTS=1,2` (default) which runs.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type PeakData, type Runner, seedPeak } from './peak-data';
import { cpuSeconds, nodeProcess, stop, waitUntilOk } from './processes';
import { machine, median, writeSection } from './report';

const RUNNERS = Number(process.env.RUNNERS ?? 500);
const PHOTOS = Number(process.env.PHOTOS ?? 8000);
const PROCESS_COUNTS = (process.env.PROCESS_COUNTS ?? '1,2').split(',').map(Number);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.PEAK_PORT ?? 4700);
const PAGE_SIZE = 40;
const GALLERY_PAGES = [2, 3, 4];
const VIEWER_OPENS = 10;
/** Readiness samples before the load, one after another, per process. */
const IDLE_SAMPLES = 100;
/**
 * Under load a readiness request leaves every PROBE_EVERY_MS per process whether or not the one
 * before has answered (as a load balancer's health check does): waiting for each answer would take
 * only a handful of samples when answers take seconds.
 */
const PROBE_EVERY_MS = 250;

type Step =
  | 'health (app start)'
  | 'photos-preview'
  | 'cart totals'
  | 'users/me'
  | 'album list'
  | 'POST check-in (open by code)'
  | 'album by code, first page'
  | 'gallery tree'
  | 'price list'
  | 'gallery page of 40'
  | 'viewer open (preview bytes)'
  | 'favourite';

interface Timing {
  step: Step;
  ms: number;
  status: number;
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

/** One request timed to its last byte; its status and the body as text (or its length for bytes). */
async function timed(
  timings: Timing[],
  step: Step,
  url: string,
  init: RequestInit,
): Promise<{ status: number; text: string; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  timings.push({ step, ms: performance.now() - started, status: response.status });
  const binary = (response.headers.get('content-type') ?? '').startsWith('image/');
  return { status: response.status, text: binary ? '' : body.toString('utf8'), bytes: body.length };
}

interface MediaItem {
  id: number;
  preview_url: string;
}

/** One runner's visit, request after request; throws at the first answer the app could not use. */
async function visit(base: string, runner: Runner, address: string, timings: Timing[]): Promise<number> {
  const headers = { authorization: `Token ${runner.token}`, 'x-forwarded-for': address };
  const json = { ...headers, 'content-type': 'application/json' };
  const get = async (step: Step, path: string) => {
    const r = await timed(timings, step, `${base}/api${path}`, { headers });
    if (r.status !== 200) throw new Error(`${step}: ${r.status} ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text) as unknown;
  };
  let previewBytes = 0;
  await get('health (app start)', '/health');
  const preview = (await get('photos-preview', `/v2/photos-preview/?picacode=${runner.code}`)) as {
    tags?: string[];
  };
  await get('cart totals', '/cart/totals/');
  await get('users/me', '/v2/users/me/?include_perms=true');
  await get('album list', '/v3/checkins/?page=1&page_size=12');
  const created = await timed(timings, 'POST check-in (open by code)', `${base}/api/v2/checkins/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      picacode: runner.code,
      platform: 'site',
      ...(preview.tags?.length ? { tags: preview.tags } : {}),
    }),
  });
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`check-in: ${created.status} ${created.text.slice(0, 200)}`);
  const album = (await get(
    'album by code, first page',
    `/v3/checkins/by-code/${runner.code}/?expand_pica_service=true&include_photos_summary=true&include_first_page=true`,
  )) as { id: number; first_page?: { results: MediaItem[] } };
  const items: MediaItem[] = [...(album.first_page?.results ?? [])];
  await get('gallery tree', `/v3/checkins/${album.id}/gallery_tree/0/tree/`);
  await get('price list', `/v3/checkins/${album.id}/gallery_tree/0/price_list/`);
  for (const page of GALLERY_PAGES) {
    const answer = (await get(
      'gallery page of 40',
      `/v3/checkins/${album.id}/gallery_tree/0/media/?page=${page}&page_size=${PAGE_SIZE}&extras=true`,
    )) as { results: MediaItem[] };
    items.push(...answer.results);
  }
  if (items.length < VIEWER_OPENS * 4) throw new Error(`only ${items.length} photos in the album`);
  // The runner opens ten photos spread over what they scrolled through.
  const step = Math.floor(items.length / VIEWER_OPENS);
  const opened = Array.from({ length: VIEWER_OPENS }, (_, i) => items[i * step]!);
  for (const media of opened) {
    const r = await timed(timings, 'viewer open (preview bytes)', new URL(media.preview_url, base).href, {
      headers: { 'x-forwarded-for': address },
    });
    if (r.status !== 200 || r.bytes < 1000) throw new Error(`preview: ${r.status}, ${r.bytes} bytes`);
    previewBytes += r.bytes;
  }
  const favourite = await timed(
    timings,
    'favourite',
    `${base}/api/v3/medias/${opened[3]!.id}/add-favorite/`,
    {
      method: 'POST',
      headers,
    },
  );
  if (favourite.status !== 200 && favourite.status !== 201)
    throw new Error(`favourite: ${favourite.status} ${favourite.text.slice(0, 200)}`);
  return previewBytes;
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

async function run(processes: number): Promise<{ result: RunResult; data: PeakData }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `fotodrop_peak_${process.pid}_${processes}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
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
  try {
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
          const bytes = await visit(urls[i % processes]!, runner, address, timings);
          previewBytesRead += bytes;
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
        cpu: { api, postgres, client: (client.user + client.system) / 1e6 },
        load: loadAverage,
      },
    };
  } finally {
    await db.end().catch(() => {});
    for (const proc of procs) await stop(proc);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
const times = (n: number) => `${n >= 10 ? Math.round(n) : n.toFixed(1)}×`;

const STEPS: Step[] = [
  'health (app start)',
  'photos-preview',
  'cart totals',
  'users/me',
  'album list',
  'POST check-in (open by code)',
  'album by code, first page',
  'gallery tree',
  'price list',
  'gallery page of 40',
  'viewer open (preview bytes)',
  'favourite',
];

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
const requestsPerVisit = 9 + GALLERY_PAGES.length + VIEWER_OPENS + 1;
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
same run). PostgreSQL 15 on the same machine; API processes \`main.ts\` with \`WORKERS=off\`,
\`STORAGE=local\`, \`TRUST_PROXY=1\`; the load generator (one Node process) shares the 2 cores.

Data: the demo marathon with ${data.photos.toLocaleString('en')} published photos, ${RUNNERS} runners imported by CSV
(\`POST …/participants/import/\`, each a code scoped to their bib); a photo carries several bibs,
so each album differs and holds ${data.albumPhotos.min === data.albumPhotos.max ? data.albumPhotos.min : `${data.albumPhotos.min}–${data.albumPhotos.max}`} photos; every preview a real
${Math.round(data.previewBytes / 1024)} KB JPEG (1280 px) on disk. Each runner is logged in and taps their e-mail's link
(\`/preview?picacode=CODE\`); the visit is ${requestsPerVisit} requests one after another, as the web app makes
them: the app's start (health, photos-preview, cart totals, users/me, album list), the album
opened by code (POST check-in, lookup by code with the first page, gallery tree, price list),
gallery pages 2–4 of 40, ${VIEWER_OPENS} viewer opens (the preview's bytes: the viewer makes no other
API call) and one favourite. Grid thumbnails are not replayed. All runners start at once (no ramp);
each has its own address (X-Forwarded-For behind TRUST_PROXY=1, as behind a proxy: the product's
limits unchanged). The readiness route is sampled ${IDLE_SAMPLES}× per process one after another before
the load, then a request every ${PROBE_EVERY_MS} ms per process during it, each timed to its answer (a
load balancer's health check). Times are from the client, queueing included; CPU seconds are read
from \`/proc\` (API processes; the PostgreSQL backends of the run's database; the bench process).

${sections.join('\n\n')}${comparison}`,
);
