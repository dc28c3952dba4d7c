import type { AlbumMediaRow } from '../../repositories/album-media.repository';
import type { AlbumOrderCache } from './album-order-cache';

/** A request shape (album, gallery, tab) and, when guessed, the ids of the page it asks. */
export interface PageGuess {
  shape: string;
  /** The kept order's key the guess was sliced from, and the page's ids in it. */
  key?: string;
  ids?: number[];
}
/** A guess with the rows the album lookup read for its ids (if it had any). */
export interface PageRead extends PageGuess {
  rows?: AlbumMediaRow[];
}

/**
 * Issue 20: a page's rows read in the album lookup's own statement, one round trip less. Which ids
 * the page holds is known only once the lookup has given the album's query and version (the key of
 * its kept order, album-order-cache.ts), so the lookup reads the ids of the order this request
 * shape (album, gallery, tab) read last in this process, and `readAlready` uses those rows only
 * when the lookup's answer gives the very same key and the very same ids; otherwise the page reads
 * its rows as before. A guess is a hint, never an answer: the session, the album, its counts and
 * the rows are all read by that request's statement, so nothing here can serve another request's
 * (or another process's) state. Bounded to `maxShapes` shapes, oldest first out.
 */
export function pageGuesses(orders: AlbumOrderCache, { maxShapes = 10_000 } = {}) {
  const lastKey = new Map<string, string>();
  return {
    guess(shape: string, pageNumber: number, pageSize: number): PageGuess {
      const key = lastKey.get(shape);
      const order = key === undefined ? undefined : orders.loaded(key);
      const offset = (pageNumber - 1) * pageSize;
      if (!order || offset >= order.length) return { shape };
      return { shape, key, ids: Array.from(order.subarray(offset, offset + pageSize)) };
    },
    remember(shape: string, key: string): void {
      if (lastKey.get(shape) === key) return;
      lastKey.delete(shape);
      lastKey.set(shape, key);
      if (lastKey.size > maxShapes) {
        const oldest = lastKey.keys().next();
        if (!oldest.done) lastKey.delete(oldest.value);
      }
    },
  };
}

/** The rows the lookup read, when they are the page's: same order key, same ids in the same order. */
export function readAlready(
  read: PageRead | undefined,
  key: string | null,
  ids: readonly number[],
): AlbumMediaRow[] | undefined {
  if (!read?.rows || !read.ids || read.key !== key || read.ids.length !== ids.length) return undefined;
  for (let i = 0; i < ids.length; i++) if (read.ids[i] !== ids[i]) return undefined;
  return read.rows;
}
