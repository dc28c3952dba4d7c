import { and, count, eq, gt, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faces } from '../../db/face-schema';
import type { FaceHit, FaceIndex, IndexedFace } from './face-index';
import { PrefixFilter } from './prefix-filter';

const DIMENSIONS = 128;

/** One event's faces in memory, as flat typed arrays the scan walks through. */
interface EventFaces {
  ids: Int32Array;
  mediaIds: Int32Array;
  vectors: Float32Array;
  size: number;
  /** The first pass over `vectors[0 … size)`, which rules out the far faces. */
  filter?: PrefixFilter;
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
/** Rows read per query when an event's faces are loaded (~2 MB of descriptors). */
const LOAD_PAGE = 5000;

export function exactFaceIndex(
  db: Db,
  options: { loadPage?: number; idleMs?: number } = {},
): FaceIndex & { /** Events whose faces are in memory now. */ held(): number } {
  const loadPage = options.loadPage ?? LOAD_PAGE;
  const cache = new Map<number, EventFaces>();
  const unused = new Map<number, NodeJS.Timeout>();

  /**
   * An event's faces stay in memory while it is searched and are let go `idleMs` after its last
   * search (~580 B a face): the next search reads them again from the table.
   */
  function keep(photoServiceId: number) {
    const idleMs = options.idleMs;
    if (idleMs === undefined) return;
    clearTimeout(unused.get(photoServiceId));
    const timer = setTimeout(() => {
      unused.delete(photoServiceId);
      if (!loading.has(photoServiceId)) cache.delete(photoServiceId);
    }, idleMs);
    timer.unref();
    unused.set(photoServiceId, timer);
  }

  async function load(photoServiceId: number, afterId: number) {
    return db
      .select({ id: faces.id, mediaId: faces.mediaId, descriptor: faces.descriptor })
      .from(faces)
      .where(and(eq(faces.photoServiceId, photoServiceId), gt(faces.id, afterId)))
      .orderBy(faces.id)
      .limit(loadPage);
  }

  async function countOf(photoServiceId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(faces).where(eq(faces.photoServiceId, photoServiceId));
    return row?.n ?? 0;
  }

  /**
   * The event's faces after `current` (all of them without it), read a page at a time: a million
   * descriptors read at once are gigabytes of JavaScript arrays before they are packed into floats.
   */
  async function loadAll(photoServiceId: number, current: EventFaces | undefined): Promise<EventFaces> {
    // a first load sizes its arrays once: growing them page by page would copy the event many times
    let next = current ?? grow(undefined, [], await countOf(photoServiceId));
    let after = current?.maxId ?? 0;
    for (;;) {
      const rows = await load(photoServiceId, after);
      next = grow(next, rows);
      const last = rows.at(-1);
      if (!last || rows.length < loadPage) return next;
      after = last.id;
    }
  }

  function grow(
    current: EventFaces | undefined,
    rows: Awaited<ReturnType<typeof load>>,
    reserve = 0,
  ): EventFaces {
    const size = (current?.size ?? 0) + rows.length;
    const capacity = Math.max(size, reserve, Math.ceil((current?.ids.length ?? 0) * 1.5), 64);
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
      next.filter = current.filter;
    }
    for (const row of rows) {
      next.ids[next.size] = row.id;
      next.mediaIds[next.size] = row.mediaId;
      next.vectors.set(row.descriptor.slice(0, DIMENSIONS), next.size * DIMENSIONS);
      next.size++;
    }
    return next;
  }

  /** One load at a time per event: two searches appending the same new rows would double them. */
  const loading = new Map<number, Promise<EventFaces>>();
  function eventFaces(photoServiceId: number): Promise<EventFaces> {
    const pending = loading.get(photoServiceId);
    if (pending) return pending;
    const next = freshEventFaces(photoServiceId).finally(() => loading.delete(photoServiceId));
    loading.set(photoServiceId, next);
    return next;
  }

  async function freshEventFaces(photoServiceId: number): Promise<EventFaces> {
    // The largest id and the count come from the event's index: new faces are appended. Ids are
    // drawn before commit, so a worker may commit a smaller id after another's larger one was read:
    // the count then differs from what was loaded, and the event is read again (scale-out, issue 20).
    // Faces removed since are found out by the hits' check in search(), which reloads then.
    const [state] = await db
      .select({ maxId: max(faces.id), count: count() })
      .from(faces)
      .where(eq(faces.photoServiceId, photoServiceId));
    const maxId = state?.maxId ?? 0;
    const total = state?.count ?? 0;
    const current = cache.get(photoServiceId);
    if (current && current.maxId === maxId && current.count === total) return current;
    const appendable = current && maxId > current.maxId && current.count < total;
    let next = await loadAll(photoServiceId, appendable ? current : undefined);
    if (next.size !== total) next = await loadAll(photoServiceId, undefined);
    next.filter ??= await PrefixFilter.create();
    next.filter.update(next.vectors, next.size, DIMENSIONS);
    next.count = total;
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
    held: () => cache.size,
    async search(photoServiceId, queries, maxDistance) {
      if (queries.length === 0) return [];
      const event = await eventFaces(photoServiceId);
      keep(photoServiceId);
      return stillThere(photoServiceId, scan(event, queries, maxDistance));
    },
  };
}

/**
 * Every face within `maxDistance` of any query: the prefix filter names the few faces that may be,
 * and their full distances decide.
 */
export function scan(event: EventFaces, queries: Float32Array[], maxDistance: number): FaceHit[] {
  const { filter, vectors, ids, mediaIds } = event;
  if (!filter) throw new Error('scan() needs the event loaded with its prefix filter');
  const limit = maxDistance * maxDistance;
  const best = new Map<number, number>();
  for (const q of queries) {
    for (const i of filter.candidates(q, maxDistance)) {
      const base = i * DIMENSIONS;
      let sum = 0;
      for (let k = 0; k < DIMENSIONS; k++) {
        const diff = (vectors[base + k] as number) - (q[k] as number);
        sum += diff * diff;
      }
      if (sum <= limit && sum < (best.get(i) ?? Number.POSITIVE_INFINITY)) best.set(i, sum);
    }
  }
  return [...best]
    .map(([i, sum]) => ({
      faceId: ids[i] as number,
      mediaId: mediaIds[i] as number,
      distance: Math.sqrt(sum),
    }))
    .sort((a, b) => a.distance - b.distance);
}

/** For tests and benchmarks: the scan over plain arrays. */
export async function exactScan(
  entries: { id: number; mediaId: number; descriptor: ArrayLike<number> }[],
  queries: Float32Array[],
  maxDistance: number,
): Promise<FaceHit[]> {
  const vectors = new Float32Array(entries.length * DIMENSIONS);
  entries.forEach((e, i) => {
    vectors.set(Array.from(e.descriptor), i * DIMENSIONS);
  });
  const filter = await PrefixFilter.create();
  filter.update(vectors, entries.length, DIMENSIONS);
  return scan(
    {
      ids: Int32Array.from(entries.map((e) => e.id)),
      mediaIds: Int32Array.from(entries.map((e) => e.mediaId)),
      vectors,
      size: entries.length,
      count: entries.length,
      maxId: 0,
      filter,
    },
    queries,
    maxDistance,
  );
}
