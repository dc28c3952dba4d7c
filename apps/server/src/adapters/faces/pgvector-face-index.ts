import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FaceHit, FaceIndex } from './face-index';

/** Neighbours the graph search keeps per query at least; larger is slower and more complete. */
const EF_SEARCH = 100;
/** Faces asked for first; more only when all of them matched. */
const FIRST_LIMIT = 64;
/** Rows a search may visit past the first round (pgvector's iterative scan) to fill an event's matches. */
const MAX_SCAN_TUPLES = 40_000;
/** Matches one query returns at most: more photos than one person appears in at any event. */
const MAX_HITS_PER_QUERY = 2_000;

/** m 16 / ef_construction 64: recall against the exact scan ≥ 0.98 (docs/performance.md). */
export const HNSW_INDEX_SQL = `create index if not exists face_vectors_hnsw_idx on face_vectors
  using hnsw (embedding vector_l2_ops) with (m = 16, ef_construction = 64)`;

const literal = (v: ArrayLike<number>) => `[${Array.from(v, (x) => x.toFixed(6)).join(',')}]`;

/**
 * The pgvector index (PGlite ships the extension; FACE_INDEX=pgvector chooses it). Its table is created here on first use, not by
 * a migration: the migrations must also run on PostgreSQL servers without the extension, which use
 * the exact index instead. `face_vectors` follows `faces` (cascade) and is filled by add().
 */
export function pgvectorFaceIndex(db: Db): FaceIndex {
  let ready: Promise<void> | undefined;
  const setUp = () => {
    ready ??= (async () => {
      await db.execute(sql.raw('create extension if not exists vector'));
      await db.execute(
        sql.raw(`create table if not exists face_vectors (
          face_id integer primary key references faces(id) on delete cascade,
          photo_service_id integer not null,
          media_id integer not null,
          embedding vector(128) not null)`),
      );
      await db.execute(
        sql.raw('create index if not exists face_vectors_media_idx on face_vectors (media_id)'),
      );
      await db.execute(sql.raw(HNSW_INDEX_SQL));
      // Faces stored while another index served (the exact scan is the default) join here, so
      // turning FACE_INDEX=pgvector on finds every face at once.
      await db.execute(
        sql.raw(`insert into face_vectors (face_id, photo_service_id, media_id, embedding)
          select f.id, f.photo_service_id, f.media_id, f.descriptor::vector from faces f
          where not exists (select 1 from face_vectors v where v.face_id = f.id)
          on conflict (face_id) do nothing`),
      );
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  /** The event's `limit` nearest faces to one descriptor, through the HNSW graph. */
  const nearest = (photoServiceId: number, vector: string, limit: number) =>
    db.transaction(async (tx) => {
      // For this transaction only: candidates kept per step, and the iterative scan that walks on
      // past other events' faces until this event's nearest are found.
      await tx.execute(sql`select set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(EF_SEARCH, limit)))}, true),
        set_config('hnsw.iterative_scan', 'relaxed_order', true),
        set_config('hnsw.max_scan_tuples', ${String(MAX_SCAN_TUPLES)}, true)`);
      const result =
        (await tx.execute(sql`select face_id, media_id, embedding <-> ${vector}::vector as distance
        from face_vectors where photo_service_id = ${photoServiceId}
        order by embedding <-> ${vector}::vector limit ${limit}`)) as unknown as {
          rows: { face_id: number; media_id: number; distance: number }[];
        };
      return result.rows;
    });

  return {
    kind: 'pgvector',
    async add(added) {
      if (added.length === 0) return;
      await setUp();
      for (let i = 0; i < added.length; i += 1000) {
        const chunk = added.slice(i, i + 1000);
        const list = (values: (number | string)[]) => `{${values.join(',')}}`;
        // A face deleted meanwhile (its medium re-indexed or removed) is skipped, not an error.
        await db.execute(sql`insert into face_vectors (face_id, photo_service_id, media_id, embedding)
          select v.face_id, v.photo_service_id, v.media_id, v.embedding::vector
          from unnest(${list(chunk.map((f) => f.id))}::int[], ${list(chunk.map((f) => f.photoServiceId))}::int[],
            ${list(chunk.map((f) => f.mediaId))}::int[],
            ${`{${chunk.map((f) => `"${literal(f.descriptor)}"`).join(',')}}`}::text[])
            v(face_id, photo_service_id, media_id, embedding)
          where exists (select 1 from faces f where f.id = v.face_id)
          on conflict (face_id) do nothing`);
      }
    },
    async removeMedia(mediaIds) {
      if (mediaIds.length === 0) return;
      await setUp();
      await db.execute(
        sql`delete from face_vectors where media_id = any(${`{${mediaIds.join(',')}}`}::int[])`,
      );
    },
    async search(photoServiceId, queries, maxDistance) {
      if (queries.length === 0) return [];
      await setUp();
      const best = new Map<number, FaceHit>();
      for (const query of queries) {
        const vector = literal(query);
        // Nearest first, a few at a time: most people are in a few photos, so a small limit
        // answers at once; when every row came back within the distance, ask again for more.
        for (let limit = FIRST_LIMIT; ; limit *= 4) {
          const rows = await nearest(photoServiceId, vector, limit);
          for (const row of rows) {
            const distance = Number(row.distance);
            if (distance > maxDistance) continue;
            const known = best.get(row.face_id);
            if (!known || distance < known.distance)
              best.set(row.face_id, { faceId: row.face_id, mediaId: row.media_id, distance });
          }
          const last = rows.at(-1);
          if (
            rows.length < limit ||
            !last ||
            Number(last.distance) > maxDistance ||
            limit >= MAX_HITS_PER_QUERY
          )
            break;
        }
      }
      return [...best.values()].sort((a, b) => a.distance - b.distance);
    },
  };
}
