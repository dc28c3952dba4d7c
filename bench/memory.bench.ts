// Memory of the embedded default at rest, and what a selfie then waits (issue 17, item 14). The
// server runs as `npm start` runs it (embedded PGlite in a fresh DATA_DIR, demo seeded, the demo's
// photos processed by the job workers in the same process), in a child process whose resident
// memory is read from /proc. Once the demo is processed and indexed, and the engines had their
// idle time to stop, RSS is sampled at rest; then selfies are timed: a first one after the engine
// stopped (it waits for a thread to start and load the model) and a second one right after it
// (a warm engine: the in-run reference). The shares of RSS come from /proc/<pid>/smaps.
//
// BEFORE=1 writes the figures as the "before" row (run on the code before the change); a run
// without it measures the code as it is and reports both rows.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { machine, median, writeSection } from './report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BEFORE_FILE = fileURLToPath(new URL('./memory-before.json', import.meta.url));
const MiB = 2 ** 20;
/** The demo's size as `npm start` seeds it (DEMO_PHOTOS' default). */
const DEMO_PHOTOS = Number(process.env.DEMO_PHOTOS ?? 240);
/** Engine idle time for the bench: short, so the run stays within minutes (the default is minutes). */
const IDLE_SECONDS = Number(process.env.ENGINE_IDLE_SECONDS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const FACE_EVENT = { code: 'SELFIE24', slug: 'f4ce5e1f' };
const BEFORE = process.env.BEFORE === '1';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(dataDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DEMO_PHOTOS: String(DEMO_PHOTOS),
      ENGINE_IDLE_SECONDS: String(IDLE_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error('server did not start within 180 s');
    }
    await sleep(200);
  }
  return { child, url, pid: child.pid as number, log: () => log };
}

async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
async function threads(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** RSS at rest: the median of `seconds` of samples. */
async function restingRss(pid: number, seconds = 5): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < seconds * 4; i++) {
    samples.push(await rss(pid));
    await sleep(250);
  }
  return median(samples);
}

interface Shares {
  /** WebAssembly memories (each a reservation of ≥ 4 GiB of address space): RSS of each, largest first. */
  wasm: number[];
  /** The main thread's malloc heap (brk). */
  heap: number;
  /** Other anonymous memory: the V8 heaps, thread stacks, the malloc arenas of threads (libvips, workers). */
  otherAnon: number;
  /** Mapped files: node, sharp's libvips and the other libraries' code and data. */
  files: number;
}

interface Mapping {
  start: number;
  end: number;
  perms: string;
  path: string;
  rss: number;
}

/**
 * Where the process' RSS sits, by mapping (from /proc/<pid>/smaps). V8 reserves a WebAssembly
 * memory as one inaccessible range of ≥ 4 GiB and opens its start as it grows, so a memory is an
 * anonymous mapping followed directly by such a range.
 */
async function shares(pid: number): Promise<Shares> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const mappings: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      mappings.push({
        start: Number.parseInt(head[1] as string, 16),
        end: Number.parseInt(head[2] as string, 16),
        perms: head[3] as string,
        path: head[4] ?? '',
        rss: 0,
      });
      continue;
    }
    const rssLine = /^Rss:\s+(\d+) kB/.exec(line);
    const last = mappings.at(-1);
    if (rssLine && last) last.rss = Number(rssLine[1]) * 1024;
  }
  const result: Shares = { wasm: [], heap: 0, otherAnon: 0, files: 0 };
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const guard =
      next &&
      next.start === m.end &&
      next.path === '' &&
      next.perms.startsWith('---') &&
      next.end - next.start >= 4 * 2 ** 30;
    if (m.path === '[heap]') result.heap += m.rss;
    else if (m.path.startsWith('/')) result.files += m.rss;
    else if (m.path === '' && guard && m.perms.startsWith('rw')) result.wasm.push(m.rss);
    else result.otherAnon += m.rss;
  });
  result.wasm = result.wasm.filter((b) => b > MiB).sort((a, b) => b - a);
  return result;
}

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Token ${init.token}`;
  const r = await fetch(url, { ...init, headers: { ...headers, ...(init.headers as object) } });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** Waits until the demo's photos are ingested, processed and the face event's ones indexed. */
async function waitForDemo(server: Awaited<ReturnType<typeof startServer>>) {
  const login = await json(`${server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    body: JSON.stringify({ username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' }),
  });
  const token = login.body.token as string;
  const started = performance.now();
  for (;;) {
    const queued = server.log().includes('demo photos queued for processing');
    const events = await json(`${server.url}/api/organiser/v1/events/`, { token });
    const counts = (events.body.results as { media_counts: { processing: number; ready: number } }[]).map(
      (e) => e.media_counts,
    );
    const processing = counts.reduce((n, c) => n + c.processing, 0);
    const ready = counts.reduce((n, c) => n + c.ready, 0);
    const faces = (
      await json(`${server.url}/api/organiser/v1/events/${FACE_EVENT.slug}/face-index/`, { token })
    ).body as { media: number; indexed: number; waiting: number; faces: number };
    if (queued && processing === 0 && faces.media > 0 && faces.waiting === 0 && faces.indexed === faces.media)
      return { ms: performance.now() - started, ready, faces };
    if (performance.now() - started > 20 * 60_000) throw new Error('the demo was not processed in 20 min');
    await sleep(2000);
  }
}

