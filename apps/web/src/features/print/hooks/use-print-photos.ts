import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { type BoughtCursor, FIRST_BOUGHT, fetchBoughtPage, purchaseKeys } from '../api/purchases-api';
import { boughtPhotoGroups, type PhotoGroup } from '../lib/photo-groups';
import { useCartPhotos } from './use-cart-photos';

/** "Show more" of the photos bought earlier. */
export interface MoreBought {
  /** More bought photos may follow. */
  available: boolean;
  loading: boolean;
  /** The last "Show more" failed (the photos shown stay). */
  failed: boolean;
  load: () => void;
}

export type PrintPhotos =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; groups: PhotoGroup[]; more: MoreBought };

/**
 * Every photo the user can print (albums spec §2): the cart's, by album, then those bought
 * earlier, by album, loaded a page at a time (never the whole history at once) and without the
 * cart's again.
 */
export function usePrintPhotos(): PrintPhotos {
  const cart = useCartPhotos();
  const bought = useInfiniteQuery(
    {
      queryKey: purchaseKeys.pages,
      queryFn: ({ pageParam, signal }) => fetchBoughtPage(pageParam, signal),
      initialPageParam: FIRST_BOUGHT as BoughtCursor,
      getNextPageParam: (last) => last.next ?? undefined,
    },
    queryClient,
  );
  const cartGroups = cart.status === 'success' ? cart.groups : null;
  const groups = useMemo(() => {
    if (!cartGroups || !bought.data) return null;
    const offered = new Set(cartGroups.flatMap((group) => group.photos.map((photo) => photo.id)));
    return [...cartGroups, ...boughtPhotoGroups(bought.data.pages, offered)];
  }, [cartGroups, bought.data]);

  const { fetchNextPage, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError } = bought;
  const load = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const firstFailed = bought.isError && !bought.data;
  const cartRetry = cart.status === 'error' ? cart.retry : null;
  const retry = useCallback(() => {
    cartRetry?.();
    if (firstFailed) void refetch();
  }, [cartRetry, firstFailed, refetch]);

  return useMemo<PrintPhotos>(() => {
    if (cart.status === 'error' || firstFailed) return { status: 'error', retry };
    if (!groups) return { status: 'pending' };
    const more = {
      available: hasNextPage,
      loading: isFetchingNextPage,
      failed: isFetchNextPageError,
      load,
    };
    return { status: 'success', groups, more };
  }, [cart.status, firstFailed, retry, groups, hasNextPage, isFetchingNextPage, isFetchNextPageError, load]);
}
