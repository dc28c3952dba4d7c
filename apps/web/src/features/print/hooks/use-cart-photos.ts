import type { DigitalItem } from '@fotodrop/contract/api/cart';
import type { Media } from '@fotodrop/contract/api/media';
import { type QueryObserverResult, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { cartItemMediasQuery, useCartItems } from '../../cart';
import { cartPhotoGroups, type PhotoGroup } from '../lib/photo-groups';

export type CartPhotos =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; groups: PhotoGroup[] };

const NO_LINES: DigitalItem[] = [];

/**
 * The photos the cart provides for printing, by album: the lines, then every media of each line
 * (albums spec §9: one page of 99999). The server prints only photos a line provides, so the
 * chooser offers exactly those.
 */
export function useCartPhotos(): CartPhotos {
  const items = useCartItems();
  const lines = items.data ?? NO_LINES;
  // stable while the lines are: TanStack then keeps the combined result between renders
  const combine = useCallback(
    (results: QueryObserverResult<Media[]>[]) => ({
      pending: results.some((r) => r.isPending),
      failed: results.filter((r) => r.isError).map((r) => r.refetch),
      groups: cartPhotoGroups(lines, (id) => results[lines.findIndex((line) => line.id === id)]?.data),
    }),
    [lines],
  );
  const medias = useQueries(
    { queries: lines.map((line) => cartItemMediasQuery(line.id)), combine },
    queryClient,
  );
  const { refetch, isError } = items;
  const { failed } = medias;
  const retry = useCallback(() => {
    if (isError) void refetch();
    for (const again of failed) void again();
  }, [isError, refetch, failed]);

  return useMemo<CartPhotos>(() => {
    if (items.isPending) return { status: 'pending' };
    if (isError || failed.length > 0) return { status: 'error', retry };
    if (medias.pending) return { status: 'pending' };
    return { status: 'success', groups: medias.groups };
  }, [items.isPending, isError, failed.length, retry, medias.pending, medias.groups]);
}
