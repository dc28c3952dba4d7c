import type { PaymentMethodId } from '@fotodrop/contract';
import { stripeFailureReason } from '@fotodrop/contract/rules/payment-failure';
import Stripe from 'stripe';
import { NotFoundError } from '../../http/errors';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  ProviderDeclinedError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type RefundLookup,
  RefundRefusedError,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-provider';
import { STRIPE_BANKS } from './stripe-banks';
import { stripeSavedCards } from './stripe-saved-cards';

/**
 * Where a user's provider customer id is kept (payment_customers, through its repository; the
 * adapter layer never imports repositories, so the wiring hands it in).
 */
export interface PaymentCustomerStore {
  find(userId: number, provider: string): Promise<string | null>;
  /** Stores the ref unless one is stored already; answers the one kept. */
  keep(userId: number, provider: string, customerRef: string): Promise<string>;
}

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  customers: PaymentCustomerStore;
  /** Tests point the SDK at a local fake of Stripe's API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

type IntentParams = Stripe.PaymentIntentCreateParams;

/**
 * What each Stripe method changes on the card payment: each variant overrides only what differs.
 * iDEAL and Przelewy24 are confirmed on the server with the chosen bank, and Stripe answers the
 * bank's page to redirect to.
 */
const VARIANTS: Partial<Record<PaymentMethodId, (input: CreatePaymentInput) => Partial<IntentParams>>> = {
  stripe: (input) => {
    // A card on file is charged at once (the customer is present: 3-D Secure may still ask).
    if (input.savedCardId) return { payment_method: input.savedCardId, confirm: true };
    // on_session: saved cards are offered back at a checkout the customer is at.
    return input.saveCard ? { setup_future_usage: 'on_session' } : {};
  },
  ideal: (input) => ({
    allowed_payment_method_types: ['ideal'],
    payment_method_data: { type: 'ideal', ...(input.bank ? { ideal: { bank: input.bank as never } } : {}) },
    confirm: true,
    return_url: input.returnUrl,
  }),
  p24: (input) => ({
    allowed_payment_method_types: ['p24'],
    payment_method_data: {
      type: 'p24',
      // Przelewy24 requires the payer's e-mail address.
      billing_details: { email: input.customer.email, name: input.customer.name },
      ...(input.bank ? { p24: { bank: input.bank as never } } : {}),
    },
    confirm: true,
    return_url: input.returnUrl,
  }),
};

/** Stripe's intent states in the provider interface's words. */
export function stripeStatusOf(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      // Back to "needs a payment method" after an attempt: that attempt failed.
      return intent.last_payment_error ? 'failed' : 'requires_action';
    default:
      return 'requires_action';
  }
}

function toPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const status = stripeStatusOf(intent);
  const redirect = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url : null;
  return {
    providerRef: intent.id,
    status,
    clientSecret: intent.client_secret,
    redirectUrl: redirect?.url ?? null,
    // our reason for the failure (issue 17), never Stripe's English
    message: status === 'failed' ? stripeFailureReason(intent.last_payment_error) : null,
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
  };
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** Stripe's answer of a refused payment carries the reason a person can act on. */
function declined(error: unknown): never {
  if (isStripeError(error) && (error.type === 'StripeCardError' || error.statusCode === 402)) {
    throw new ProviderDeclinedError(
      stripeFailureReason({ code: error.code, decline_code: error.decline_code }),
    );
  }
  throw error;
}

