// One selfie search (two descriptors of one person) at 10k, 100k and 1M faces in one event, for
// each FaceIndex: the exact scan on PostgreSQL and PGlite, and pgvector (HNSW) on PGlite; recall of
// pgvector against the exact scan; build and load times. Synthetic descriptors shaped like real ones
// (apps/server/test/synthetic-faces.ts). Reference in the same run: a plain loop computing the
// full distance to every face (no early abandon), the cost the exact index must beat.
// SIZES=10000,100000 limits the sizes; PGVECTOR_MAX caps pgvector (building HNSW in WASM is slow).
import { exactFaceIndex } from '../apps/server/src/adapters/faces/exact-face-index';
import type { FaceIndex } from '../apps/server/src/adapters/faces/face-index';
import { HNSW_INDEX_SQL, pgvectorFaceIndex } from '../apps/server/src/adapters/faces/pgvector-face-index';
import { createTestDatabase, type TestDatabase } from '../apps/server/test/databases';
import { syntheticFaces } from '../apps/server/test/synthetic-faces';
import { machine, median, writeSection } from './report';

const SIZES = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
const PGVECTOR_MAX = Number(process.env.PGVECTOR_MAX ?? 1_000_000);
/** INDEXES=postgres-exact,pglite-exact,pgvector limits the indexes measured. */
const INDEXES = (process.env.INDEXES ?? 'postgres-exact,pglite-exact,pgvector').split(',');
const QUERIES = Number(process.env.QUERIES ?? 21);
const faces = syntheticFaces(42);

interface Event {
  people: Float32Array[];
  descriptors: Float32Array[];
}
/** n faces: people with 1–10 faces each, like participants of a big event. */
function makeEvent(n: number): Event {
  const people: Float32Array[] = [];
  const descriptors: Float32Array[] = [];
  while (descriptors.length < n) {
    const person = faces.person();
    people.push(person);
    const count = 1 + (people.length % 10);
    for (let i = 0; i < count && descriptors.length < n; i++) descriptors.push(faces.face(person, 0.3));
  }
  return { people, descriptors };
}

async function fill(database: TestDatabase, event: Event) {
  const sql = database.executeSql;
  const { rows: orgs } = await sql(
    "insert into organisations (app_name, name) values ('bench', 'Bench') returning id",
  );
  const { rows } = await sql(
    `insert into photo_services (organisation_id, slug, name, experience_type, start_date, end_date)
     values ($1, 'bench', 'Bench', 'event', '2026-05-01', '2026-05-02') returning id`,
    [(orgs[0] as { id: number }).id],
  );
  const serviceId = (rows[0] as { id: number }).id;
  const stored: { id: number; photoServiceId: number; mediaId: number; descriptor: Float32Array }[] = [];
  const BATCH = 5000;
  for (let i = 0; i < event.descriptors.length; i += BATCH) {
    const chunk = event.descriptors.slice(i, i + BATCH);
    const { rows: media } = await sql(
      `insert into media (photo_service_id, type, status) select $1, 'photo', 'ready'
       from generate_series(1, $2::int) returning id`,
      [serviceId, chunk.length],
    );
    const { rows: inserted } = await sql(
      `insert into faces (media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
       select m, $1, '{"x":0,"y":0,"width":0.1,"height":0.1}', '[]', 0.9, 100, d::real[]
       from unnest($2::int[], $3::text[]) x(m, d) returning id, media_id`,
      [
        serviceId,
        media.map((m) => (m as { id: number }).id),
        chunk.map((d) => `{${Array.from(d, (x) => x.toFixed(6)).join(',')}}`),
      ],
    );
    inserted.forEach((r, j) => {
      const row = r as { id: number; media_id: number };
      stored.push({ id: row.id, photoServiceId: serviceId, mediaId: row.media_id, descriptor: chunk[j]! });
    });
  }
  return { serviceId, stored };
}

/** Full distances to every face, no early abandon: the naive cost of one query. */
function naive(event: Event, query: Float32Array): number {
  let within = 0;
  for (const d of event.descriptors) {
    let s = 0;
    for (let k = 0; k < 128; k++) {
      const x = (d[k] as number) - (query[k] as number);
      s += x * x;
    }
    if (s <= 0.36) within++;
  }
  return within;
}

