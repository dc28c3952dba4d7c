import type { CartPayments } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../accounts/auth.service';
import type { OrderPricing } from './order-pricing';
import type { PaymentOptions } from './payment-options';

/** `GET /cart/payment-methods/`: the methods the user's cart can be paid with, and their texts. */
export function cartPaymentsService(deps: { db: Db; pricing: OrderPricing; options: PaymentOptions }) {
  return {
    async forUser(auth: AuthContext): Promise<CartPayments> {
      const priced = await deps.pricing.price(deps.db, auth.user.id, {});
      return deps.options.forCart(deps.db, priced);
    },
  };
}
