/**
 * Why a payment failed, in our own words (issue 17): providers report codes (Stripe's `code` and
 * `decline_code`, Mercado Pago's `status_detail`) and English sentences; the server keeps only
 * one of these reasons and the web says it in the user's language. Never a provider's raw text.
 */
export const PAYMENT_FAILURE_REASONS = [
  'declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_expiry',
  'card_details',
  'call_issuer',
  'card_not_supported',
  'authentication_failed',
  'try_again',
  'test_cards_only',
  'refused_on_page',
  'not_completed',
  'amount_mismatch',
  'replaced',
  'cancelled',
  'expired',
  'refunded_late',
  'voucher_used_up',
  'failed',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

export const isPaymentFailureReason = (value: unknown): value is PaymentFailureReason =>
  typeof value === 'string' && (PAYMENT_FAILURE_REASONS as readonly string[]).includes(value);

/** The wire's English sentence of each reason (`failure_message`, the 402 `message`: API clients, logs). */
export const PAYMENT_FAILURE_ENGLISH: Record<PaymentFailureReason, string> = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: 'The security code of your card is wrong.',
  incorrect_number: 'The card number is wrong.',
  incorrect_expiry: 'The expiry date of your card is wrong.',
  card_details: 'Some card details are wrong.',
  call_issuer: 'Your card issuer must authorise this payment: call them, then try again.',
  card_not_supported: 'This card does not support this payment.',
  authentication_failed: 'Your bank did not confirm the payment.',
  try_again: 'The payment could not be processed. Please try again.',
  test_cards_only:
    'Test mode accepts only test cards: use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline.',
  refused_on_page: 'The payment was refused on the payment page.',
  not_completed: 'The payment was not completed.',
  amount_mismatch: 'The amount paid does not match the order.',
  replaced: 'Replaced by a newer order.',
  cancelled: 'Cancelled by you.',
  expired: 'The payment was not completed in time.',
  refunded_late: 'The payment arrived after the order was closed; it is refunded.',
  voucher_used_up: 'The promo code was used up before this payment arrived; the payment is refunded.',
  failed: 'The payment failed.',
};

/**
 * A stored failure as a reason: reasons pass; the English sentences stored before issue 17 (and
 * any other text) become their reason, else `failed`.
 */
export function paymentFailureReasonOf(stored: string | null | undefined): PaymentFailureReason | null {
  if (stored === null || stored === undefined) return null;
  if (isPaymentFailureReason(stored)) return stored;
  const known = Object.entries(PAYMENT_FAILURE_ENGLISH).find(([, text]) => text === stored);
  return (known?.[0] as PaymentFailureReason | undefined) ?? 'failed';
}

/** Stripe's decline codes (the more precise of the two) and error codes. */
const STRIPE: Record<string, PaymentFailureReason> = {
  insufficient_funds: 'insufficient_funds',
  card_velocity_exceeded: 'call_issuer',
  withdrawal_count_limit_exceeded: 'call_issuer',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  incomplete_cvc: 'incorrect_cvc',
  incorrect_number: 'incorrect_number',
  invalid_number: 'incorrect_number',
  incomplete_number: 'incorrect_number',
  invalid_expiry_month: 'incorrect_expiry',
  invalid_expiry_year: 'incorrect_expiry',
  invalid_expiry_year_past: 'incorrect_expiry',
  incomplete_expiry: 'incorrect_expiry',
  incorrect_zip: 'card_details',
  incomplete_zip: 'card_details',
  call_issuer: 'call_issuer',
  do_not_honor: 'call_issuer',
  do_not_try_again: 'call_issuer',
  revocation_of_authorization: 'call_issuer',
  card_not_supported: 'card_not_supported',
  currency_not_supported: 'card_not_supported',
  transaction_not_allowed: 'card_not_supported',
  invalid_account: 'card_not_supported',
  processing_error: 'try_again',
  try_again_later: 'try_again',
  reenter_transaction: 'try_again',
  issuer_not_available: 'try_again',
  approve_with_id: 'try_again',
  card_decline_rate_limit_exceeded: 'try_again',
  authentication_required: 'authentication_failed',
  payment_intent_authentication_failure: 'authentication_failed',
  // lost, stolen, fraud and the rest: a plain decline (Stripe's advice: reveal nothing more)
  generic_decline: 'declined',
  card_declined: 'declined',
  payment_intent_payment_attempt_failed: 'declined',
};

/** A Stripe failure (`last_payment_error` or a Stripe.js error) as our reason. */
export function stripeFailureReason(
  error: { code?: string | null | undefined; decline_code?: string | null | undefined } | null | undefined,
): PaymentFailureReason {
  return STRIPE[error?.decline_code ?? ''] ?? STRIPE[error?.code ?? ''] ?? 'declined';
}

/** Mercado Pago's `status_detail` of a rejected payment as our reason. */
const MERCADO_PAGO: Record<string, PaymentFailureReason> = {
  cc_rejected_insufficient_amount: 'insufficient_funds',
  cc_rejected_bad_filled_security_code: 'incorrect_cvc',
  cc_rejected_bad_filled_date: 'incorrect_expiry',
  cc_rejected_bad_filled_card_number: 'incorrect_number',
  cc_rejected_bad_filled_other: 'card_details',
  cc_rejected_call_for_authorize: 'call_issuer',
  cc_rejected_card_disabled: 'call_issuer',
  cc_rejected_invalid_installments: 'card_not_supported',
  cc_rejected_max_attempts: 'declined',
  cc_rejected_duplicated_payment: 'declined',
  cc_rejected_high_risk: 'declined',
  cc_rejected_blacklist: 'declined',
  cc_rejected_other_reason: 'declined',
  rejected_by_bank: 'declined',
};

export function mercadoPagoFailureReason(statusDetail: string | null | undefined): PaymentFailureReason {
  return MERCADO_PAGO[statusDetail ?? ''] ?? 'declined';
}
