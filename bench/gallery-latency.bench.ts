// Album page latency on PostgreSQL: one album code that sees a 10,000-photo album (in an event of
// twice as many photos), 50 concurrent clients (autocannon), p50 and p99 of the calls the album
// screen makes. Reference in the same run: /api/health (one trivial query) under the same load.
import autocannon from 'autocannon';
import { startJobQueue } from '../apps/server/src/adapters/jobs/job-queue';
import { localStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { createServices } from '../apps/server/src/services/services';
import { createTestDatabase } from '../apps/server/test/databases';
import { openAlbum, seedLargeAlbum } from './large-album';
import { machine, writeSection } from './report';

const PHOTOS = Number(process.env.PHOTOS ?? 10_000);
const SECONDS = Number(process.env.SECONDS ?? 5);
const PAGE_SIZE = 40;
const database = await createTestDatabase('postgres');
try {
  const { galleryIds } = await seedLargeAlbum(database, PHOTOS);
  const jobs = await startJobQueue(database);
  const storage = localStorage('/tmp/fotodrop-bench-media');
  const mediaSecret = 'bench-secret-0123456789abcdef0123';
  const services = createServices({
    db: database.db,
    jobs,
    storage,
    mediaSecret,
    config: { TOKEN_TTL_DAYS: 30, REQUIRED_POLICIES_VERSION: 1, OIDC_PROVIDERS: [] },
  });
  const app = await buildApp({
    database,
    services,
    mailer: { outboxDir: null, send: async () => {} },
    storage,
    mediaSecret,
    publicUrl: 'http://localhost',
    webDist: null,
    logLevel: 'silent',
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token, checkinId } = await openAlbum(address);
  const headers = { authorization: `Token ${token}` };
  const pages = Math.ceil(PHOTOS / PAGE_SIZE);

  /** `{page}` in the path walks pages 1..`count` in turn. */
  const run = async (path: string, count = 1) => {
    const first = await fetch(`${address}${path.replace('{page}', '1')}`, { headers });
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
    return autocannon({
      url: address,
      connections: 50,
      duration: SECONDS,
      headers,
      requests: Array.from({ length: count }, (_, i) => ({
        method: 'GET' as const,
        path: path.replace('{page}', String(i + 1)),
      })),
    });
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
  ];
  // Skipped on a server without it: a run on an older checkout, for a before/after comparison.
  if ((await fetch(`${address}/api/v3/medias/`, { headers })).status === 200)
    scenarios.push([
      `GET /v3/medias/ (every album of the user, counted each time), pages 1–${pages} in turn`,
      `/api/v3/medias/?page={page}&page_size=${PAGE_SIZE}`,
      pages,
    ]);
  // The cart with the whole-album package: pricing it reads every photo the package covers.
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
  // The machine is shared: each request is measured right after the reference, and compared to it.
  const rows: string[] = [];
  for (const [label, path, count] of scenarios) {
    const health = await run('/api/health');
    const r = await run(path, count);
    const ratio = r.latency.p50 / Math.max(health.latency.p50, 1);
    rows.push(
      `| ${label} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${Math.round(r.requests.average)} | ${r.non2xx} | ${health.latency.p50} ms | ${ratio.toFixed(1)}× |`,
    );
  }
  await app.close();
  await jobs.stop();
  writeSection(
    'gallery',
    `### Album pages on PostgreSQL (\`npm run bench:gallery\`)

Machine: ${machine()}. PostgreSQL 15 on the same machine; one album code seeing ${PHOTOS.toLocaleString('en')} photos
in four galleries (an event of ${(PHOTOS * 2).toLocaleString('en')}, beside ${(PHOTOS * 2).toLocaleString('en')} of two other events), one in 25 a favourite,
one in 500 removed; autocannon, 50 connections, ${SECONDS} s each, server and load generator sharing the two
cores. Each request runs right after \`GET /api/health\` (one trivial query), the reference it is compared to.

| request | p50 | p99 | requests/s | non-2xx | health p50 just before | p50 × health |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`,
  );
} finally {
  await database.destroy();
}
