import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../shared/api/query-client';
import { fetchCart, fetchCartTotals, fetchDigitalItems, fetchItemMedias, fetchItemTotals } from './cart-api';

/**
 * The cart's server state. Every cart query lives under ['cart'], so one invalidation after a
 * change refreshes lines, totals and line totals alike.
 *
 * The hooks pass the app's one query client themselves: the header's cart count sits above the
 * data layout that provides it to screens (the home page does not load TanStack Query).
 */
export const cartKeys = {
  all: ['cart'] as const,
  items: ['cart', 'items'] as const,
  totals: ['cart', 'totals'] as const,
  itemTotals: ['cart', 'item-totals'] as const,
  /** GET /v1/cart/: the basket's print items. */
  full: ['cart', 'full'] as const,
  itemMedias: (id: number) => ['cart', 'item-medias', id] as const,
};

export function cartItemsQuery() {
  return queryOptions({ queryKey: cartKeys.items, queryFn: ({ signal }) => fetchDigitalItems(signal) });
}

export function cartTotalsQuery() {
  return queryOptions({ queryKey: cartKeys.totals, queryFn: ({ signal }) => fetchCartTotals(signal) });
}

export function cartItemTotalsQuery() {
  return queryOptions({ queryKey: cartKeys.itemTotals, queryFn: ({ signal }) => fetchItemTotals(signal) });
}

export function fullCartQuery() {
  return queryOptions({ queryKey: cartKeys.full, queryFn: ({ signal }) => fetchCart(signal) });
}

/** Every media of one line (the print photo chooser offers the cart's photos). */
export function cartItemMediasQuery(id: number) {
  return queryOptions({
    queryKey: cartKeys.itemMedias(id),
    queryFn: async ({ signal }) => (await fetchItemMedias(id, signal)).results,
  });
}

/** The user's cart lines (every album), newest first. */
export function useCartItems({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartItemsQuery(), enabled }, queryClient);
}

export function useCartTotals({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartTotalsQuery(), enabled }, queryClient);
}

export function useCartItemTotals() {
  return useQuery(cartItemTotalsQuery(), queryClient);
}

/** The whole cart of GET /v1/cart/ (the basket reads its print items from it). */
export function useFullCart() {
  return useQuery(fullCartQuery(), queryClient);
}
