import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../../shared/api/query-client';
import { refreshCart } from '../../cart';
import { type Configuration, decorateConfiguration } from './print-api';

/** Puts a configuration in the cart; the cart (lines, totals, the header count) is fetched again. */
export function useAddPrintToCart() {
  return useMutation(
    {
      mutationFn: (configuration: Configuration) =>
        decorateConfiguration({ ...configuration, add_to_cart: true }),
      onSuccess: () => refreshCart(),
    },
    queryClient,
  );
}