/** A selfie: a face of the first sample photograph, which the demo's face event photos show. */
async function selfieImage(): Promise<Buffer> {
  const sample = join(ROOT, 'node_modules/@vladmandic/face-api/demo/sample1.jpg');
  return sharp(sample).extract({ left: 733, top: 334, width: 400, height: 400 }).png().toBuffer();
}

let participants = 0;
/** A new participant with the face event's album, then one selfie, timed: answer and search done. */
async function timedSelfie(url: string, image: Buffer) {
  const email = `memory-bench-${Date.now()}-${participants++}@example.com`;
  const signup = await json(`${url}/api/v2/users/create/`, {
    method: 'POST',
    body: JSON.stringify({
      email,
      password1: 'Trail-run-2026',
      password2: 'Trail-run-2026',
      first_name: 'Bench',
      last_name: 'Runner',
      is_adult: true,
      accept_terms: true,
      marketing_consent: false,
      language: 'en',
    }),
  });
  const token = signup.body.token as string;
  if (!token) throw new Error(`sign-up failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const album = await json(`${url}/api/v2/checkins/`, {
    method: 'POST',
    token,
    body: JSON.stringify({ picacode: FACE_EVENT.code }),
  });
  const id = album.body.id as number;
  const form = new FormData();
  form.set('consent', 'true');
  form.set('selfie', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'selfie.png');
  const started = performance.now();
  const added = await fetch(`${url}/api/v2/checkins/${id}/add-face/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  const answerMs = performance.now() - started;
  if (added.status !== 201) throw new Error(`add-face answered ${added.status}: ${await added.text()}`);
  for (;;) {
    const status = await json(`${url}/api/v3/checkins/${id}/face-inference-status/`, { token });
    if (status.body.status === 'completed')
      return {
        answerMs,
        searchMs: performance.now() - started,
        matched: status.body.matched_count as number,
      };
    if (status.body.status === 'failed') throw new Error('the face search failed');
    if (performance.now() - started > 120_000) throw new Error('the face search took over 2 min');
    await sleep(50);
  }
}

interface Figures {
  commit: string;
  machine: string;
  demo: { photos: number; ready: number; faces: number; processingS: number };
  peakMiB: number;
  idleMiB: number;
  idleThreads: number;
  shares: { wasmMiB: number[]; heapMiB: number; otherAnonMiB: number; filesMiB: number };
  afterSelfieMiB: number;
  cold: { answerMs: number[]; searchMs: number[] };
  warm: { answerMs: number[]; searchMs: number[] };
  matched: number[];
}

const mib = (bytes: number) => Math.round(bytes / MiB);

async function measure(): Promise<Figures> {
  const image = await selfieImage();
  const dataDir = await mkdtemp(join(tmpdir(), 'fotodrop-memory-'));
  const server = await startServer(dataDir);
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rss(server.pid).catch(() => 0));
      await sleep(200);
    }
  })();
  try {
    const demo = await waitForDemo(server);
    console.log(
      `demo processed in ${Math.round(demo.ms / 1000)} s: ${demo.ready} ready, ${demo.faces.faces} faces`,
    );
    // the engines' idle time, and a margin for the threads to end and their memory to return
    await sleep((IDLE_SECONDS + 10) * 1000);
    const idle = await restingRss(server.pid);
    const idleThreads = await threads(server.pid);
    const where = await shares(server.pid);
    console.log(`idle RSS ${mib(idle)} MiB, ${idleThreads} threads`);
    const cold = { answerMs: [] as number[], searchMs: [] as number[] };
    const warm = { answerMs: [] as number[], searchMs: [] as number[] };
    const matched: number[] = [];
    let afterSelfie = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await sleep((IDLE_SECONDS + 5) * 1000);
      const first = await timedSelfie(server.url, image);
      const second = await timedSelfie(server.url, image);
      cold.answerMs.push(first.answerMs);
      cold.searchMs.push(first.searchMs);
      warm.answerMs.push(second.answerMs);
      warm.searchMs.push(second.searchMs);
      matched.push(first.matched, second.matched);
      if (round === 0) afterSelfie = await rss(server.pid);
      console.log(
        `round ${round + 1}: cold ${Math.round(first.answerMs)} / ${Math.round(first.searchMs)} ms, warm ${Math.round(second.answerMs)} / ${Math.round(second.searchMs)} ms`,
      );
    }
    return {
      commit: gitCommit(),
      machine: machine(),
      demo: {
        photos: DEMO_PHOTOS,
        ready: demo.ready,
        faces: demo.faces.faces,
        processingS: Math.round(demo.ms / 1000),
      },
      peakMiB: mib(peak),
      idleMiB: mib(idle),
      idleThreads,
      shares: {
        wasmMiB: where.wasm.map(mib),
        heapMiB: mib(where.heap),
        otherAnonMiB: mib(where.otherAnon),
        filesMiB: mib(where.files),
      },
      afterSelfieMiB: mib(afterSelfie),
      cold,
      warm,
      matched,
    };
  } finally {
    sampling = false;
    await sampler;
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

function gitCommit(): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return r.stdout.trim() || 'unknown';
}

