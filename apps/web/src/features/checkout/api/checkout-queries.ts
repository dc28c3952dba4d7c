import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CheckoutCartQuery,
  fetchAllCountries,
  fetchCheckoutCart,
  fetchOrder,
  fetchPayments,
  fetchPrintCountries,
  fetchSavedCards,
  fetchTestIntent,
} from './checkout-api';

/**
 * The checkout's server state. What depends on the cart lives under ['cart'] (the cart feature's
 * root key), so any cart change, and a finished payment, refreshes it with the basket.
 */
export const checkoutKeys = {
  payments: ['cart', 'payment-methods'] as const,
  cart: (query: CheckoutCartQuery) => ['cart', 'checkout', query] as const,
  savedCards: ['payment-methods', 'saved-cards'] as const,
  countries: ['print', 'countries'] as const,
  allCountries: ['countries'] as const,
  order: (id: number) => ['orders', id] as const,
  testIntent: (id: string) => ['test-payments', id] as const,
};

export function usePayments() {
  return useQuery({ queryKey: checkoutKeys.payments, queryFn: ({ signal }) => fetchPayments(signal) });
}

/** The cart with the voucher and country applied; the last answer stays while the next one loads. */
export function useCheckoutCart(query: CheckoutCartQuery) {
  return useQuery({
    queryKey: checkoutKeys.cart(query),
    queryFn: ({ signal }) => fetchCheckoutCart(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSavedCards({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: checkoutKeys.savedCards,
    queryFn: ({ signal }) => fetchSavedCards(signal),
    enabled,
  });
}

export function usePrintCountries({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: checkoutKeys.countries,
    queryFn: ({ signal }) => fetchPrintCountries(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAllCountries({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: checkoutKeys.allCountries,
    queryFn: ({ signal }) => fetchAllCountries(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function orderQuery(id: number) {
  return queryOptions({ queryKey: checkoutKeys.order(id), queryFn: ({ signal }) => fetchOrder(id, signal) });
}

export function useOrder(id: number | null) {
  return useQuery({ ...orderQuery(id ?? 0), enabled: id !== null });
}

export function useTestIntent(id: string) {
  return useQuery({
    queryKey: checkoutKeys.testIntent(id),
    queryFn: ({ signal }) => fetchTestIntent(id, signal),
  });
}