/** Stripe (cards with saved cards, iDEAL, Przelewy24), through the official SDK. */
export function stripePaymentProvider(options: StripeProviderOptions) {
  const stripe = new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    // Every write carries our idempotency key, so a retried request can never charge twice.
    maxNetworkRetries: 2,
  });

  /** The user's Stripe customer, created once (the idempotency key makes a race create one). */
  async function customerOf(customer: CreatePaymentInput['customer']): Promise<string> {
    const stored = await options.customers.find(customer.userId, 'stripe');
    if (stored) return stored;
    const created = await stripe.customers.create(
      { email: customer.email, name: customer.name, metadata: { user_id: String(customer.userId) } },
      { idempotencyKey: `user-${customer.userId}-customer` },
    );
    return options.customers.keep(customer.userId, 'stripe', created.id);
  }

  const savedCards = stripeSavedCards(stripe, (userId) => options.customers.find(userId, 'stripe'));

  const provider = {
    id: 'stripe' as const,
    publicKey: options.publishableKey,
    savedCards,

    async create(input: CreatePaymentInput): Promise<ProviderPayment> {
      const variant = VARIANTS[input.method];
      if (!variant) throw new Error(`Stripe does not serve ${input.method}`);
      const customer = await customerOf(input.customer);
      // Only this customer's cards may be charged (a card id from elsewhere is not found).
      if (input.savedCardId) await savedCards.own(customer, input.savedCardId);
      const params: IntentParams = {
        amount: input.amountMinor,
        currency: input.currency.toLowerCase(),
        customer,
        description: input.description,
        metadata: { order_id: String(input.orderId) },
        allowed_payment_method_types: ['card'],
        ...variant(input),
      };
      const intent = await stripe.paymentIntents
        .create(params, { idempotencyKey: input.idempotencyKey })
        .catch(declined);
      return toPayment(intent);
    },

    async retrieve(providerRef: string): Promise<ProviderPayment> {
      try {
        return toPayment(await stripe.paymentIntents.retrieve(providerRef));
      } catch (error) {
        if (isStripeError(error) && error.statusCode === 404) throw new NotFoundError('Payment not found.');
        throw error;
      }
    },

    async cancel(providerRef: string, idempotencyKey: string): Promise<void> {
      try {
        await stripe.paymentIntents.cancel(providerRef, {}, { idempotencyKey });
      } catch (error) {
        // Already canceled or paid: nothing left to undo here (a paid one is refunded instead).
        if (isStripeError(error) && error.code === 'payment_intent_unexpected_state') return;
        throw error;
      }
    },

    async refund(providerRef: string, amountMinor: number, idempotencyKey: string) {
      try {
        // the key in metadata too: past Stripe's 24 h key memory `findRefund` recognises it by that
        const refund = await stripe.refunds.create(
          { payment_intent: providerRef, amount: amountMinor, metadata: { idempotency_key: idempotencyKey } },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          throw new RefundRefusedError(
            `The refund ${refund.status === 'failed' ? 'failed' : 'was canceled'} at Stripe.`,
          );
        return {
          refundRef: refund.id,
          pending: refund.status === 'pending' || refund.status === 'requires_action',
        };
      } catch (error) {
        if (error instanceof RefundRefusedError) throw error;
        // Stripe answered and refused (an amount above what is left, a charge disputed): final.
        // Connection errors and 5xx stay unknown: the caller asks again with the same key.
        if (
          isStripeError(error) &&
          (error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError')
        )
          throw new RefundRefusedError(error.message);
        throw error;
      }
    },

    async findRefund(providerRef: string, wanted: { idempotencyKey: string }): Promise<RefundLookup> {
      for await (const refund of stripe.refunds.list({ payment_intent: providerRef, limit: 100 })) {
        if (refund.metadata?.idempotency_key !== wanted.idempotencyKey) continue;
        if (refund.status === 'succeeded') return { state: 'succeeded', refundRef: refund.id };
        if (refund.status === 'pending' || refund.status === 'requires_action')
          return { state: 'pending', refundRef: refund.id };
        return { state: 'none' };
      }
      return { state: 'none' };
    },

    async parseWebhook(
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookEvent | null> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookSignatureError('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature.');
      }
      if (!event.type.startsWith('payment_intent.')) return null;
      const intent = event.data.object as Stripe.PaymentIntent;
      return typeof intent.id === 'string' ? { providerRef: intent.id } : null;
    },

    banks(method: PaymentMethodId) {
      return method === 'ideal' || method === 'p24' ? STRIPE_BANKS[method] : [];
    },
  } satisfies PaymentProvider;
  return provider;
}
export type StripePaymentProvider = ReturnType<typeof stripePaymentProvider>;
