import type { printEndpoints } from '@fotodrop/contract/api/print';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { printRoutes } from '@fotodrop/contract/routes';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';

/** The print calls (albums spec §7 "Print and payment methods"), typed by the contract. */

type Print = typeof printEndpoints;

/** The print endpoints as method and path only: the album screen's print banner loads this module. */
export const printEndpointRoutes = endpointRoutes<Print>(printRoutes);

export type Configuration = BodyOf<Print['decorateConfiguration']>;

/** GET …/product-families/: the chooser's sections, in their order. */
export async function fetchProductFamilies(signal?: AbortSignal) {
  return (await callEndpoint(printEndpointRoutes.productFamilies, { signal })).results;
}

/**
 * GET …/products/?include_variants_with_price=true: every product with its priced variants, as
 * the album's organisation offers them (`checkinId`; else the server picks: the cart's, the site's).
 */
export async function fetchProducts(signal?: AbortSignal, checkinId?: number) {
  return (
    await callEndpoint(printEndpointRoutes.products, {
      query: {
        include_variants_with_price: 'true',
        ...(checkinId === undefined ? {} : { checkin_id: checkinId }),
      },
      signal,
    })
  ).results;
}

/** GET …/products/{id}/: one product, always with its variants. */
export function fetchProduct(id: number, signal?: AbortSignal, checkinId?: number) {
  return callEndpoint(printEndpointRoutes.product, {
    params: { id },
    ...(checkinId === undefined ? {} : { query: { checkin_id: checkinId } }),
    signal,
  });
}

/** POST …/decorate-product-configuration/: prices a configuration; with add_to_cart it is stored. */
export function decorateConfiguration(body: Configuration, signal?: AbortSignal) {
  return callEndpoint(printEndpointRoutes.decorateConfiguration, { body, signal });
}

/** GET …/countries/: where print products are delivered (the shipping rates' countries), named. */
export async function fetchDeliveryCountries(signal?: AbortSignal) {
  return (await callEndpoint(printEndpointRoutes.countries, { signal })).results;
}
