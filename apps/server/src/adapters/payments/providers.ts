import type { PaymentMethodId } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { mercadoPagoPaymentProvider } from './mercado-pago-provider';
import type { PaymentProvider } from './payment-provider';
import { type PaymentRegistry, paymentRegistry } from './payment-registry';
import { type PaymentCustomerStore, stripePaymentProvider } from './stripe-provider';
import { testPaymentProvider } from './test-provider';

/** Provider keys from the configuration; a provider without its keys is replaced by the test provider. */
export interface PaymentConfig {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  MERCADO_PAGO_ACCESS_TOKEN?: string | undefined;
  MERCADO_PAGO_PUBLIC_KEY?: string | undefined;
  MERCADO_PAGO_WEBHOOK_SECRET?: string | undefined;
  /** The methods the installation offers at all (issue 19); every method when unset. */
  PAYMENT_METHODS?: readonly PaymentMethodId[] | undefined;
}

/** The installation's payment providers, from its configuration. */
export function createPaymentProviders(deps: {
  db: Queryable;
  config: PaymentConfig;
  /** Where Stripe customer ids are kept (the payment-customers repository). */
  customers: PaymentCustomerStore;
  test?: PaymentProvider;
}): PaymentRegistry {
  const test = deps.test ?? testPaymentProvider(deps.db);
  const c = deps.config;
  // config.ts refuses a partial set of keys at start; here a provider is on only with all of them.
  const stripe =
    c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && c.STRIPE_WEBHOOK_SECRET
      ? stripePaymentProvider({
          secretKey: c.STRIPE_SECRET_KEY,
          publishableKey: c.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: c.STRIPE_WEBHOOK_SECRET,
          customers: deps.customers,
        })
      : null;
  const mercadoPago =
    c.MERCADO_PAGO_ACCESS_TOKEN && c.MERCADO_PAGO_WEBHOOK_SECRET
      ? mercadoPagoPaymentProvider({
          accessToken: c.MERCADO_PAGO_ACCESS_TOKEN,
          publicKey: c.MERCADO_PAGO_PUBLIC_KEY ?? null,
          webhookSecret: c.MERCADO_PAGO_WEBHOOK_SECRET,
        })
      : null;
  return paymentRegistry({ test, stripe, mercadoPago, methods: c.PAYMENT_METHODS });
}
