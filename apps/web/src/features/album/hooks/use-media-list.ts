import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { albumKeys, fetchListPage, MEDIA_STALE_TIME, type MediaList } from '../api/album-queries';
import { type MediaPage, mediaOfPages, type PageMode } from '../lib/media-pages';

/** The page a numbered list was left on, per list (shown again when the list comes back). */
const lastPages = new Map<string, number>();

/** Numbered lists start on their first page again (after new photos arrived). */
export function forgetListPages(): void {
  lastPages.clear();
}

export interface MediaListState {
  items: MediaPage['results'];
  /** The pagination of the page shown last (the last loaded one when pages are appended). */
  pagination: MediaPage['pagination'] | undefined;
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore(): void;
  goToPage(page: number): void;
  retry(): void;
}

/**
 * One media list of the album's cache: pages appended (infinite lists) or one numbered page at a
 * time (`mode`). A list made stale (a favourite changed) loads again, but not while `paused` (the
 * viewer shows one of its photos) and not before `enabled`.
 */
export function useMediaList(
  checkinId: number,
  list: MediaList,
  mode: PageMode,
  { paused = false, enabled = true }: { paused?: boolean; enabled?: boolean } = {},
): MediaListState {
  const infinite = useInfiniteList(checkinId, list, enabled && mode === 'append');
  const numbered = useNumberedList(checkinId, list, enabled && mode === 'replace');
  const state = mode === 'append' ? infinite : numbered;
  const { stale, refetch } = state;

  useEffect(() => {
    if (stale && !paused && enabled) void refetch();
  }, [stale, paused, enabled, refetch]);
  return state.list;
}

/** A list made stale by invalidation (not by age: album lists never age). */
const isInvalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

function useInfiniteList(checkinId: number, list: MediaList, enabled: boolean) {
  const queryKey = albumKeys.list(checkinId, list);
  const query = useInfiniteQuery(
    {
      queryKey,
      queryFn: ({ pageParam }) => fetchListPage(checkinId, list, pageParam),
      initialPageParam: 1,
      getNextPageParam: ({ pagination }) =>
        pagination.page_number < pagination.num_pages ? pagination.page_number + 1 : undefined,
      staleTime: MEDIA_STALE_TIME,
      enabled,
    },
    queryClient,
  );
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = query;
  const items = useMemo(() => (data ? mediaOfPages(data.pages) : []), [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const retry = useCallback(() => {
    if (data) void fetchNextPage();
    else void refetch();
  }, [data, fetchNextPage, refetch]);
  return {
    stale: enabled && query.isStale && !query.isFetching && isInvalidated(queryKey),
    refetch,
    list: {
      items,
      pagination: data?.pages[data.pages.length - 1]?.pagination,
      loading: enabled && (query.isPending || (query.isFetching && !isFetchingNextPage && !data)),
      loadingMore: isFetchingNextPage,
      failed: query.isError,
      hasMore: hasNextPage,
      loadMore,
      goToPage: () => {},
      retry,
    } satisfies MediaListState,
  };
}

function useNumberedList(checkinId: number, list: MediaList, enabled: boolean) {
  const remembered = JSON.stringify(albumKeys.list(checkinId, list));
  const [page, setPage] = useState(() => lastPages.get(remembered) ?? 1);
  const queryKey = albumKeys.list(checkinId, list, page);
  const query = useQuery(
    {
      queryKey,
      queryFn: () => fetchListPage(checkinId, list, page),
      staleTime: MEDIA_STALE_TIME,
      // the page shown stays while the next one loads
      placeholderData: keepPreviousData,
      enabled,
    },
    queryClient,
  );
  const { data, refetch } = query;
  const goToPage = useCallback(
    (next: number) => {
      lastPages.set(remembered, next);
      setPage(next);
    },
    [remembered],
  );
  return {
    stale: enabled && query.isStale && !query.isFetching && isInvalidated(queryKey),
    refetch,
    list: {
      items: data?.results ?? [],
      pagination: data?.pagination,
      loading: enabled && (query.isPending || query.isFetching),
      loadingMore: false,
      failed: query.isError,
      hasMore: !!data && data.pagination.page_number < data.pagination.num_pages,
      loadMore: () => {},
      goToPage,
      retry: () => void refetch(),
    } satisfies MediaListState,
  };
}
