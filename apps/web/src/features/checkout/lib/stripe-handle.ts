/**
 * What the checkout asks of the Stripe Payment Element (components/stripe-payment.tsx, loaded only
 * when a publishable key is configured): check the entered details, then pay the order's intent.
 */
export interface StripeHandle {
  /** Validates the Payment Element; an error message of Stripe's, or null. */
  submit(): Promise<string | null>;
  /**
   * Pays with the client secret. Redirecting methods leave the page for `returnUrl`; otherwise the
   * answer is the paid intent's id, or Stripe's error message.
   */
  confirm(clientSecret: string, returnUrl: string): Promise<{ intentId: string } | { error: string }>;
}
