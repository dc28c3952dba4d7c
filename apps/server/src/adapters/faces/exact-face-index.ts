import { and, eq, gt, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faces } from '../../db/face-schema';
import type { FaceHit, FaceIndex, IndexedFace } from './face-index';

const DIMENSIONS = 128;

/** One event's faces in memory, as flat typed arrays the scan walks through. */
interface EventFaces {
  ids: Int32Array;
  mediaIds: Int32Array;
  vectors: Float32Array;
  size: number;
  /** What the table held when this was read: a different count or largest id means reload or append. */
  count: number;
  maxId: number;
}

/**
 * The exact index: every face of the event compared with every query, on descriptors loaded from
 * `faces` into one Float32Array per event and kept in this process. Each search first asks the
 * table for the event's largest face id (one index lookup), so faces another process added are
 * appended; its hits are checked against the table, so faces removed meanwhile are never answered
 * and make the next search reload: the table stays the truth.
 */
export function exactFaceIndex(db: Db): FaceIndex {
  const cache = new Map<number, EventFaces>();

  async function load(photoServiceId: number, afterId = 0) {
    const rows = await db
      .select({ id: faces.id, mediaId: faces.mediaId, descriptor: faces.descriptor })
      .from(faces)
      .where(and(eq(faces.photoServiceId, photoServiceId), gt(faces.id, afterId)))
      .orderBy(faces.id);
    return rows;
  }

  function grow(current: EventFaces | undefined, rows: Awaited<ReturnType<typeof load>>): EventFaces {
    const size = (current?.size ?? 0) + rows.length;
    const capacity = Math.max(size, Math.ceil((current?.ids.length ?? 0) * 1.5), 64);
    const next: EventFaces =
      current && current.ids.length >= size
        ? current
        : {
            ids: new Int32Array(capacity),
            mediaIds: new Int32Array(capacity),
            vectors: new Float32Array(capacity * DIMENSIONS),
            size: 0,
            count: 0,
            maxId: 0,
          };
    if (current && next !== current) {
      next.ids.set(current.ids.subarray(0, current.size));
      next.mediaIds.set(current.mediaIds.subarray(0, current.size));
      next.vectors.set(current.vectors.subarray(0, current.size * DIMENSIONS));
      next.size = current.size;
    }
    for (const row of rows) {
      next.ids[next.size] = row.id;
      next.mediaIds[next.size] = row.mediaId;
      next.vectors.set(row.descriptor.slice(0, DIMENSIONS), next.size * DIMENSIONS);
      next.size++;
    }
    return next;
  }

  async function eventFaces(photoServiceId: number): Promise<EventFaces> {
    // The largest id is one index lookup whatever the event's size: new faces are appended.
    // Faces removed since are found out by the hits' check in search(), which reloads then.
    const [state] = await db
      .select({ maxId: max(faces.id) })
      .from(faces)
      .where(eq(faces.photoServiceId, photoServiceId));
    const maxId = state?.maxId ?? 0;
    const current = cache.get(photoServiceId);
    if (current && current.maxId === maxId) return current;
    const next =
      current && maxId > current.maxId
        ? grow(current, await load(photoServiceId, current.maxId))
        : grow(undefined, await load(photoServiceId));
    next.count = next.size;
    next.maxId = next.size > 0 ? (next.ids[next.size - 1] as number) : 0;
    cache.set(photoServiceId, next);
    return next;
  }

  /** The hits whose faces are still in the table; a missing one means the cache is out of date. */
  async function stillThere(photoServiceId: number, hits: FaceHit[]): Promise<FaceHit[]> {
    if (hits.length === 0) return hits;
    const rows = await db
      .select({ id: faces.id })
      .from(faces)
      .where(
        inArray(
          faces.id,
          hits.map((h) => h.faceId),
        ),
      );
    if (rows.length === hits.length) return hits;
    cache.delete(photoServiceId);
    const present = new Set(rows.map((r) => r.id));
    return hits.filter((h) => present.has(h.faceId));
  }

  return {
    kind: 'exact',
    async add(added: IndexedFace[]) {
      // The table is the index: new rows are picked up by the next search's check.
      for (const id of new Set(added.map((f) => f.photoServiceId))) cache.delete(id);
    },
    async removeMedia(mediaIds) {
      if (mediaIds.length === 0) return;
      const rows = await db
        .selectDistinct({ photoServiceId: faces.photoServiceId })
        .from(faces)
        .where(inArray(faces.mediaId, mediaIds));
      for (const row of rows) cache.delete(row.photoServiceId);
      if (rows.length === 0) cache.clear();
    },
    async search(photoServiceId, queries, maxDistance) {
      if (queries.length === 0) return [];
      const event = await eventFaces(photoServiceId);
      return stillThere(photoServiceId, scan(event, queries, maxDistance));
    },
  };
}

/** Every face within `maxDistance` of any query: squared distances, abandoned once past the limit. */
export function scan(event: EventFaces, queries: Float32Array[], maxDistance: number): FaceHit[] {
  const limit = maxDistance * maxDistance;
  const { vectors, ids, mediaIds, size } = event;
  const hits: FaceHit[] = [];
  for (let i = 0; i < size; i++) {
    const base = i * DIMENSIONS;
    let best = Number.POSITIVE_INFINITY;
    for (const q of queries) {
      let sum = 0;
      // Sixteen dimensions at a time, then a check: most faces are far and leave early.
      for (let d = 0; d < DIMENSIONS && sum <= limit; d += 16) {
        for (let k = d; k < d + 16; k++) {
          const diff = (vectors[base + k] as number) - (q[k] as number);
          sum += diff * diff;
        }
      }
      if (sum < best) best = sum;
    }
    if (best <= limit)
      hits.push({ faceId: ids[i] as number, mediaId: mediaIds[i] as number, distance: Math.sqrt(best) });
  }
  return hits.sort((a, b) => a.distance - b.distance);
}

/** For tests and benchmarks: the scan over plain arrays. */
export const exactScan = (
  entries: { id: number; mediaId: number; descriptor: ArrayLike<number> }[],
  queries: Float32Array[],
  maxDistance: number,
): FaceHit[] => {
  const vectors = new Float32Array(entries.length * DIMENSIONS);
  entries.forEach((e, i) => {
    vectors.set(Array.from(e.descriptor), i * DIMENSIONS);
  });
  return scan(
    {
      ids: Int32Array.from(entries.map((e) => e.id)),
      mediaIds: Int32Array.from(entries.map((e) => e.mediaId)),
      vectors,
      size: entries.length,
      count: entries.length,
      maxId: 0,
    },
    queries,
    maxDistance,
  );
};