const figures = await measure();
if (BEFORE) {
  writeFileSync(BEFORE_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
} else {
  const before = existsSync(BEFORE_FILE) ? (JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) as Figures) : null;
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  const row = (label: string, f: Figures) =>
    `| ${label} | ${f.idleMiB} MiB | ${f.idleThreads} | ${f.peakMiB} MiB | ${f.afterSelfieMiB} MiB | ${ms(f.cold.answerMs)} (${ms(f.cold.searchMs)}) | ${ms(f.warm.answerMs)} (${ms(f.warm.searchMs)}) |`;
  const split = (label: string, f: Figures) =>
    `| ${label} | ${f.shares.wasmMiB.join(' + ') || '—'} MiB | ${f.shares.heapMiB} MiB | ${f.shares.otherAnonMiB} MiB | ${f.shares.filesMiB} MiB |`;
  writeSection(
    'memory',
    `### Memory of the embedded default at rest (\`npm run bench:memory\`)

Machine: ${figures.machine}. The server as \`npm start\` runs it (embedded PGlite, demo seeded with
DEMO_PHOTOS=${figures.demo.photos}: ${figures.demo.ready} media of the own site ready, ${figures.demo.faces} faces indexed in the face event,
processed in ${figures.demo.processingS} s), measured as one child process (VmRSS of /proc). Idle RSS: median of 5 s of samples
after the demo was processed and the engines had their idle time (ENGINE_IDLE_SECONDS=${IDLE_SECONDS} in the bench) plus 10 s.
Then ${ROUNDS} rounds, each after the idle time: a first selfie (the engine stopped: it waits for a thread
and the model) and a second right after it (warm engine, the in-run reference); add-face's answer, and in
brackets until the album's search completed. Medians; the machine is shared, so timings are noisy.
Before: ${before ? `measured on ${before.machine.split(', ').at(-1)} with the code before the change` : 'not measured'}.

| code | idle RSS | threads | peak RSS | RSS after a selfie | first selfie (engine stopped) | warm selfie (reference) |
| --- | --- | --- | --- | --- | --- | --- |
${before ? `${row('before (engines kept)', before)}\n` : ''}${row('now', figures)}

Where the idle RSS sits (/proc/<pid>/smaps): WebAssembly memories (PGlite's Postgres, face engines'
TensorFlow.js, the prefix filter), the main malloc heap, other anonymous memory (V8 heaps, thread
stacks and arenas of libvips and worker threads), mapped files (code).

| code | WebAssembly memories | malloc heap | other anonymous | files |
| --- | --- | --- | --- | --- |
${before ? `${split('before', before)}\n` : ''}${split('now', figures)}`,
  );
}
