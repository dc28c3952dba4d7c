import { stripeFailureReason } from '@fotodrop/contract/rules/payment-failure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { StripeHandle } from '../lib/stripe-handle';

/** One Stripe.js per publishable key for the life of the page (Stripe's own advice). */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadStripe(key);
    loaded.set(key, promise);
  }
  return promise;
};

interface StripePaymentProps {
  publishableKey: string;
  /** What the order will cost, in minor units (the deferred intent's amount). */
  amountMinor: number;
  currency: string;
  onReady: (handle: StripeHandle | null) => void;
}

/**
 * Stripe's Payment Element for a new card (this module is its own chunk, loaded only when a
 * publishable key is configured: test mode never loads Stripe). The intent is created with the
 * order (deferred intent): the element collects the details first, the pay button then creates
 * the order and confirms its client secret here.
 */
export default function StripePayment({
  publishableKey,
  amountMinor,
  currency,
  onReady,
}: StripePaymentProps) {
  const { language } = useTranslation();
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        mode: 'payment',
        amount: amountMinor,
        currency: currency.toLowerCase(),
        locale: language as 'auto',
        allowedPaymentMethodTypes: ['card'],
      }}
    >
      <PaymentHandle onReady={onReady} />
    </Elements>
  );
}

function PaymentHandle({ onReady }: { onReady: StripePaymentProps['onReady'] }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      async submit() {
        const { error } = await elements.submit();
        // Stripe shows the field's own hint in the element; the modal says our reason
        return error ? stripeFailureReason(error) : null;
      },
      async confirm(clientSecret, returnUrl) {
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { return_url: returnUrl },
          redirect: 'if_required',
        });
        if (error) return { error: stripeFailureReason(error) };
        return { intentId: paymentIntent.id };
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);
  return <PaymentElement />;
}
