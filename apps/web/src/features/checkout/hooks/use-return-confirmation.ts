import type { PaymentMethodId } from '@fotodrop/contract/enums';
import type { PaymentFailureReason } from '@fotodrop/contract/rules/payment-failure';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { confirmPayment, fetchOrder } from '../api/checkout-api';
import { checkoutKeys } from '../api/checkout-queries';
import { failedOrderId, failedReason, PAYMENT_FAILED } from '../lib/payment-steps';

export type ReturnState =
  | { step: 'confirming' }
  | { step: 'failed'; orderId: number | null; reason: PaymentFailureReason | null };

export interface ProviderReturn {
  transactionId: string | null;
  /** The method when the return address says it; else the order's. */
  method: PaymentMethodId | null;
  orderId: number | null;
  extraData: Record<string, string>;
}

/**
 * A provider sent the browser back (Stripe's redirect, Mercado Pago, the test payment page): the
 * server is asked to confirm the payment — it reads the state from the provider, never from this
 * address — and a paid or pending order goes to the success page, a failed one stays here.
 */
export function useReturnConfirmation(ret: ProviderReturn): ReturnState {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReturnState>({ step: 'confirming' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { transactionId, orderId, extraData } = ret;
    void (async () => {
      try {
        if (!transactionId) throw new Error('the provider returned no payment id');
        const method =
          ret.method ?? (orderId !== null ? (await fetchOrder(orderId)).payment_method : null) ?? 'stripe';
        const order = await confirmPayment({
          transaction_id: transactionId,
          payment_method: method,
          extra_data: extraData,
        });
        if (order.status === 'failed') {
          setState({ step: 'failed', orderId: order.id, reason: order.failure_reason });
          void queryClient.invalidateQueries({ queryKey: ['cart'] });
          return;
        }
        queryClient.setQueryData(checkoutKeys.order(order.id), order);
        navigate(paths.checkoutSuccess.getHref({ order: order.id }), { replace: true });
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        void queryClient.invalidateQueries({ queryKey: ['album'] });
      } catch (error) {
        // a refused payment is a 402 payment_failed with our reason and the order's id
        const declined = isApiError(error) && error.code === PAYMENT_FAILED;
        setState({
          step: 'failed',
          orderId: declined ? (failedOrderId(error.data) ?? orderId) : orderId,
          reason: declined ? failedReason(error.data) : null,
        });
        if (declined) void queryClient.invalidateQueries({ queryKey: ['cart'] });
      }
    })();
  }, [ret, navigate, queryClient]);

  return state;
}
