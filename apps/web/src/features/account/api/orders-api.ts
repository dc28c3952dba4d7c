import type { orderEndpoints } from '@fotodrop/contract/api/orders';
import type { paymentMethodEndpoints } from '@fotodrop/contract/api/payment-methods';
import { orderRoutes, paymentMethodRoutes } from '@fotodrop/contract/routes';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';

/**
 * The account's calls about purchases (issue 9): the order history and the saved cards, typed by
 * the contract. Method and path only: the endpoint objects' schemas would pull the contract's
 * order enumerations into the module of enumerations the home page's script holds.
 */
const orderCalls = endpointRoutes<typeof orderEndpoints>(orderRoutes);
const cardCalls = endpointRoutes<typeof paymentMethodEndpoints>(paymentMethodRoutes);

/** Orders shown per page of "My orders". */
export const ORDERS_PAGE_SIZE = 10;

/** GET /v3/orders/?page=: one page of the user's orders, newest first. */
export function fetchOrders(page: number, signal?: AbortSignal) {
  return callEndpoint(orderCalls.orders, { query: { page, page_size: ORDERS_PAGE_SIZE }, signal });
}

/** POST /v3/orders/{id}/cancel/: give up an unpaid order (its payment is cancelled at the provider). */
export function cancelOrder(id: number) {
  return callEndpoint(orderCalls.cancelOrder, { params: { id } });
}

/** GET /payments/v1/stripe/payment-methods/: the user's saved cards. */
export async function fetchSavedCards(signal?: AbortSignal) {
  return (await callEndpoint(cardCalls.savedCards, { signal })).results;
}

/** PATCH …/{id}/set-default/: the card the checkout offers first. */
export function setDefaultCard(id: string) {
  return callEndpoint(cardCalls.setDefaultCard, { params: { id } });
}

/** POST …/{id}/detach/: forget the card (the provider keeps no link to the user any more). */
export function detachCard(id: string) {
  return callEndpoint(cardCalls.detachCard, { params: { id } });
}

export const accountKeys = {
  orders: ['orders', 'history'] as const,
  // the checkout's key for the same list: a change here is what the checkout offers next
  savedCards: ['payment-methods', 'saved-cards'] as const,
};
