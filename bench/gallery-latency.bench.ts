// Album page throughput on both databases: one album code that sees a 10,000-photo album (in an
// event of twice as many photos), 50 concurrent clients (autocannon), p50, p99 and requests/s of
// the calls the album screen makes. References in the same run, under the same load: the health
// route (`/api/health`) and, where the server has it, the readiness route (`/api/health/ready`).
// The machine is shared: each round measures the references and then every request; the ratios
// are per round and the table shows medians over ROUNDS rounds.
import autocannon from 'autocannon';
import { type Backend, createTestDatabase } from '../apps/server/test/databases';
import { startBenchServer } from './bench-server';
import { openAlbum, seedLargeAlbum } from './large-album';
import { machine, median, writeSection } from './report';

const PHOTOS = Number(process.env.PHOTOS ?? 10_000);
const SECONDS = Number(process.env.SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = 50;
const BACKENDS = (process.env.BACKENDS ?? 'postgres,pglite').split(',') as Backend[];
const PAGE_SIZE = 40;
// `ONLY=1,3` measures only those requests (1-based, in the table's order) and prints the table
// instead of writing docs/performance.md: for profiling one route (`node --cpu-prof`).
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(',').map(Number)) : null;

interface Sample {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
}
/** What one round measured of one request, with the references of the same round. */
interface Measured extends Sample {
  health: Sample;
  ready: Sample | null;
}

