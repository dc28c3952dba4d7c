import type { printEndpoints } from '@fotodrop/contract/api/print';
import type { BodyOf, HttpMethod } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';

/** The print calls (albums spec §7 "Print and payment methods"), typed by the contract. */

type Print = typeof printEndpoints;

/**
 * The contract's endpoints by method and path only, as in album-api.ts: the album screen's print
 * banner loads this module, and the endpoint objects would bring their zod schemas with them.
 * print-api.test.ts checks each one against the contract.
 */
const route = <E>(method: HttpMethod, path: string) => ({ method, path }) as unknown as E;

export const printEndpointRoutes = {
  productFamilies: route<Print['productFamilies']>('GET', '/print/api/v1/product-families/'),
  products: route<Print['products']>('GET', '/print/api/v1/products/'),
  product: route<Print['product']>('GET', '/print/api/v1/products/{id}/'),
  decorateConfiguration: route<Print['decorateConfiguration']>(
    'POST',
    '/print/api/v1/decorate-product-configuration/',
  ),
};

export type Configuration = BodyOf<Print['decorateConfiguration']>;

/** GET …/product-families/: the chooser's sections, in their order. */
export async function fetchProductFamilies(signal?: AbortSignal) {
  return (await callEndpoint(printEndpointRoutes.productFamilies, { signal })).results;
}

/** GET …/products/?include_variants_with_price=true: every product with its priced variants. */
export async function fetchProducts(signal?: AbortSignal) {
  return (
    await callEndpoint(printEndpointRoutes.products, {
      query: { include_variants_with_price: 'true' },
      signal,
    })
  ).results;
}

/** GET …/products/{id}/: one product, always with its variants. */
export function fetchProduct(id: number, signal?: AbortSignal) {
  return callEndpoint(printEndpointRoutes.product, { params: { id }, signal });
}

/** POST …/decorate-product-configuration/: prices a configuration; with add_to_cart it is stored. */
export function decorateConfiguration(body: Configuration, signal?: AbortSignal) {
  return callEndpoint(printEndpointRoutes.decorateConfiguration, { body, signal });
}
