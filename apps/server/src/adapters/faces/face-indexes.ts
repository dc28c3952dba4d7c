import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exactFaceIndex } from './exact-face-index';
import type { FaceIndex } from './face-index';
import { pgvectorFaceIndex } from './pgvector-face-index';

/**
 * The face index for this database: pgvector where the extension can be installed (PGlite ships
 * it), else the exact in-memory scan (the local PostgreSQL 15 has no pgvector). FACE_INDEX=exact
 * or pgvector forces one. Chosen lazily on first use, so creating it costs nothing.
 */
export function createFaceIndex(db: Db, options: { kind?: 'pgvector' | 'exact' } = {}): FaceIndex {
  const forced = options.kind ?? (process.env.FACE_INDEX as 'pgvector' | 'exact' | undefined);
  let chosen: Promise<FaceIndex> | undefined;
  let resolved: FaceIndex | undefined;
  const index = () => {
    chosen ??= (async () => {
      if (forced === 'exact') return exactFaceIndex(db);
      if (forced === 'pgvector') return pgvectorFaceIndex(db);
      const result = (await db.execute(
        sql`select 1 from pg_available_extensions where name = 'vector'`,
      )) as unknown as { rows: unknown[] };
      return result.rows.length > 0 ? pgvectorFaceIndex(db) : exactFaceIndex(db);
    })().then((found) => {
      resolved = found;
      return found;
    });
    return chosen;
  };
  return {
    /** Known once the first call chose; before that the forced kind, else 'exact'. */
    get kind() {
      return resolved?.kind ?? forced ?? 'exact';
    },
    add: async (faces) => (await index()).add(faces),
    removeMedia: async (mediaIds) => (await index()).removeMedia(mediaIds),
    search: async (photoServiceId, queries, maxDistance) =>
      (await index()).search(photoServiceId, queries, maxDistance),
  };
}