async function timeSearches(index: FaceIndex, serviceId: number, event: Event) {
  const times: number[] = [];
  const results: Set<number>[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const person = event.people[(q * 7919) % event.people.length]!;
    const selfies = [faces.face(person, 0.2), faces.face(person, 0.2)];
    const t = performance.now();
    const hits = await index.search(serviceId, selfies, 0.6);
    times.push(performance.now() - t);
    results.push(new Set(hits.map((h) => h.faceId)));
  }
  return { times, results };
}

const rows: string[] = [];
for (const size of SIZES) {
  const event = makeEvent(size);
  const ref: number[] = [];
  for (let q = 0; q < 5; q++) {
    const t = performance.now();
    naive(event, faces.face(event.people[q]!, 0.2));
    ref.push(performance.now() - t);
  }
  const reference = median(ref);
  for (const [label, backend, kind] of [
    ['exact scan, PostgreSQL', 'postgres', 'exact'],
    ['exact scan, PGlite', 'pglite', 'exact'],
    ['pgvector HNSW, PGlite', 'pglite', 'pgvector'],
  ] as const) {
    if (!INDEXES.includes(kind === 'pgvector' ? 'pgvector' : `${backend}-exact`)) continue;
    if (kind === 'pgvector' && size > PGVECTOR_MAX) {
      rows.push(`| ${size.toLocaleString('en')} | ${label} | not run (PGVECTOR_MAX) | | | | |`);
      continue;
    }
    const database = await createTestDatabase(backend);
    try {
      let t = performance.now();
      const { serviceId, stored } = await fill(database, event);
      const loadSeconds = (performance.now() - t) / 1000;
      const index = kind === 'exact' ? exactFaceIndex(database.db) : pgvectorFaceIndex(database.db);
      t = performance.now();
      if (kind === 'pgvector') {
        // Built in bulk, as pgvector advises for a loaded table: the first face creates the table
        // and its index, which is dropped, filled and created again over all rows.
        await index.add(stored.slice(0, 1));
        await database.executeSql('drop index face_vectors_hnsw_idx');
        await index.add(stored.slice(1));
        await database.executeSql("set maintenance_work_mem = '1GB'");
        await database.executeSql(HNSW_INDEX_SQL);
      } else await index.search(serviceId, [event.people[0]!], 0.6); // loads the event into memory
      const buildSeconds = (performance.now() - t) / 1000;
      const { times, results } = await timeSearches(index, serviceId, event);
      let recall = '—';
      if (kind === 'pgvector') {
        const exact = await timeSearches(exactFaceIndex(database.db), serviceId, event);
        let found = 0;
        let total = 0;
        exact.results.forEach((set, i) => {
          total += set.size;
          for (const id of set) if (results[i]!.has(id)) found++;
        });
        recall = total > 0 ? (found / total).toFixed(4) : '—';
      }
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN;
      rows.push(
        `| ${size.toLocaleString('en')} | ${label} | ${median(times).toFixed(1)} | ${p95.toFixed(1)} | ${(median(times) / reference).toFixed(2)} × | ${recall} | ${loadSeconds.toFixed(0)} s insert, ${buildSeconds.toFixed(1)} s ${kind === 'pgvector' ? 'HNSW bulk build' : 'first load'} |`,
      );
      console.log(rows.at(-1));
    } finally {
      await database.destroy();
    }
  }
  rows.push(
    `| ${size.toLocaleString('en')} | reference: full distance to every face, one query | ${reference.toFixed(1)} | | 1 × | | |`,
  );
}

writeSection(
  'face-search',
  `### Selfie search per face index (\`npm run bench:faces:search\`)

${machine()}. One event of synthetic 128-d descriptors (people with 1–10 faces each, same person
≈ 0.3–0.5 apart, others ≥ 0.9), one search = two selfie descriptors of one person within distance 0.6;
median and p95 of ${QUERIES} searches (ms, including the database round trips). Reference in the same run:
a plain loop computing the full distance from one descriptor to every face. Recall: share of the exact
scan's hits pgvector returns.

| faces | index | p50 ms | p95 ms | p50 vs reference | recall | setup |
|---:|---|---:|---:|---:|---:|---|
${rows.join('\n')}`,
);
process.exit(0);
