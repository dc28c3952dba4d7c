import './checkout.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CheckoutFailure } from '../components/order-result';
import { ReturnProgress } from '../components/return-progress';
import { type ProviderReturn, useReturnConfirmation } from '../hooks/use-return-confirmation';
import { orderIdOf } from '../lib/order-id';

/** Our Stripe return address says `method=stripe`; any other method is read from the order. */
const methodOf = (value: string | null) => (value === 'stripe' ? value : null);

/** The provider's return address, read once (the confirmation runs once). */
function readReturn(search: URLSearchParams): ProviderReturn {
  return {
    // Stripe appends payment_intent; the test payment page does the same
    transactionId: search.get('payment_intent'),
    method: methodOf(search.get('method')),
    orderId: orderIdOf(search),
    extraData: {},
  };
}

/**
 * /checkout/complete?order=<id>&payment_intent=<id> — where Stripe (and the test provider's page)
 * sends the browser back after a payment step off this page: the payment is confirmed, then the
 * success page or the checkout error page follows.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('checkout.complete.title'));
  const [search] = useSearchParams();
  const [ret] = useState(() => readReturn(search));
  const state = useReturnConfirmation(ret);
  return (
    <div className="page container checkout-result">
      {state.step === 'confirming' ? (
        <ReturnProgress />
      ) : (
        <CheckoutFailure reason={state.reason} orderId={state.orderId ?? undefined} />
      )}
    </div>
  );
}
