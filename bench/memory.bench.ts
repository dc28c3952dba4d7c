// Memory of the embedded default at rest, and what a selfie then waits (issue 17, item 14). The
// server runs as `npm run serve` runs it (the environment its script sets, embedded PGlite in a
// fresh DATA_DIR, demo seeded, the demo's photos processed by the job workers in the same
// process), in a child process whose resident memory is read from /proc. Once the demo is
// processed and indexed, and the engines had their idle time to stop, RSS is sampled at rest;
// then selfies are timed, each round after the idle time: a first one sent right after the album
// asked for it (the engine stopped: it waits for a thread to start and load the model), the same
// sent SELFIE_PAUSE_SECONDS after the album asked (what a participant meets: the album's selfie
// step starts the engine while the camera is open), and one right after (a warm engine: the
// in-run reference). The shares of RSS come from /proc/<pid>/smaps, the JavaScript heaps from
// Node's diagnostic report.
//
// BEFORE="<label>" adds the run to bench/memory-before.json as an earlier row (run on the code
// before a change); a run without it measures the code as it is and reports the earlier rows too.
// DEMO_PHOTOS (default 240, as `npm start`), ROUNDS (5), ENGINE_IDLE_SECONDS (20) and SETTLE_SECONDS
// (120) make it shorter.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  reportFlags,
  restingRss,
  rss,
  type Shares,
  shares,
  threads,
  type V8Heap,
  v8Heap,
} from './process-memory';
import { machine, median, writeSection } from './report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BEFORE_FILE = fileURLToPath(new URL('./memory-before.json', import.meta.url));
const MiB = 2 ** 20;
/** The demo's size as `npm start` seeds it (DEMO_PHOTOS' default). */
const DEMO_PHOTOS = Number(process.env.DEMO_PHOTOS ?? 240);
/** Engine idle time for the bench: short, so the run stays within minutes (the default is minutes). */
const IDLE_SECONDS = Number(process.env.ENGINE_IDLE_SECONDS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** How long a participant is taken to spend on the selfie step (information, consent, camera). */
const SELFIE_PAUSE_SECONDS = Number(process.env.SELFIE_PAUSE_SECONDS ?? 10);
/** A second look at idle RSS this much later: what the garbage collector and glibc give back meanwhile. */
const SETTLE_SECONDS = Number(process.env.SETTLE_SECONDS ?? 120);
const FACE_EVENT = { code: 'SELFIE24', slug: 'f4ce5e1f' };
const BEFORE = process.env.BEFORE;

/**
 * The environment `npm run serve` gives the server: its script's leading `NAME=${NAME:-value}`
 * assignments (glibc's allocator settings), a value already set winning as in the shell.
 */
function serveEnvironment(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const env: Record<string, string> = {};
  for (const [, name, value] of (pkg.scripts.serve ?? '').matchAll(/(\w+)=\$\{\1:-([^}]*)\}/g))
    env[name as string] = process.env[name as string] ?? (value as string);
  return env;
}

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
  const args = [...reportFlags(dataDir), '--import', 'tsx', 'apps/server/src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...serveEnvironment(),
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
  return { child, url, pid: child.pid as number, dataDir, log: () => log };
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
/**
 * A new participant opens the face event's album (it answers with the selfie step, which starts
 * the engine), and after `pauseMs` sends one selfie, timed from the sending: add-face's answer,
 * and until the album's search is done.
 */
async function timedSelfie(url: string, image: Buffer, pauseMs = 0) {
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
  if (album.body.checkin_step !== 'face_recognition') throw new Error('the album did not ask for a selfie');
  const id = album.body.id as number;
  await sleep(pauseMs);
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

type Timings = { answerMs: number[]; searchMs: number[] };

interface Figures {
  /** The row's name in the tables. */
  label?: string;
  commit: string;
  machine: string;
  demo: { photos: number; ready: number; faces: number; processingS: number };
  peakMiB: number;
  idleMiB: number;
  /** Idle RSS SETTLE_SECONDS later, still without work (older runs: not measured). */
  settledMiB?: number;
  idleThreads: number;
  shares: {
    wasmMiB: number[];
    heapMiB: number;
    /** Older runs counted arenas and stacks in otherAnonMiB. */
    arenasMiB?: number;
    stacksMiB?: number;
    otherAnonMiB: number;
    filesMiB: number;
  };
  /** The main thread's JavaScript heap at rest (older runs: not measured). */
  v8?: { committedMiB: number; usedMiB: number; externalMiB: number; workers: number };
  afterSelfieMiB: number;
  cold: Timings;
  /** The first selfie sent SELFIE_PAUSE_SECONDS after the album asked (older runs: not measured). */
  paused?: Timings & { pauseS: number };
  warm: Timings;
  matched: number[];
}

const mib = (bytes: number) => Math.round(bytes / MiB);
const timings = (): Timings => ({ answerMs: [], searchMs: [] });
const note = (into: Timings, run: { answerMs: number; searchMs: number }) => {
  into.answerMs.push(run.answerMs);
  into.searchMs.push(run.searchMs);
};

function sharesInMiB(where: Shares): Figures['shares'] {
  return {
    wasmMiB: where.wasm.map(mib),
    heapMiB: mib(where.heap),
    arenasMiB: mib(where.arenas),
    stacksMiB: mib(where.stacks),
    otherAnonMiB: mib(where.otherAnon),
    filesMiB: mib(where.files),
  };
}

function heapInMiB(heap: V8Heap | null): Figures['v8'] {
  if (!heap) return undefined;
  const { committed, used, external, workers } = heap;
  return { committedMiB: mib(committed), usedMiB: mib(used), externalMiB: mib(external), workers };
}

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
    const heap = await v8Heap(server.child, dataDir);
    console.log(`idle RSS ${mib(idle)} MiB, ${idleThreads} threads`, sharesInMiB(where), heapInMiB(heap));
    await sleep(SETTLE_SECONDS * 1000);
    const settled = await restingRss(server.pid);
    console.log(`idle RSS ${SETTLE_SECONDS} s later: ${mib(settled)} MiB`);
    const cold = timings();
    const paused = timings();
    const warm = timings();
    const matched: number[] = [];
    let afterSelfie = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await sleep((IDLE_SECONDS + 5) * 1000);
      const first = await timedSelfie(server.url, image);
      const second = await timedSelfie(server.url, image);
      note(cold, first);
      note(warm, second);
      if (round === 0) afterSelfie = await rss(server.pid);
      await sleep((IDLE_SECONDS + 5) * 1000);
      const third = await timedSelfie(server.url, image, SELFIE_PAUSE_SECONDS * 1000);
      note(paused, third);
      matched.push(first.matched, second.matched, third.matched);
      const ms = (run: { answerMs: number; searchMs: number }) =>
        `${Math.round(run.answerMs)} / ${Math.round(run.searchMs)} ms`;
      console.log(
        `round ${round + 1}: cold ${ms(first)}, warm ${ms(second)}, after a ${SELFIE_PAUSE_SECONDS} s pause ${ms(third)}`,
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
      settledMiB: mib(settled),
      idleThreads,
      shares: sharesInMiB(where),
      v8: heapInMiB(heap),
      afterSelfieMiB: mib(afterSelfie),
      cold,
      paused: { ...paused, pauseS: SELFIE_PAUSE_SECONDS },
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
const earlier = existsSync(BEFORE_FILE) ? (JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) as Figures[]) : [];
if (BEFORE) {
  writeFileSync(BEFORE_FILE, `${JSON.stringify([...earlier, { ...figures, label: BEFORE }], null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
} else {
  const ms = (values: number[] | undefined) => (values?.length ? `${Math.round(median(values))} ms` : '—');
  const both = (t: Timings | undefined) => (t ? `${ms(t.answerMs)} (${ms(t.searchMs)})` : '—');
  const rows = [
    ...earlier,
    { ...figures, label: `now (${figures.commit}, DEMO_PHOTOS=${figures.demo.photos})` },
  ];
  const row = (f: Figures) =>
    `| ${f.label} | ${f.idleMiB} MiB | ${f.settledMiB === undefined ? '—' : `${f.settledMiB} MiB`} | ${f.idleThreads} | ${f.peakMiB} MiB | ${f.afterSelfieMiB} MiB | ${both(f.cold)} | ${both(f.paused)} | ${both(f.warm)} |`;
  const or = (n: number | undefined) => (n === undefined ? '—' : `${n} MiB`);
  const split = (f: Figures) =>
    `| ${f.label} | ${f.shares.wasmMiB.join(' + ') || '—'} MiB | ${f.shares.heapMiB} MiB | ${or(f.shares.arenasMiB)} | ${or(f.shares.stacksMiB)} | ${f.shares.otherAnonMiB} MiB | ${f.shares.filesMiB} MiB | ${f.v8 ? `${f.v8.committedMiB} MiB (${f.v8.usedMiB} used)` : '—'} |`;
  writeSection(
    'memory',
    `### Memory of the embedded default at rest (\`npm run bench:memory\`)

Machine: ${figures.machine}. The server as \`npm run serve\` runs it (its script's environment, embedded PGlite,
demo seeded with DEMO_PHOTOS=${figures.demo.photos}: ${figures.demo.ready} media of the own site ready, ${figures.demo.faces} faces indexed in the face event,
processed in ${figures.demo.processingS} s), measured as one child process (VmRSS of /proc). Idle RSS: median of 5 s of samples
after the demo was processed and the engines had their idle time (ENGINE_IDLE_SECONDS=${IDLE_SECONDS} in the bench) plus 10 s,
and again ${SETTLE_SECONDS} s later without work (an idle server as a visitor finds it minutes after a burst).
Then ${ROUNDS} rounds, each after the idle time: a first selfie sent as soon as the album asked for it (the engine
stopped: it waits for a thread and the model), a second right after it (warm engine, the in-run reference), and
after the idle time again a first selfie sent ${SELFIE_PAUSE_SECONDS} s after the album asked (a participant on the selfie step,
while the album's warm-up loads the engine); add-face's answer, and in brackets until the album's search completed.
Medians; the machine is shared, so timings are noisy. Earlier rows: measured with the code before each change.

| code | idle RSS | ${SETTLE_SECONDS} s later | threads | peak RSS | RSS after a selfie | first selfie at once (engine stopped) | first selfie after ${SELFIE_PAUSE_SECONDS} s on the step | warm selfie (reference) |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.map(row).join('\n')}

Where the idle RSS sits (/proc/<pid>/smaps): WebAssembly memories (PGlite's Postgres), glibc's main malloc heap
and its other arenas (threads' allocations: libvips, the engines' threads), thread stacks, other anonymous
memory (V8's heaps and code, malloc's large blocks mapped on their own), mapped files (code); and the main
thread's JavaScript heap from Node's report (part of "other anonymous"). Earlier rows counted arenas and
stacks in "other anonymous".

| code | WebAssembly memories | malloc main heap | malloc arenas | thread stacks | other anonymous | files | main JS heap |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.map(split).join('\n')}`,
  );
}
