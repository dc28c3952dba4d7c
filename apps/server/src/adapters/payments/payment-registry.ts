import { PAYMENT_METHODS, type PaymentMethodId } from '@fotodrop/contract';
import type { PaymentProvider, ProviderId } from './payment-provider';

/** Methods a Stripe account serves (cards with saved cards, iDEAL, Przelewy24). */
const STRIPE_METHODS: readonly PaymentMethodId[] = ['stripe', 'ideal', 'p24'];

/**
 * Which provider moves the money of each payment method: the configured real provider, or the
 * built-in test provider when that provider has no keys. A bank transfer has no provider: an
 * organiser or staff marks the order paid.
 */
export function paymentRegistry(providers: {
  test: PaymentProvider;
  stripe: PaymentProvider | null;
  mercadoPago: PaymentProvider | null;
  /** The methods the installation offers (PAYMENT_METHODS); all of them by default. */
  methods?: readonly PaymentMethodId[] | undefined;
}) {
  // In the contract's order, whatever order the configuration lists them in.
  const methods = PAYMENT_METHODS.filter((m) => !providers.methods || providers.methods.includes(m));
  const forMethod = (method: PaymentMethodId): PaymentProvider | null => {
    if (method === 'bank-transfer') return null;
    if (STRIPE_METHODS.includes(method)) return providers.stripe ?? providers.test;
    return providers.mercadoPago ?? providers.test;
  };
  return {
    forMethod,
    byId(id: ProviderId | string): PaymentProvider | null {
      if (id === 'test') return providers.test;
      if (id === 'stripe') return providers.stripe;
      if (id === 'mercado-pago') return providers.mercadoPago;
      return null;
    },
    /** Whether any offered method is served by the test provider (the checkout's test-mode band). */
    testModeFor(methods: readonly PaymentMethodId[]): boolean {
      return methods.some((m) => forMethod(m)?.id === 'test');
    },
    /** The methods this installation serves: events choose among them (issue 19). */
    methods,
    stripePublishableKey: providers.stripe?.publicKey ?? null,
    mercadoPagoPublicKey: providers.mercadoPago?.publicKey ?? null,
  };
}
export type PaymentRegistry = ReturnType<typeof paymentRegistry>;
