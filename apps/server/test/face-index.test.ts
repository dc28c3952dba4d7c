import { describe, expect, it } from 'vitest';
import { exactFaceIndex, exactScan } from '../src/adapters/faces/exact-face-index';
import { describeFaceIndexContract } from '../src/adapters/faces/face-index-contract';
import { createFaceIndex } from '../src/adapters/faces/face-indexes';
import { pgvectorFaceIndex } from '../src/adapters/faces/pgvector-face-index';
import { createTestDatabase } from './databases';
import { syntheticFaces } from './synthetic-faces';

const faces = syntheticFaces(7);

describeFaceIndexContract(
  'exact scan on PGlite',
  async () => {
    const database = await createTestDatabase('pglite');
    return { database, index: () => exactFaceIndex(database.db), close: () => database.destroy() };
  },
  faces,
);
// read 3 faces a query here: loading and appending across pages must give the same answers
describeFaceIndexContract(
  'exact scan on PostgreSQL, loading 3 faces a query',
  async () => {
    const database = await createTestDatabase('postgres');
    return {
      database,
      index: () => exactFaceIndex(database.db, { loadPage: 3 }),
      close: () => database.destroy(),
    };
  },
  faces,
);
describeFaceIndexContract(
  'pgvector on PGlite',
  async () => {
    const database = await createTestDatabase('pglite');
    return { database, index: () => pgvectorFaceIndex(database.db), close: () => database.destroy() };
  },
  faces,
);

describe('choosing the face index', () => {
  it('takes the exact scan by default and pgvector when asked, which then finds faces stored before', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const exact = createFaceIndex(database.db);
      expect(exact.kind).toBe('exact');
      const { rows: orgs } = await database.executeSql(
        "insert into organisations (app_name, name) values ('idx', 'Idx') returning id",
      );
      const { rows: services } = await database.executeSql(
        `insert into photo_services (organisation_id, slug, name, experience_type, start_date, end_date)
         values ($1, 'abcdef12', 'Idx', 'event', '2026-05-01', '2026-05-02') returning id`,
        [(orgs[0] as { id: number }).id],
      );
      const serviceId = (services[0] as { id: number }).id;
      const { rows: media } = await database.executeSql(
        "insert into media (photo_service_id, type, status) values ($1, 'photo', 'ready') returning id",
        [serviceId],
      );
      const person = faces.person();
      const descriptor = faces.face(person, 0.2);
      await database.executeSql(
        `insert into faces (media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
         values ($1, $2, '{"x":0,"y":0,"width":0.1,"height":0.1}', '[]', 0.9, 100, $3::real[])`,
        [(media[0] as { id: number }).id, serviceId, `{${Array.from(descriptor).join(',')}}`],
      );
      expect(await exact.search(serviceId, [person], 0.6)).toHaveLength(1);
      const { rows: before } = await database.executeSql(
        "select count(*)::int as n from pg_tables where tablename = 'face_vectors'",
      );
      expect((before[0] as { n: number }).n).toBe(0);
      const pgvector = createFaceIndex(database.db, { kind: 'pgvector' });
      expect(pgvector.kind).toBe('pgvector');
      expect(await pgvector.search(serviceId, [person], 0.6)).toHaveLength(1);
    } finally {
      await database.destroy();
    }
  });
});

describe('pgvector against the exact scan', () => {
  it('finds at least 98 % of the matches the exact scan finds, across several events', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const sql = database.executeSql;
      const { rows: orgs } = await sql(
        "insert into organisations (app_name, name) values ('recall', 'Recall') returning id",
      );
      const events: number[] = [];
      for (let e = 0; e < 3; e++) {
        const { rows } = await sql(
          `insert into photo_services (organisation_id, slug, name, experience_type, start_date, end_date)
           values ($1, $2, $2, 'event', '2026-05-01', '2026-05-02') returning id`,
          [(orgs[0] as { id: number }).id, `recall-${e}`],
        );
        events.push((rows[0] as { id: number }).id);
      }
      // 3 events × 200 people × 5 faces: 3,000 faces, one medium per face
      const people = events.map(() => Array.from({ length: 200 }, () => faces.person()));
      const stored: { id: number; mediaId: number; photoServiceId: number; descriptor: Float32Array }[] = [];
      for (const [e, event] of events.entries()) {
        const descriptors = (people[e] as Float32Array[]).flatMap((p) =>
          Array.from({ length: 5 }, () => faces.face(p, 0.3)),
        );
        const { rows: media } = await sql(
          `insert into media (photo_service_id, type, status) select $1, 'photo', 'ready'
           from generate_series(1, $2::int) returning id`,
          [event, descriptors.length],
        );
        const { rows } = await sql(
          `insert into faces (media_id, photo_service_id, box, landmarks, score, size_px, descriptor)
           select m, $1, '{"x":0,"y":0,"width":0.1,"height":0.1}', '[]', 0.9, 100, d::real[]
           from unnest($2::int[], $3::text[]) x(m, d) returning id, media_id`,
          [
            event,
            media.map((m) => (m as { id: number }).id),
            descriptors.map((d) => `{${Array.from(d).join(',')}}`),
          ],
        );
        rows.forEach((r, i) => {
          const row = r as { id: number; media_id: number };
          stored.push({
            id: row.id,
            mediaId: row.media_id,
            photoServiceId: event,
            descriptor: descriptors[i]!,
          });
        });
      }
      const index = pgvectorFaceIndex(database.db);
      await index.add(stored);
      let found = 0;
      let expected = 0;
      for (const [e, event] of events.entries()) {
        for (const person of (people[e] as Float32Array[]).slice(0, 20)) {
          const selfie = faces.face(person, 0.2);
          const exact = await exactScan(
            stored.filter((f) => f.photoServiceId === event),
            [selfie],
            0.6,
          );
          const approximate = new Set((await index.search(event, [selfie], 0.6)).map((h) => h.faceId));
          expected += exact.length;
          found += exact.filter((h) => approximate.has(h.faceId)).length;
        }
      }
      expect(expected).toBeGreaterThan(100);
      expect(found / expected).toBeGreaterThanOrEqual(0.98);
    } finally {
      await database.destroy();
    }
  });
});
