import type { Order } from '@fotodrop/contract/api/orders';
import type { PaymentMethodId } from '@fotodrop/contract/enums';
import { isCampaignValid } from '@fotodrop/contract/rules/campaign';
import type { PaymentFailureReason } from '@fotodrop/contract/rules/payment-failure';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { useAppStore } from '../../../shared/store/app-store';
import {
  cancelOrder,
  confirmPayment,
  confirmTestIntent,
  createOrder,
  type NewOrder,
} from '../api/checkout-api';
import { checkoutKeys } from '../api/checkout-queries';
import {
  failedReason,
  intentIdOfSecret,
  nextStep,
  orderFailed,
  PAYMENT_FAILED,
  samePath,
} from '../lib/payment-steps';
import type { StripeHandle } from '../lib/stripe-handle';

export type PayState =
  | { step: 'idle' }
  | { step: 'paying' }
  /** 3-D Secure-like: the bank asks for a second confirmation of the test card. */
  | { step: 'bank-confirm'; orderId: number; intentId: string; cardNumber: string; method: PaymentMethodId }
  /** The payment-error modal: why, as our reason (null: nothing more to say). */
  | { step: 'failed'; reason: PaymentFailureReason | null };

export interface PayRequest {
  body: Omit<NewOrder, 'voucher_code' | 'campaign_code'>;
  voucherCode: string | null;
  /** The test provider's card number (test mode, new card). */
  cardNumber: string | null;
  /** The Payment Element (Stripe configured, new card). */
  stripe: StripeHandle | null;
}

/**
 * The pay button's work (issue 9): one order for one press however often it is pressed, the
 * provider step, then the server's confirmation, which reads the payment from the provider. A
 * paid (or pending) order goes to the success page and the cart and albums are fetched again; a
 * declined one opens the payment-error modal and leaves the cart as it was.
 */
export function useCheckoutPayment() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PayState>({ step: 'idle' });
  // state updates are not synchronous: a second click in the same tick must see the first
  const inFlight = useRef(false);

  function finish(order: Order) {
    if (orderFailed(order)) {
      setState({ step: 'failed', reason: order.failure_reason });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      return;
    }
    queryClient.setQueryData(checkoutKeys.order(order.id), order);
    navigate(paths.checkoutSuccess.getHref({ order: order.id }), { replace: true });
    // after leaving: the basket would otherwise flash empty before the success page
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
    void queryClient.invalidateQueries({ queryKey: ['album'] });
  }

  async function confirm(transactionId: string, method: PaymentMethodId) {
    finish(await confirmPayment({ transaction_id: transactionId, payment_method: method, extra_data: {} }));
  }

  /** The test provider's answer to a card: paid, declined, or a second confirmation wanted. */
  async function afterTestCard(
    orderId: number,
    intentId: string,
    cardNumber: string,
    method: PaymentMethodId,
  ) {
    const intent = await confirmTestIntent(intentId, { card_number: cardNumber });
    if (intent.status === 'processing') {
      setState({ step: 'bank-confirm', orderId, intentId, cardNumber, method });
      return;
    }
    if (intent.status === 'succeeded') return confirm(intentId, method);
    // the server learns of the decline from its provider too; the modal says the reason in our words
    await confirmPayment({ transaction_id: intentId, payment_method: method, extra_data: {} }).catch(
      () => null,
    );
    setState({ step: 'failed', reason: intent.reason ?? 'declined' });
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
  }

  /** A refused payment: the server answers 402 payment_failed with our reason. */
  function failed(error: unknown) {
    const declined = isApiError(error) && error.code === PAYMENT_FAILED;
    setState({ step: 'failed', reason: declined ? failedReason(error.data) : null });
    if (declined) void queryClient.invalidateQueries({ queryKey: ['cart'] });
  }

  async function run(work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      inFlight.current = false;
    }
  }

  /** Creates the order and pays it. Rejects with the API error when the order itself is refused. */
  async function pay({ body, voucherCode, cardNumber, stripe }: PayRequest): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ step: 'paying' });
    const { campaign, setCampaign } = useAppStore.getState();
    const campaignValid = isCampaignValid(campaign, new Date());
    // albums spec §4: an expired or empty campaign is dropped when the order is created
    if (campaign && !campaignValid) setCampaign(null);
    let created: Awaited<ReturnType<typeof createOrder>>;
    try {
      const stripeError = stripe ? await stripe.submit() : null;
      if (stripeError) {
        inFlight.current = false;
        setState({ step: 'failed', reason: stripeError });
        return;
      }
      created = await createOrder({
        ...body,
        ...(voucherCode ? { voucher_code: voucherCode } : {}),
        ...(campaignValid && campaign ? { campaign_code: campaign.campaign_code } : {}),
      });
    } catch (error) {
      inFlight.current = false;
      // a saved card is charged with the order: its refusal is a payment error, not a form error
      if (isApiError(error) && error.code === PAYMENT_FAILED) {
        failed(error);
        return;
      }
      setState({ step: 'idle' });
      throw error;
    }
    const { order, payment } = created;
    const method = body.payment_method;
    const step = nextStep(payment, { stripe: stripe !== null, savedCard: Boolean(body.saved_card_id) });
    await run(async () => {
      switch (step.kind) {
        case 'redirect': {
          const path = samePath(step.url, window.location.origin);
          if (path) navigate(path);
          else window.location.assign(step.url);
          return;
        }
        case 'done':
          return finish(order);
        case 'confirm':
          return confirm(step.transactionId, method);
        case 'test-card':
          return afterTestCard(order.id, step.intentId, cardNumber ?? '', method);
        case 'stripe': {
          const returnUrl = new URL(
            paths.checkoutComplete.getHref({ order: order.id, method }),
            window.location.origin,
          ).toString();
          const answer = await stripe!.confirm(step.clientSecret, returnUrl);
          if ('error' in answer) {
            setState({ step: 'failed', reason: answer.error });
            return;
          }
          return confirm(answer.intentId || intentIdOfSecret(step.clientSecret), method);
        }
      }
    });
  }

  /** The second press of a card that asked for it (the test provider's 3-D Secure step). */
  function confirmWithBank() {
    if (state.step !== 'bank-confirm' || inFlight.current) return;
    inFlight.current = true;
    const { orderId, intentId, cardNumber, method } = state;
    setState({ step: 'paying' });
    void run(() => afterTestCard(orderId, intentId, cardNumber, method));
  }

  /**
   * Cancel in the bank's dialog (issue 17): the order and its payment are cancelled on the server
   * at once, so the cart is free for another try — any method — without waiting for the timeout.
   */
  function cancelBankStep() {
    if (state.step !== 'bank-confirm' || inFlight.current) return;
    inFlight.current = true;
    const { orderId } = state;
    setState({ step: 'paying' });
    void cancelOrder(orderId)
      // a refusal (the payment went through meanwhile) shows as the order's own state next
      .catch(() => null)
      .finally(() => {
        inFlight.current = false;
        setState({ step: 'idle' });
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
      });
  }

  function dismiss() {
    if (state.step === 'failed') setState({ step: 'idle' });
  }

  return { state, pay, confirmWithBank, cancelBankStep, dismiss };
}
