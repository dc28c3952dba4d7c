import type { DigitalItem } from '@fotodrop/contract/api/cart';
import type { OrderType } from '@fotodrop/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../../shared/api/query-client';
import { withItem, withoutItem } from '../lib/cart-lines';
import {
  changeItemMedias,
  createDigitalItem,
  deleteCart,
  deleteDigitalItem,
  deletePrintItem,
  type NewDigitalItem,
  setItemType,
} from './cart-api';
import { cartKeys } from './cart-queries';

/**
 * Cart changes (albums spec §4 "Cart"). Nothing changes before the server agrees: on failure the
 * lines and totals stay as they were. After an answer the lines show it at once, then lines,
 * totals and line totals are fetched again (a package also reshapes the album's other lines).
 */

function showItem(item: DigitalItem): Promise<void> {
  queryClient.setQueryData<DigitalItem[]>(cartKeys.items, (lines) => lines && withItem(lines, item));
  return refreshCart();
}

/** Fetches every cart query again (the header count included). */
export function refreshCart(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cartKeys.all });
}

/** A pick of media or a package for an album. */
export function useCreateDigitalItem() {
  return useMutation(
    { mutationFn: (body: NewDigitalItem) => createDigitalItem(body), onSuccess: showItem },
    queryClient,
  );
}

/** Media into or out of a line; a line left without media is gone. */
export function useChangeItemMedias() {
  return useMutation(
    {
      mutationFn: ({ id, change, mediaIds }: { id: number; change: 'add' | 'remove'; mediaIds: number[] }) =>
        changeItemMedias(id, change, mediaIds),
      onSuccess: showItem,
    },
    queryClient,
  );
}

export function useSetItemType() {
  return useMutation(
    {
      mutationFn: ({ id, type }: { id: number; type: OrderType }) => setItemType(id, type),
      onSuccess: showItem,
    },
    queryClient,
  );
}

export function useDeleteDigitalItem() {
  return useMutation(
    {
      mutationFn: (id: number) => deleteDigitalItem(id),
      onSuccess: (_answer, id) => {
        queryClient.setQueryData<DigitalItem[]>(cartKeys.items, (lines) => lines && withoutItem(lines, id));
        return refreshCart();
      },
    },
    queryClient,
  );
}

/** Empties the cart: lines, line totals and the count go at once. */
export function useDeleteCart() {
  return useMutation(
    {
      mutationFn: () => deleteCart(),
      onSuccess: () => {
        queryClient.setQueryData<DigitalItem[]>(cartKeys.items, []);
        queryClient.setQueryData(cartKeys.itemTotals, []);
        return refreshCart();
      },
    },
    queryClient,
  );
}

/** Removes one print product; the cart is fetched again (its totals change). */
export function useDeletePrintItem() {
  return useMutation(
    { mutationFn: (id: number) => deletePrintItem(id), onSuccess: refreshCart },
    queryClient,
  );
}
