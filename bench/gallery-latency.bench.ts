// Gallery media page latency on PostgreSQL: one album code that sees a 10,000-photo event,
// 50 concurrent clients paging its gallery (autocannon), p50 and p99. Reference in the same run:
// /api/health (one trivial query) under the same load.
import autocannon from 'autocannon';
import { startJobQueue } from '../apps/server/src/adapters/jobs/job-queue';
import { argon2Hasher } from '../apps/server/src/adapters/password-hasher';
import { localStorage } from '../apps/server/src/adapters/storage/local-storage';
import { buildApp } from '../apps/server/src/app';
import { photoServicesRepository } from '../apps/server/src/repositories/photo-services.repository';
import { seedBase, seedDemo } from '../apps/server/src/seed/demo';
import { createServices } from '../apps/server/src/services/services';
import { createTestDatabase } from '../apps/server/test/databases';
import { machine, writeSection } from './report';

const PHOTOS = Number(process.env.PHOTOS ?? 10_000);
const SECONDS = Number(process.env.SECONDS ?? 10);
const database = await createTestDatabase('postgres');
try {
  await seedBase(database.db);
  await seedDemo(database.db, argon2Hasher, 1);
  const service = (await photoServicesRepository(database.db).findBySlug('5e1a0c3d'))!;
  const gallery = (
    (
      await database.executeSql('select id from galleries where photo_service_id = $1 order by id limit 1', [
        service.id,
      ])
    ).rows[0] as { id: number }
  ).id;
  // Rows only (no files): the page query and the signing of links are what is measured.
  await database.executeSql(
    `insert into media (photo_service_id, gallery_id, type, status, tags, width, height, taken_at)
     select $1, $2, 'photo', 'ready', array['bib-1042'], 1600, 1067, now() - (g || ' seconds')::interval
     from generate_series(1, $3) g`,
    [service.id, gallery, PHOTOS],
  );
  await database.executeSql('analyze media', []);
  const jobs = await startJobQueue(database);
  const services = createServices({
    db: database.db,
    jobs,
    storage: localStorage('/tmp/fotodrop-bench-media'),
    mediaSecret: 'bench-secret-0123456789abcdef0123',
    config: { TOKEN_TTL_DAYS: 30, REQUIRED_POLICIES_VERSION: 1, OIDC_PROVIDERS: [] },
  });
  const app = await buildApp({
    database,
    services,
    mailer: { outboxDir: null, send: async () => {} },
    storage: localStorage('/tmp/fotodrop-bench-media'),
    mediaSecret: 'bench-secret-0123456789abcdef0123',
    publicUrl: 'http://localhost',
    webDist: null,
    logLevel: 'silent',
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = (await (
    await fetch(`${address}/api/api/v1/get-token-auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@fotodrop.test', password: 'Fotodrop-demo1' }),
    })
  ).json()) as { token: string };
  const headers = { authorization: `Token ${token}` };
  const checkin = (await (
    await fetch(`${address}/api/v2/checkins/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ picacode: 'K7M2Q9P' }),
    })
  ).json()) as { id: number };

  const run = (path: string, pages = 1) =>
    autocannon({
      url: address,
      connections: 50,
      duration: SECONDS,
      headers,
      requests: Array.from({ length: pages }, (_, i) => ({
        method: 'GET' as const,
        path: path.replace('{page}', String(i + 1)),
      })),
    });
  const health = await run('/api/health');
  const media = await run(
    `/api/v3/checkins/${checkin.id}/gallery_tree/0/media/?page={page}&page_size=40`,
    250,
  );
  const tree = await run(`/api/v3/checkins/${checkin.id}/gallery_tree/0/tree/`);
  await app.close();
  await jobs.stop();
  const row = (label: string, r: autocannon.Result) =>
    `| ${label} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${Math.round(r.requests.average)} | ${r.non2xx} |`;
  writeSection(
    'gallery',
    `### Gallery media pages on PostgreSQL (\`npm run bench:gallery\`)

Machine: ${machine()}. PostgreSQL 15 on the same machine; one album seeing ${PHOTOS.toLocaleString('en')} photos;
autocannon, 50 connections, ${SECONDS} s each, server and load generator sharing the two cores.

| request | p50 | p99 | requests/s | non-2xx |
| --- | --- | --- | --- | --- |
${row('GET /api/health (reference: one trivial query)', health)}
${row('GET gallery media, 40 per page, pages 1–250 in turn', media)}
${row('GET gallery tree (counts of every tab)', tree)}

p50 of a media page is ${(media.latency.p50 / Math.max(health.latency.p50, 1)).toFixed(1)}× the health check's.`,
  );
} finally {
  await database.destroy();
}
