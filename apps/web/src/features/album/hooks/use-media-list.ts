import { useCallback, useEffect, useRef } from 'react';
import { loadMedia, type MediaPage, useAlbumStore } from '../store/album-store';
import { type CacheKey, hasMorePages, type PageMode } from '../store/media-cache';

export interface MediaListSource {
  key: CacheKey;
  fetchPage: (page: number) => Promise<MediaPage>;
}

/**
 * One media list of the cache: loads its first page when absent or stale (not while `paused`, e.g.
 * while the viewer shows one of its photos), then more pages appended or replaced by `mode`.
 */
export function useMediaList(source: MediaListSource, mode: PageMode, paused = false) {
  const { key } = source;
  const entry = useAlbumStore((s) => s.media[key]);
  const pending = useAlbumStore((s) => s.pending[key]);
  const failed = useAlbumStore((s) => !!s.failed[key]);
  const epoch = useAlbumStore((s) => s.epoch);
  const fetchRef = useRef(source.fetchPage);
  fetchRef.current = source.fetchPage;
  const fetchPage = useCallback((page: number) => fetchRef.current(page), []);
  const needsLoad = !entry || entry.stale;

  useEffect(() => {
    if (!needsLoad || paused || epoch < 0) return;
    const current = useAlbumStore.getState().media[key];
    // numbered lists stay on their page; an infinite list starts again from its first page
    const page = mode === 'replace' ? (current?.page ?? 1) : 1;
    void loadMedia(key, page, 'replace', fetchPage);
  }, [key, needsLoad, paused, mode, epoch, fetchPage]);

  const loadMore = useCallback(() => {
    const current = useAlbumStore.getState().media[key];
    if (current && hasMorePages(current)) void loadMedia(key, current.page + 1, 'append', fetchPage);
  }, [key, fetchPage]);

  const goToPage = useCallback(
    (page: number) => void loadMedia(key, page, 'replace', fetchPage),
    [key, fetchPage],
  );

  const retry = useCallback(() => {
    const current = useAlbumStore.getState().media[key];
    if (current && !current.stale) loadMore();
    else void loadMedia(key, 1, 'replace', fetchPage);
  }, [key, fetchPage, loadMore]);

  return {
    entry,
    items: entry?.results ?? [],
    loading: pending === 'replace' || (!entry && !failed),
    loadingMore: pending === 'append',
    failed,
    hasMore: hasMorePages(entry),
    loadMore,
    goToPage,
    retry,
  };
}
