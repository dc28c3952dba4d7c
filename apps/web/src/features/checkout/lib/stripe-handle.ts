import type { PaymentFailureReason } from '@fotodrop/contract/rules/payment-failure';
/**
 * What the checkout asks of the Stripe Payment Element (components/stripe-payment.tsx, loaded only
 * when a publishable key is configured): check the entered details, then pay the order's intent.
 */
export interface StripeHandle {
  /** Validates the Payment Element; the reason it refuses (issue 17: our words, not Stripe's), or null. */
  submit(): Promise<PaymentFailureReason | null>;
  /**
   * Pays with the client secret. Redirecting methods leave the page for `returnUrl`; otherwise the
   * answer is the paid intent's id, or the reason Stripe refused it.
   */
  confirm(
    clientSecret: string,
    returnUrl: string,
  ): Promise<{ intentId: string } | { error: PaymentFailureReason }>;
}
