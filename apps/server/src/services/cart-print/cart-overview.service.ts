import type { Cart } from '@fotodrop/contract';
import type { Language } from '@fotodrop/contract/languages';
import type { AuthContext } from '../accounts/auth.service';
import type { CartService } from './cart.service';
import type { PrintService } from './print.service';

/** `GET /v1/cart/`: both halves of the cart and its totals, what the checkout screen shows. */
export function cartOverviewService(deps: { cart: CartService; print: PrintService }) {
  return {
    /** Print items are named in the request's language. */
    async whole(auth: AuthContext, language: Language): Promise<Cart> {
      const digital = await deps.cart.list(auth);
      const print = await deps.print.cartItems(auth.user.id, language);
      const totals = await deps.cart.totals(auth);
      // decision: vouchers come with checkout; until then a voucher_code is accepted and not checked.
      return { digital_items: digital.results, print_items: print, totals, voucher: null };
    },
  };
}
