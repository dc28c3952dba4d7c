import type { Db } from '../../db/client';
import { exactFaceIndex } from './exact-face-index';
import type { FaceIndex } from './face-index';
import { pgvectorFaceIndex } from './pgvector-face-index';

/**
 * The face index: the exact scan unless FACE_INDEX=pgvector asks for pgvector (where the extension
 * can be installed; PGlite ships it). The exact scan is the default on every database since its
 * WebAssembly prefix filter answers a million faces in milliseconds, where pgvector's HNSW in PGlite
 * (WASM, one thread) took 135 ms at 100,000 (docs/performance.md); pgvector remains for servers
 * that would rather not hold descriptors in each process' memory (~580 B a face). The exact scan
 * lets an event's faces go `idleMs` after its last search.
 */
export function createFaceIndex(
  db: Db,
  options: { kind?: 'pgvector' | 'exact'; idleMs?: number } = {},
): FaceIndex {
  const kind = options.kind ?? (process.env.FACE_INDEX === 'pgvector' ? 'pgvector' : 'exact');
  return kind === 'pgvector' ? pgvectorFaceIndex(db) : exactFaceIndex(db, { idleMs: options.idleMs });
}
