import { orderEndpoints } from '@fotodrop/contract/api/orders';
import { paymentMethodEndpoints } from '@fotodrop/contract/api/payment-methods';
import { callEndpoint } from '../../../shared/api/client';

/**
 * The account's calls about purchases (issue 9): the order history and the saved cards, typed by
 * the contract. The profile screens are their own chunks, so the endpoint objects (with their
 * schemas) cost the home page nothing.
 */

/** Orders shown per page of "My orders". */
export const ORDERS_PAGE_SIZE = 10;

/** GET /v3/orders/?page=: one page of the user's orders, newest first. */
export function fetchOrders(page: number, signal?: AbortSignal) {
  return callEndpoint(orderEndpoints.orders, { query: { page, page_size: ORDERS_PAGE_SIZE }, signal });
}

/** GET /payments/v1/stripe/payment-methods/: the user's saved cards. */
export async function fetchSavedCards(signal?: AbortSignal) {
  return (await callEndpoint(paymentMethodEndpoints.savedCards, { signal })).results;
}

/** PATCH …/{id}/set-default/: the card the checkout offers first. */
export function setDefaultCard(id: string) {
  return callEndpoint(paymentMethodEndpoints.setDefaultCard, { params: { id } });
}

/** POST …/{id}/detach/: forget the card (the provider keeps no link to the user any more). */
export function detachCard(id: string) {
  return callEndpoint(paymentMethodEndpoints.detachCard, { params: { id } });
}

export const accountKeys = {
  orders: ['orders', 'history'] as const,
  // the checkout's key for the same list: a change here is what the checkout offers next
  savedCards: ['payment-methods', 'saved-cards'] as const,
};
