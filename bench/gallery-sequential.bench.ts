// Server time of the album's gallery page, sequentially (issue 20: "a 40-photo gallery page ≤ 2.5 ms
// of server time against 1.0 ms for the readiness route"). One keep-alive connection, one request at
// a time, from a client in a worker thread (not on the server's event loop): the latency over
// loopback is the server's time plus a constant of the socket and the client. Each step asks the
// readiness route and then the next gallery page (40 a page with tab counts, as the album asks it),
// so both see the same load; the machine is shared, so the figure that counts is the ratio of the
// medians, per round, and its median over ROUNDS rounds.
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Backend, createTestDatabase } from '../apps/server/test/databases';
import { startBenchServer } from './bench-server';
import { openAlbum, seedLargeAlbum } from './large-album';
import { machine, median, writeSection } from './report';

const PHOTOS = Number(process.env.PHOTOS ?? 10_000);
const STEPS = Number(process.env.STEPS ?? 1_000);
const WARMUP = Number(process.env.WARMUP ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BACKENDS = (process.env.BACKENDS ?? 'pglite,postgres').split(',') as Backend[];
const PAGE_SIZE = 40;
// `ONLY=page` asks only the gallery pages (no readiness route) and prints instead of writing
// docs/performance.md: for profiling the page (`node --cpu-prof --import tsx bench/gallery-sequential.bench.ts`).
const ONLY = process.env.ONLY ?? null;

/** The client: GETs `paths` one after another on one keep-alive connection; milliseconds each. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { origin, headers } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path) => new Promise((resolve, reject) => {
  const start = process.hrtime.bigint();
  http.get(origin + path, { agent, headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => {
      if (res.statusCode !== 200) reject(new Error(path + ' answered ' + res.statusCode));
      else resolve(Number(process.hrtime.bigint() - start) / 1e6);
    });
  }).on('error', reject);
});
parentPort.on('message', async (paths) => {
  try {
    const times = [];
    for (const path of paths) times.push(await get(path));
    parentPort.postMessage({ times });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

interface Round {
  ready: number;
  page: number;
}

async function measureBackend(backend: Backend): Promise<Round[]> {
  const database = await createTestDatabase(backend);
  try {
    await seedLargeAlbum(database, PHOTOS);
    const server = await startBenchServer(database);
    const { token, checkinId } = await openAlbum(server.address);
    const pages = Math.ceil(PHOTOS / PAGE_SIZE);
    const pagePath = (i: number) =>
      `/api/v3/checkins/${checkinId}/gallery_tree/0/media/?page=${1 + (i % pages)}&page_size=${PAGE_SIZE}&extras=true`;
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { origin: server.address, headers: { authorization: `Token ${token}` } },
    });
    const ask = (paths: string[]) =>
      new Promise<number[]>((resolve, reject) => {
        worker.once('message', (m: { times?: number[]; error?: string }) =>
          m.times ? resolve(m.times) : reject(new Error(m.error)),
        );
        worker.postMessage(paths);
      });
    const steps = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        ONLY === 'page' ? [pagePath(from + i)] : ['/api/health/ready', pagePath(from + i)],
      ).flat();
    const rounds: Round[] = [];
    try {
      await ask(steps(0, WARMUP));
      for (let round = 0; round < ROUNDS; round++) {
        const times = await ask(steps(round * STEPS, STEPS));
        const per = ONLY === 'page' ? 1 : 2;
        const page = median(times.filter((_, i) => i % per === per - 1));
        const ready = ONLY === 'page' ? Number.NaN : median(times.filter((_, i) => i % 2 === 0));
        rounds.push({ ready, page });
        console.error(
          `${backend}: round ${round + 1} of ${ROUNDS}: page ${page.toFixed(2)} ms, ready ${ready.toFixed(2)} ms`,
        );
      }
    } finally {
      await worker.terminate();
      await server.close();
    }
    return rounds;
  } finally {
    await database.destroy();
  }
}

const name = (backend: Backend) =>
  backend === 'postgres' ? 'PostgreSQL 15 (a server on the same machine)' : 'PGlite (in the server process)';

const rows: string[] = [];
const loadBefore = loadavg();
for (const backend of BACKENDS) {
  const rounds = await measureBackend(backend);
  const page = median(rounds.map((r) => r.page));
  const ready = median(rounds.map((r) => r.ready));
  const ratio = median(rounds.map((r) => r.page / r.ready));
  rows.push(`| ${name(backend)} | ${page.toFixed(2)} ms | ${ready.toFixed(2)} ms | ${ratio.toFixed(2)}× |`);
}
const loadAfter = loadavg();
const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');

(ONLY ? (_name: string, body: string) => console.log(body) : writeSection)(
  'gallery-sequential',
  `### The gallery page, one request at a time (\`npm run bench:gallery-sequential\`)

Machine: ${machine()}; load average ${load(loadBefore)} before, ${load(loadAfter)} after (1, 5, 15 min), other
agents working on the same 2 cores. The album of \`bench:gallery\` (${PHOTOS.toLocaleString('en')} photos of the runner, the
event's and two other events' photos beside them). One keep-alive connection from a client in a worker
thread; each step asks \`GET /api/health/ready\` and then the next page of the gallery as the album asks
it (root, ${PAGE_SIZE} a page, \`extras=true\`: tab counts), pages 1–${Math.ceil(PHOTOS / PAGE_SIZE)} in turn. Time: request sent to
last byte read, over loopback (the server's time plus the socket's and client's constant). ${WARMUP} warm-up steps,
then ${ROUNDS} rounds of ${STEPS} steps; medians per round, the table's figures the medians over rounds (the ratio
taken within each round).

| database | gallery page, median | readiness, median | page ÷ readiness |
| --- | --- | --- | --- |
${rows.join('\n')}`,
);
