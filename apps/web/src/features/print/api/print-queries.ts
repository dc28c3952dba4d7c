import type { PrintProduct } from '@fotodrop/contract/api/print';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import { optionNames } from '../lib/variants';
import {
  type Configuration,
  decorateConfiguration,
  fetchDeliveryCountries,
  fetchProduct,
  fetchProductFamilies,
  fetchProducts,
} from './print-api';

/** The catalogue changes rarely: kept fresh for a few minutes across screens. */
const CATALOGUE_STALE_MS = 5 * 60_000;

// The server names the catalogue in the request's language: another language reads it again.
i18n.on('languageChanged', () => void queryClient.invalidateQueries({ queryKey: ['print'] }));

export const printKeys = {
  families: ['print', 'families'] as const,
  products: ['print', 'products'] as const,
  product: (id: number, checkinId?: number) =>
    checkinId === undefined
      ? (['print', 'product', id] as const)
      : (['print', 'product', id, checkinId] as const),
  price: (configuration: Configuration | null) => ['print', 'price', configuration] as const,
  countries: ['print', 'countries'] as const,
};

export function productFamiliesQuery() {
  return queryOptions({
    queryKey: printKeys.families,
    queryFn: ({ signal }) => fetchProductFamilies(signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/**
 * Every product with its priced variants: one call serves the chooser, the banner and the basket;
 * the album's banner asks for its organisation's offer (`checkinId`, a key of its own).
 */
export function printProductsQuery(checkinId?: number) {
  return queryOptions({
    queryKey: checkinId === undefined ? printKeys.products : [...printKeys.products, checkinId],
    queryFn: ({ signal }) => fetchProducts(signal, checkinId),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/**
 * Where prints (a photobook too) are delivered, named in the user's language and sorted, as one
 * line; null until known. The server's list — the shipping rates the checkout charges — is the
 * only one (issue 17: a list of its own in the contract left out Switzerland).
 */
export function useDeliveryCountries(language: string): string | null {
  const countries = useQuery(
    {
      queryKey: printKeys.countries,
      queryFn: ({ signal }) => fetchDeliveryCountries(signal),
      staleTime: CATALOGUE_STALE_MS,
    },
    queryClient,
  ).data;
  if (!countries) return null;
  return countries
    .map((country) => country.name)
    .sort((a, b) => a.localeCompare(b, language))
    .join(', ');
}

export function useProductFamilies() {
  return useQuery(productFamiliesQuery(), queryClient);
}

/** `checkinId`: the catalogue as that album's organisation offers it (issue 19: its products and prices). */
export function usePrintProducts({
  enabled = true,
  checkinId,
}: {
  enabled?: boolean;
  checkinId?: number;
} = {}) {
  return useQuery({ ...printProductsQuery(checkinId), enabled }, queryClient);
}

/**
 * One product (as the album `checkinId`'s organisation offers it); the catalogue's copy shows at
 * once when the chooser loaded it.
 */
export function usePrintProduct(id: number, checkinId?: number) {
  return useQuery<PrintProduct>(
    {
      queryKey: printKeys.product(id, checkinId),
      queryFn: ({ signal }) => fetchProduct(id, signal, checkinId),
      staleTime: CATALOGUE_STALE_MS,
      enabled: Number.isSafeInteger(id) && id > 0,
      placeholderData: () =>
        queryClient
          .getQueryData<PrintProduct[]>(printProductsQuery(checkinId).queryKey)
          ?.find((product) => product.id === id),
    },
    queryClient,
  );
}

/**
 * The server's price of a configuration (decorate without adding to the cart); null = nothing to
 * price yet. The last price stays on screen while the next one loads.
 */
export function usePrintPrice(configuration: Configuration | null) {
  return useQuery(
    {
      queryKey: printKeys.price(configuration),
      queryFn: ({ signal }) => decorateConfiguration({ ...configuration!, add_to_cart: false }, signal),
      enabled: configuration !== null,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
}

/**
 * Names the options of a print item ("13×18 cm · Matt") from the catalogue; null while the
 * catalogue loads or when the product is no longer in it.
 */
export function usePrintOptionNames({ enabled = true }: { enabled?: boolean } = {}) {
  const products = usePrintProducts({ enabled }).data;
  return useCallback(
    (productId: number, optionIds: readonly number[]): string[] | null => {
      const product = products?.find((p) => p.id === productId);
      return product ? optionNames(product, optionIds) : null;
    },
    [products],
  );
}
