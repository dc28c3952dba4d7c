import type { cartEndpoints } from '@fotodrop/contract/api/cart';
import type { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import type { orderEndpoints } from '@fotodrop/contract/api/orders';
import type { paymentMethodEndpoints } from '@fotodrop/contract/api/payment-methods';
import type { printEndpoints } from '@fotodrop/contract/api/print';
import type { BodyOf, QueryOf } from '@fotodrop/contract/endpoint';
import {
  cartRoutes,
  countryRoutes,
  orderRoutes,
  paymentMethodRoutes,
  printRoutes,
} from '@fotodrop/contract/routes';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';

/**
 * The checkout's calls (albums spec §7 "Cart and orders", "Print and payment methods"), typed by
 * the contract. Method and path only (the contract's route tables): the zod schemas would bring
 * the contract's enumerations into the home page's script, which holds the module they live in.
 */

type Orders = typeof orderEndpoints;
const orders = endpointRoutes<Orders>(orderRoutes);
const cart = endpointRoutes<typeof cartEndpoints>(cartRoutes);
const print = endpointRoutes<typeof printEndpoints>(printRoutes);
const savedCards = endpointRoutes<typeof paymentMethodEndpoints>(paymentMethodRoutes);
const countries = endpointRoutes<Pick<typeof checkinEndpoints, 'countries'>>(countryRoutes);

export type NewOrder = BodyOf<Orders['createOrder']>;
export type PaymentConfirmation = BodyOf<Orders['confirmPayment']>;
export type CheckoutCartQuery = QueryOf<typeof cartEndpoints.cart>;

/** GET /cart/payment-methods/: the methods this cart can be paid with, public keys, messages. */
export function fetchPayments(signal?: AbortSignal) {
  return callEndpoint(cart.paymentMethods, { signal });
}

/** GET /v1/cart/ with the entered voucher and the shipping country: the totals to pay. */
export function fetchCheckoutCart(query: CheckoutCartQuery, signal?: AbortSignal) {
  return callEndpoint(cart.cart, { query, signal });
}

/** GET /payments/v1/stripe/payment-methods/: the user's saved cards. */
export async function fetchSavedCards(signal?: AbortSignal) {
  return (await callEndpoint(savedCards.savedCards, { signal })).results;
}

/** GET /print/api/v1/countries/: where print products are delivered. */
export async function fetchPrintCountries(signal?: AbortSignal) {
  return (await callEndpoint(print.countries, { signal })).results;
}

/** GET /v1/countries/: every country, for the invoice address. */
export async function fetchAllCountries(signal?: AbortSignal) {
  return (await callEndpoint(countries.countries, { signal })).results;
}

/** POST /v3/orders/: the order of the cart, priced by the server, and how to continue paying it. */
export function createOrder(body: NewOrder) {
  return callEndpoint(orders.createOrder, { body });
}

/** POST /v3/orders/confirm-payment/: the server reads the payment's state from the provider. */
export function confirmPayment(body: PaymentConfirmation) {
  return callEndpoint(orders.confirmPayment, { body });
}

/** POST /v3/orders/{id}/cancel/: give up an unpaid order; the server cancels its payment at the provider. */
export function cancelOrder(id: number) {
  return callEndpoint(orders.cancelOrder, { params: { id } });
}

/** GET /v3/orders/{id}/. */
export function fetchOrder(id: number, signal?: AbortSignal) {
  return callEndpoint(orders.order, { params: { id }, signal });
}

/** GET /test-payments/v1/intents/{intent_id}/: an intent of the built-in test provider. */
export function fetchTestIntent(intentId: string, signal?: AbortSignal) {
  return callEndpoint(orders.testIntent, { params: { intent_id: intentId }, signal });
}

/** POST …/intents/{intent_id}/confirm/: pay a test intent with a test card, or the test page's choice. */
export function confirmTestIntent(
  intentId: string,
  body: { card_number: string } | { outcome: 'authorize' | 'fail' },
) {
  return callEndpoint(orders.testConfirm, { params: { intent_id: intentId }, body });
}
