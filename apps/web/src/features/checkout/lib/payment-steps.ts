import type { Order } from '@fotodrop/contract/api/orders';
import { isPaymentFailureReason, type PaymentFailureReason } from '@fotodrop/contract/rules/payment-failure';

/** What the browser does with a new order's `payment` answer (contract paymentActionSchema). */
export type NextStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'stripe'; clientSecret: string }
  | { kind: 'test-card'; intentId: string }
  | { kind: 'confirm'; transactionId: string }
  | { kind: 'done' };

/**
 * Redirect methods go to the provider's page; a client secret is paid in place (Stripe's Payment
 * Element, or the test provider's card form — a saved card is charged by the server at once, so
 * only the confirmation is left); no action at all (bank transfer, fully discounted) means the
 * order is already what it will be until the transfer arrives.
 */
export function nextStep(
  payment: { client_secret: string | null; redirect_url: string | null },
  mode: { stripe: boolean; savedCard: boolean },
): NextStep {
  if (payment.redirect_url) return { kind: 'redirect', url: payment.redirect_url };
  const secret = payment.client_secret;
  if (!secret) return { kind: 'done' };
  if (mode.savedCard) return { kind: 'confirm', transactionId: secret };
  if (mode.stripe) return { kind: 'stripe', clientSecret: secret };
  return { kind: 'test-card', intentId: secret };
}

/** A paid, pending (bank transfer) or still processing order goes to the success page; a failed one does not. */
export const orderFailed = (order: Pick<Order, 'status'>) => order.status === 'failed';

/**
 * Where a provider sent the browser back, as a path of this site when it is one (the SPA
 * navigates), else null (another site: the browser leaves).
 */
export function samePath(url: string, origin: string): string | null {
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.pathname + target.search + target.hash : null;
  } catch {
    return null;
  }
}

/** The Stripe intent id of a client secret ("pi_123_secret_abc" → "pi_123"). */
export const intentIdOfSecret = (secret: string) => secret.split('_secret_')[0] ?? secret;

/** The code of the server's answer to a payment the provider refused (402, the provider's words). */
export const PAYMENT_FAILED = 'payment_failed';

/** The reason a payment_failed answer names (data.reason, issue 17); `failed` when it names none. */
export function failedReason(data: unknown): PaymentFailureReason {
  const reason = data && typeof data === 'object' ? (data as Record<string, unknown>).reason : undefined;
  return isPaymentFailureReason(reason) ? reason : 'failed';
}

/** The order id a payment_failed answer names (data.order_id), if any. */
export function failedOrderId(data: unknown): number | null {
  const id = data && typeof data === 'object' ? (data as Record<string, unknown>).order_id : undefined;
  return typeof id === 'number' ? id : null;
}
