import { cartEndpoints } from '@fotodrop/contract/api/cart';
import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { orderEndpoints } from '@fotodrop/contract/api/orders';
import { paymentMethodEndpoints } from '@fotodrop/contract/api/payment-methods';
import { printEndpoints } from '@fotodrop/contract/api/print';
import type { BodyOf, QueryOf } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';

/**
 * The checkout's calls (albums spec §7 "Cart and orders", "Print and payment methods"), typed by
 * the contract. The checkout's chunks validate forms with the contract's schemas anyway, so they
 * take the whole endpoint definitions.
 */

export type NewOrder = BodyOf<typeof orderEndpoints.createOrder>;
export type PaymentConfirmation = BodyOf<typeof orderEndpoints.confirmPayment>;
export type CheckoutCartQuery = QueryOf<typeof cartEndpoints.cart>;

/** GET /cart/payment-methods/: the methods this cart can be paid with, public keys, messages. */
export function fetchPayments(signal?: AbortSignal) {
  return callEndpoint(cartEndpoints.paymentMethods, { signal });
}

/** GET /v1/cart/ with the entered voucher and the shipping country: the totals to pay. */
export function fetchCheckoutCart(query: CheckoutCartQuery, signal?: AbortSignal) {
  return callEndpoint(cartEndpoints.cart, { query, signal });
}

/** GET /payments/v1/stripe/payment-methods/: the user's saved cards. */
export async function fetchSavedCards(signal?: AbortSignal) {
  return (await callEndpoint(paymentMethodEndpoints.savedCards, { signal })).results;
}

/** GET /print/api/v1/countries/: where print products are delivered. */
export async function fetchPrintCountries(signal?: AbortSignal) {
  return (await callEndpoint(printEndpoints.countries, { signal })).results;
}

/** GET /v1/countries/: every country, for the invoice address. */
export async function fetchAllCountries(signal?: AbortSignal) {
  return (await callEndpoint(checkinEndpoints.countries, { signal })).results;
}

/** POST /v3/orders/: the order of the cart, priced by the server, and how to continue paying it. */
export function createOrder(body: NewOrder) {
  return callEndpoint(orderEndpoints.createOrder, { body });
}

/** POST /v3/orders/confirm-payment/: the server reads the payment's state from the provider. */
export function confirmPayment(body: PaymentConfirmation) {
  return callEndpoint(orderEndpoints.confirmPayment, { body });
}

/** GET /v3/orders/{id}/. */
export function fetchOrder(id: number, signal?: AbortSignal) {
  return callEndpoint(orderEndpoints.order, { params: { id }, signal });
}

/** GET /test-payments/v1/intents/{intent_id}/: an intent of the built-in test provider. */
export function fetchTestIntent(intentId: string, signal?: AbortSignal) {
  return callEndpoint(orderEndpoints.testIntent, { params: { intent_id: intentId }, signal });
}

/** POST …/intents/{intent_id}/confirm/: pay a test intent with a test card, or the test page's choice. */
export function confirmTestIntent(
  intentId: string,
  body: { card_number: string } | { outcome: 'authorize' | 'fail' },
) {
  return callEndpoint(orderEndpoints.testConfirm, { params: { intent_id: intentId }, body });
}
