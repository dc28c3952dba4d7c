import type { CartPayments, PaymentMethodId } from '@fotodrop/contract';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type { Queryable } from '../../db/client';
import { ordersRepository } from '../../repositories/orders.repository';
import type { PricedCart } from './order-pricing';

export const PAYMENT_METHOD_NAMES: Record<PaymentMethodId, string> = {
  stripe: 'Card',
  ideal: 'iDEAL',
  p24: 'Przelewy24',
  'mercado-pago': 'Mercado Pago',
  'bank-transfer': 'Bank transfer',
};

/** Currencies each method can take (iDEAL: euro; Przelewy24: złoty and euro; Mercado Pago: Latin America). */
export const METHOD_CURRENCIES: Partial<Record<PaymentMethodId, readonly string[]>> = {
  ideal: ['EUR'],
  p24: ['PLN', 'EUR'],
  'mercado-pago': ['ARS', 'BRL', 'CLP', 'COP', 'MXN', 'PEN', 'UYU'],
};

/**
 * Which payment methods a cart can be paid with (albums spec §3 "Payments response"): those every
 * event of the cart offers (all by default), that take the cart's currency, and that someone can
 * serve (a bank transfer needs an account to pay into).
 */
export function paymentOptions(deps: { payments: PaymentRegistry }) {
  return {
    async forCart(
      db: Queryable,
      priced: Pick<PricedCart, 'currency' | 'albums' | 'organisationId'>,
    ): Promise<CartPayments> {
      const serviceIds = [...new Set(priced.albums.map((a) => a.serviceId))];
      const repo = ordersRepository(db);
      const settings = await repo.paymentSettingsOf(serviceIds);
      const account = await repo.bankAccountFor(priced.organisationId);
      const methods = deps.payments.methods.filter((method) => {
        if (settings.some((s) => !s.methods.includes(method))) return false;
        const currencies = METHOD_CURRENCIES[method];
        if (currencies && (!priced.currency || !currencies.includes(priced.currency))) return false;
        if (method === 'bank-transfer') return account !== null;
        return true;
      });
      // only the organisers' own texts: the web says the default in the user's language (issue 17)
      const confirm: Partial<Record<PaymentMethodId, string>> = {};
      for (const s of settings) Object.assign(confirm, s.confirmMessages);
      return {
        payment_methods: methods.map((id) => ({
          id,
          name: PAYMENT_METHOD_NAMES[id],
          banks: deps.payments.forMethod(id)?.banks?.(id) ?? [],
        })),
        payment_settings: {
          stripe_publishable_key: deps.payments.stripePublishableKey,
          mercado_pago_public_key: deps.payments.mercadoPagoPublicKey,
          test_mode: deps.payments.testModeFor(methods),
        },
        confirm_messages: Object.fromEntries(
          Object.entries(confirm).filter(([m]) => methods.includes(m as PaymentMethodId)),
        ),
      };
    },
  };
}
export type PaymentOptions = ReturnType<typeof paymentOptions>;
