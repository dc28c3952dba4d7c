import type { PaymentMethodId, SavedCard } from '@fotodrop/contract';

/**
 * Who actually moves the money for a payment method. `test` is the built-in test provider that
 * serves every method whose real provider has no keys configured; `bank-transfer` moves nothing
 * (an organiser or staff marks the order paid).
 */
export type ProviderId = 'test' | 'stripe' | 'mercado-pago' | 'bank-transfer';

/** A payment's state as the provider reports it; the server never takes the browser's word. */
export type ProviderPaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface CreatePaymentInput {
  orderId: number;
  /** In the currency's smallest unit (cents). */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  method: PaymentMethodId;
  /** iDEAL / Przelewy24 bank id chosen by the user. */
  bank?: string;
  customer: { userId: number; email: string; name: string };
  /** A saved card (provider payment-method id) of this customer to charge. */
  savedCardId?: string;
  /** Keep the card for later payments (cards only). */
  saveCard: boolean;
  /** Derived from our own ids (`order-<id>-payment`): a retry can never create a second charge. */
  idempotencyKey: string;
  /** Where a redirecting provider sends the browser back (built from PUBLIC_URL, never a header). */
  returnUrl: string;
  /** One line a person recognises on a statement or provider page. */
  description: string;
}

export interface ProviderPayment {
  /** The provider's id of the payment (intent id, preference id…): `transaction_id` on the wire. */
  providerRef: string;
  status: ProviderPaymentStatus;
  /** What the browser needs to continue in place (Stripe client secret, test intent id). */
  clientSecret: string | null;
  /** A provider page to send the browser to (Mercado Pago, bank redirects, the test page). */
  redirectUrl: string | null;
  /** The provider's message when failed (shown in the payment-error modal). */
  message: string | null;
  amountMinor: number;
  currency: string;
}

/** What a verified webhook says: which payment changed. Its status is then read from the provider. */
export interface WebhookEvent {
  providerRef: string;
}

export interface SavedCardsApi {
  list(customer: { userId: number; email: string }): Promise<SavedCard[]>;
  /** Throws NotFoundError when the card is not this customer's. */
  setDefault(customer: { userId: number; email: string }, cardId: string): Promise<SavedCard>;
  detach(customer: { userId: number; email: string }, cardId: string): Promise<void>;
}

/**
 * One payment provider (Medusa's provider interface, trimmed to what checkout needs). Every call
 * that creates or changes something at the provider carries an idempotency key made from our ids.
 */
export interface PaymentProvider {
  readonly id: ProviderId;
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as the provider knows it now. */
  retrieve(providerRef: string): Promise<ProviderPayment>;
  /** Undo a payment not yet captured (order creation failed later, or a newer order replaced it). */
  cancel(providerRef: string, idempotencyKey: string): Promise<void>;
  /**
   * Gives `amountMinor` of a captured payment back. The same idempotency key answers the refund it
   * made the first time (a retry after a timeout or a crash refunds once). `refundRef`: the
   * provider's id of the refund (null when it holds no captured payment to refund). Throws
   * RefundRefusedError when the provider said no for good; any other error leaves the outcome
   * unknown (ask again with the same key).
   */
  refund(providerRef: string, amountMinor: number, idempotencyKey: string): Promise<RefundAnswer>;
  /**
   * The refund made with this key, looked up without asking for one (past the give-up deadline a
   * provider may have forgotten the key, so `refund` could make a second one). `knownRefs`: the
   * payment's refunds we already hold, for a provider whose refunds do not carry our key.
   * Throws when the provider does not answer.
   */
  findRefund(
    providerRef: string,
    refund: { idempotencyKey: string; amountMinor: number; knownRefs: string[] },
  ): Promise<RefundLookup>;
  /**
   * Verifies a webhook's signature on the raw body and says which payment it concerns; null for
   * events that concern no payment. Throws WebhookSignatureError when the signature is wrong.
   */
  parseWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent | null>;
  /** Saved cards, for providers that keep them (Stripe; the test provider imitates it). */
  readonly savedCards?: SavedCardsApi;
  /** The bank choices for iDEAL / Przelewy24, when this provider serves them. */
  banks?(method: PaymentMethodId): { id: string; name: string }[];
  /** Public key the browser needs (Stripe publishable key, Mercado Pago public key). */
  readonly publicKey?: string | null;
}

/**
 * A refund call's answer: `refundRef` the provider's id of the refund (null when it holds no
 * captured payment to refund); `pending` when the provider took it but has not settled it yet.
 */
export interface RefundAnswer {
  refundRef: string | null;
  pending?: boolean;
}

/** What a provider holds of a refund: made, taken but not settled, or nothing (none, or it failed). */
export type RefundLookup =
  | { state: 'succeeded'; refundRef: string }
  | { state: 'pending'; refundRef: string }
  | { state: 'none' };

export class WebhookSignatureError extends Error {}

/** Thrown by a provider that refused a refund for good (nothing was refunded); the message is its own. */
export class RefundRefusedError extends Error {}

/** Thrown by a provider when it refuses to create a payment; the message is the provider's. */
export class ProviderDeclinedError extends Error {}