async function measureBackend(backend: Backend) {
  const database = await createTestDatabase(backend);
  try {
    const { galleryIds } = await seedLargeAlbum(database, PHOTOS);
    const server = await startBenchServer(database);
    const { address } = server;
    const { token, checkinId } = await openAlbum(address);
    const headers = { authorization: `Token ${token}` };
    const pages = Math.ceil(PHOTOS / PAGE_SIZE);

    /** `{page}` in the path walks pages 1..`count` in turn. */
    const run = async (path: string, count = 1): Promise<Sample> => {
      const first = await fetch(`${address}${path.replace('{page}', '1')}`, { headers });
      if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
      const r = await autocannon({
        url: address,
        connections: CONNECTIONS,
        // The clients in a thread of their own: on the server's event loop they would take the
        // server's time, the more so the faster it answers (the health route most of all).
        workers: 1,
        duration: SECONDS,
        headers,
        requests: Array.from({ length: count }, (_, i) => ({
          method: 'GET' as const,
          path: path.replace('{page}', String(i + 1)),
        })),
      });
      return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx };
    };
    const album = `/api/v3/checkins/${checkinId}`;
    const galleryPages = Math.ceil(pages / galleryIds.length);
    const scenarios: [string, string, number][] = [
      [
        `GET gallery media as the album asks it (root, ${PAGE_SIZE} a page with tab counts), pages 1–${pages} in turn`,
        `${album}/gallery_tree/0/media/?page={page}&page_size=${PAGE_SIZE}&extras=true`,
        pages,
      ],
      [
        `GET gallery media of one gallery, pages 1–${galleryPages} in turn`,
        `${album}/gallery_tree/${galleryIds[0]}/media/?page={page}&page_size=${PAGE_SIZE}`,
        galleryPages,
      ],
      ['GET gallery tree of the root (sub-gallery counts, tab counts)', `${album}/gallery_tree/0/tree/`, 1],
      [
        `GET all-medias, pages 1–${pages} in turn`,
        `${album}/all-medias/?page={page}&page_size=${PAGE_SIZE}`,
        pages,
      ],
      [
        `GET /v3/medias/ (every album of the user), pages 1–${pages} in turn`,
        `/api/v3/medias/?page={page}&page_size=${PAGE_SIZE}`,
        pages,
      ],
    ];
    // The cart with the whole-album package: pricing it counts the photos the package covers.
    const packageLine = await fetch(`${address}/api/cart/digital-items/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ checkin_id: checkinId, order_type: 'ALL_PHOTOS' }),
    });
    if (packageLine.status === 201)
      scenarios.push(
        [`GET /cart/totals/ (the all-photos package over ${PHOTOS} photos)`, '/api/cart/totals/', 1],
        ['GET /cart/digital-items/ (that line with its thumbnails)', '/api/cart/digital-items/', 1],
      );
    if (ONLY) {
      const kept = scenarios.filter((_, i) => ONLY.has(i + 1));
      scenarios.splice(0, scenarios.length, ...kept);
    }
    // A server from before the liveness/readiness split has no readiness route.
    const hasReady = (await fetch(`${address}/api/health/ready`)).status === 200;

    const rounds: Measured[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const health = await run('/api/health');
      const ready = hasReady ? await run('/api/health/ready') : null;
      const measured: Measured[] = [];
      for (const [, path, count] of scenarios) measured.push({ ...(await run(path, count)), health, ready });
      rounds.push(measured);
      console.error(`${backend}: round ${round + 1} of ${ROUNDS} done`);
    }
    await server.close();
    return { labels: scenarios.map(([label]) => label), rounds, hasReady };
  } finally {
    await database.destroy();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;

function table(result: Awaited<ReturnType<typeof measureBackend>>): string {
  const { labels, rounds, hasReady } = result;
  const med = (pick: (m: Measured) => number, i: number) => median(rounds.map((r) => pick(r[i]!)));
  const first = rounds.map((r) => r[0]!);
  const ref = (pick: (m: Measured) => Sample | null) => {
    const samples = first.map(pick).filter((s): s is Sample => s !== null);
    if (samples.length === 0) return null;
    return {
      p50: median(samples.map((s) => s.p50)),
      p99: median(samples.map((s) => s.p99)),
      rps: median(samples.map((s) => s.rps)),
    };
  };
  const health = ref((m) => m.health);
  const ready = ref((m) => m.ready);
  const lines = [
    '| request | p50 | p99 | requests/s | non-2xx | throughput vs /api/health | vs /api/health/ready | p50 × health |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  if (health)
    lines.push(
      `| \`GET /api/health\` (reference) | ${ms(health.p50)} | ${ms(health.p99)} | ${Math.round(health.rps)} | 0 | 1/1 | | |`,
    );
  lines.push(
    ready
      ? `| \`GET /api/health/ready\` (reference) | ${ms(ready.p50)} | ${ms(ready.p99)} | ${Math.round(ready.rps)} | 0 | | 1/1 | |`
      : '| `GET /api/health/ready` | not on this server | | | | | | |',
  );
  labels.forEach((label, i) => {
    const rps = med((m) => m.rps, i);
    const vsHealth = med((m) => m.health.rps / Math.max(m.rps, 0.1), i);
    const vsReady = hasReady ? `1/${med((m) => m.ready!.rps / Math.max(m.rps, 0.1), i).toFixed(1)}` : '–';
    const p50x = med((m) => m.p50 / Math.max(m.health.p50, 1), i);
    const non2xx = rounds.reduce((n, r) => n + r[i]!.non2xx, 0);
    lines.push(
      `| ${label} | ${ms(med((m) => m.p50, i))} | ${ms(med((m) => m.p99, i))} | ${Math.round(rps)} | ${non2xx} | 1/${vsHealth.toFixed(1)} | ${vsReady} | ${p50x.toFixed(1)}× |`,
    );
  });

  return lines.join('\n');
}

const sections: string[] = [];
for (const backend of BACKENDS) {
  const result = await measureBackend(backend);
  sections.push(
    `#### ${backend === 'postgres' ? 'PostgreSQL 15 (a server on the same machine)' : 'PGlite (in the server process)'}\n\n${table(result)}`,
  );
}
(ONLY ? (_name: string, body: string) => console.log(body) : writeSection)(
  'gallery',
  `### Album pages beside the health route (\`npm run bench:gallery\`)

Machine: ${machine()}. One album code seeing ${PHOTOS.toLocaleString('en')} photos in four galleries (an event of
${(PHOTOS * 2).toLocaleString('en')}, beside ${(PHOTOS * 2).toLocaleString('en')} of two other events), one in 25 a favourite, one in 500 removed;
autocannon, ${CONNECTIONS} connections in a worker thread, ${SECONDS} s a request, server and load generator sharing the cores. ${ROUNDS} rounds;
each round measures the references first, then every request; medians over the rounds, ratios taken
within a round. "Throughput vs /api/health": the request's requests/s as a fraction of the health
route's (1/8 means an eighth).

${sections.join('\n\n')}`,
);
