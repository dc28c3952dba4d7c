/**
 * The order of an album's media, kept per list version (album_gallery_counts.version moves
 * whenever the list may have changed), so that a deep page is a slice of the list instead of an
 * OFFSET: page 250 of a 10,000-photo album otherwise sorts all 10,000 on every request.
 * In memory, per process, least recently used first out beyond `maxIds` ids in all.
 */
export function albumOrderCache({ maxIds = 2_000_000 }: { maxIds?: number } = {}) {
  const lists = new Map<string, Promise<Int32Array>>();
  /** The lists read to the end (the same as `lists` holds, once its promise has settled). */
  const loaded = new Map<string, Int32Array>();
  let held = 0;

  const forget = (key: string) => {
    lists.delete(key);
    held -= loaded.get(key)?.length ?? 0;
    loaded.delete(key);
  };

  return {
    /** The list for this key if it is kept (or being read). */
    peek(key: string): Promise<Int32Array> | undefined {
      const hit = lists.get(key);
      if (hit) {
        // most recently used last
        lists.delete(key);
        lists.set(key, hit);
      }
      return hit;
    },
    /** The list for this key if it is kept and read to the end, without waiting: no LRU move. */
    loaded(key: string): Int32Array | undefined {
      return loaded.get(key);
    },
    /** The list for this key; concurrent requests for a list not yet read share one read. */
    get(key: string, load: () => Promise<number[]>): Promise<Int32Array> {
      const hit = lists.get(key);
      if (hit) {
        // most recently used last
        lists.delete(key);
        lists.set(key, hit);
        return hit;
      }
      const loading = load().then(
        (ids) => {
          const list = Int32Array.from(ids);
          if (lists.get(key) === loading) {
            loaded.set(key, list);
            held += list.length;
            for (const old of lists.keys()) {
              if (held <= maxIds) break;
              if (old !== key) forget(old);
            }
          }
          return list;
        },
        (error: unknown) => {
          if (lists.get(key) === loading) forget(key);
          throw error;
        },
      );
      lists.set(key, loading);
      return loading;
    },
  };
}
export type AlbumOrderCache = ReturnType<typeof albumOrderCache>;
