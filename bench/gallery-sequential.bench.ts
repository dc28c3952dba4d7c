// Server time of the album's gallery page, sequentially (issue 20: "a 40-photo gallery page ≤ 2.5 ms
// of server time against 1.0 ms for the readiness route"). One keep-alive connection, one request at
// a time, from a client in a worker thread (not on the server's event loop): the latency over
// loopback is the server's time plus a constant of the socket and the client. Each step asks the
// readiness route and then the next gallery page (40 a page with tab counts, as the album asks it),
// so both see the same load; the machine is shared, so the figure that counts is the ratio of the
// medians, per round, and its median over ROUNDS rounds.
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Database } from '../apps/server/src/db/client';
import {
  type AlbumMediaQuery,
  albumMediaRepository,
} from '../apps/server/src/repositories/album-media.repository';
import { checkinsRepository } from '../apps/server/src/repositories/checkins.repository';
import type { Services } from '../apps/server/src/services/services';
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

/**
 * Where a page's time goes, in the server process: CPU time (process.cpuUsage, less noisy than the
 * wall clock on a loaded machine) of the page's parts, each called alone, interleaved, medians, as
 * multiples of the readiness route's query. Parts: the album lookup with the session and tab counts,
 * the rows of a page by ids from the album's kept order, both in one statement (what a page runs
 * once the order is kept and the process has seen the album's request shape: page-guess.ts), the
 * rows of page 1 read from the ordered index (an album's first pages before that), and the whole
 * service call.
 */
async function breakdown(database: Database, services: Services, token: string, checkinId: number) {
  const session = () => {
    const deferred = services.auth.deferSession(`Token ${token}`, 'user');
    if (!deferred) throw new Error('the token does not parse');
    return deferred;
  };
  const { keyHash, now } = session();
  const albums = checkinsRepository(database.db);
  const extras = { counts: true, galleries: false, bought: true } as const;
  const found = await albums.findCompleteAlbumForSession(keyHash, now, checkinId, extras);
  if (!found) throw new Error('the album is not found');
  const q: AlbumMediaQuery = {
    userId: found.session.user.id,
    scopes: [found.album.scope],
    galleryIds: null,
    favouritesOnly: false,
  };
  const repo = albumMediaRepository(database.db);
  const order = await repo.orderedIds(q);
  const deep = (i: number) => 10 + (i % Math.max(1, Math.floor(order.length / PAGE_SIZE) - 10));
  const parts: [string, (i: number) => Promise<unknown>][] = [
    ["`select 1` (the readiness route's query)", () => database.executeSql('select 1', [])],
    [
      'album + session + tab counts (one statement)',
      () => albums.findCompleteAlbumForSession(keyHash, now, checkinId, extras),
    ],
    [
      'rows of a deep page (40 by id)',
      (i) => repo.rowsOf(q.userId, order.slice(deep(i) * PAGE_SIZE, (deep(i) + 1) * PAGE_SIZE)),
    ],
    [
      'album + session + tab counts + rows of a deep page (one statement, what a page runs)',
      (i) =>
        albums.findCompleteAlbumForSession(
          keyHash,
          now,
          checkinId,
          extras,
          order.slice(deep(i) * PAGE_SIZE, (deep(i) + 1) * PAGE_SIZE),
        ),
    ],
    [
      'rows of page 1 read from the ordered index (before the order is kept)',
      () => repo.page(q, 1, PAGE_SIZE),
    ],
    [
      'the whole page in the service (deep pages)',
      (i) =>
        services.albumMedia.galleryMedia(session(), checkinId, 0, {
          page: deep(i) + 1,
          page_size: PAGE_SIZE,
          extras: 'true',
        }),
    ],
  ];
  const times: number[][] = parts.map(() => []);
  for (let i = 0; i < WARMUP + STEPS; i++) {
    for (const [k, [, part]] of parts.entries()) {
      const start = process.cpuUsage();
      await part(i);
      const { user, system } = process.cpuUsage(start);
      if (i >= WARMUP) times[k]!.push((user + system) / 1000);
    }
  }
  const reference = median(times[0]!);
  return parts.map(([label], k) => {
    const m = median(times[k]!);
    return `| ${label} | ${m.toFixed(2)} ms | ${(m / reference).toFixed(1)}× |`;
  });
}

interface Round {
  ready: number;
  page: number;
}

async function measureBackend(backend: Backend): Promise<{ rounds: Round[]; parts: string[] | null }> {
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
      await worker.terminate();
      const parts =
        backend === 'pglite' && ONLY === null
          ? await breakdown(database, server.services, token, checkinId)
          : null;
      return { rounds, parts };
    } finally {
      await worker.terminate();
      await server.close();
    }
  } finally {
    await database.destroy();
  }
}

const name = (backend: Backend) =>
  backend === 'postgres' ? 'PostgreSQL 15 (a server on the same machine)' : 'PGlite (in the server process)';

const rows: string[] = [];
let breakdownRows: string[] | null = null;
const loadBefore = loadavg();
for (const backend of BACKENDS) {
  const { rounds, parts } = await measureBackend(backend);
  breakdownRows ??= parts;
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
${rows.join('\n')}
${
  breakdownRows
    ? `
Where a PGlite page's time goes, in the server process: CPU time of each part called alone, interleaved,
${STEPS} times after ${WARMUP} (medians), beside the readiness route's query.

| part of the page | CPU time, median | × \`select 1\` |
| --- | --- | --- |
${breakdownRows.join('\n')}`
    : ''
}`,
);
