import { useQuery } from '@tanstack/react-query';
import { orderQuery } from '../api/checkout-queries';

/** While the provider has not settled the payment, the order is asked again every few seconds. */
export const PROCESSING_POLL_MS = 3000;

export function useOrderWhileProcessing(id: number | null) {
  return useQuery({
    ...orderQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'processing' || status === 'awaiting_payment' ? PROCESSING_POLL_MS : false;
    },
  });
}
