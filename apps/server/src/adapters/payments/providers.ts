import type { Queryable } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { type PaymentRegistry, paymentRegistry } from './payment-registry';
import { testPaymentProvider } from './test-provider';

/** Provider keys from the configuration; a provider without its keys is replaced by the test provider. */
export interface PaymentConfig {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  MERCADO_PAGO_ACCESS_TOKEN?: string | undefined;
  MERCADO_PAGO_PUBLIC_KEY?: string | undefined;
  MERCADO_PAGO_WEBHOOK_SECRET?: string | undefined;
}

/** The installation's payment providers, from its configuration. */
export function createPaymentProviders(deps: {
  db: Queryable;
  config: PaymentConfig;
  test?: PaymentProvider;
}): PaymentRegistry {
  const test = deps.test ?? testPaymentProvider(deps.db);
  return paymentRegistry({
    test,
    // Filled by the Stripe and Mercado Pago adapters when their keys are configured.
    stripe: null,
    mercadoPago: null,
  });
}
