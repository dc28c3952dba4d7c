import type { Cart, CartTotals } from '@fotodrop/contract';
import type { Language } from '@fotodrop/contract/languages';
import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { Db } from '../../db/client';
import type { AuthContext } from '../accounts/auth.service';
import type { WrongGuessLimits } from '../albums/code-guess-limits';
import { countCampaignGuess } from '../orders/campaign-guesses';
import type { OrderPricing } from '../orders/order-pricing';
import type { CartService } from './cart.service';
import { cartOffers } from './cart-offers';
import type { PrintService } from './print.service';

/**
 * `GET /v1/cart/`: both halves of the cart and its totals as the order would charge them — the
 * voucher entered, shipping to the chosen country — what the checkout screen shows.
 */
export function cartOverviewService(deps: {
  db: Db;
  cart: CartService;
  print: PrintService;
  pricing: OrderPricing;
  voucherGuesses: WrongGuessLimits;
  now: () => Date;
}) {
  return {
    /** Print items are named in the request's language. */
    async whole(
      auth: AuthContext,
      language: Language,
      query: {
        voucher_code?: string | undefined;
        campaign_code?: string | undefined;
        country?: string | undefined;
      },
      ip: string,
    ): Promise<Cart> {
      const guesser = { ip, userId: auth.user.id };
      if (query.voucher_code || query.campaign_code) await deps.voucherGuesses.assertOpen(guesser);
      const digital = await deps.cart.list(auth);
      const print = await deps.print.cartItems(auth.user.id, language);
      const priced = await deps.pricing.price(deps.db, auth.user.id, {
        voucherCode: query.voucher_code,
        campaignCode: query.campaign_code,
        country: query.country,
      });
      if (priced.voucher?.status === 'invalid') await deps.voucherGuesses.recordWrong(guesser);
      await countCampaignGuess(
        deps.db,
        deps.voucherGuesses,
        guesser,
        query.campaign_code,
        priced.campaign !== null,
      );
      const money = (minor: number) => minorToDecimalString(minor, priced.currency ?? 'EUR');
      // Every figure from the one pricing: the lines are not priced a second time.
      const totals: CartTotals = {
        digital_items_total: money(priced.digitalTotal),
        digital_items_count: priced.digitalItemsCount,
        print_items_total: money(priced.printTotal),
        print_items_count: priced.printItemsCount,
        subtotal: money(priced.digitalTotal + priced.printTotal),
        shipping_costs: money(priced.shipping),
        handling_fee: money(priced.handlingFee),
        discount_total: money(priced.discountTotal),
        grand_total: money(priced.grandTotal),
        currency: priced.currency,
      };
      const voucher = priced.voucher
        ? {
            code: priced.voucher.code,
            status: priced.voucher.status,
            free_photos:
              priced.voucher.status === 'valid' && priced.voucher.row?.kind === 'free_photos'
                ? priced.voucher.row.value
                : null,
          }
        : null;
      const campaign = priced.campaign
        ? {
            code: priced.campaign.code,
            percent_off: priced.campaign.percentOff,
            discount: money(priced.campaignDiscount),
          }
        : null;
      const suggestions = await cartOffers(deps.db, deps.now).packageSuggestions(auth.user.id);
      return {
        digital_items: digital.results,
        print_items: print,
        totals,
        voucher,
        campaign,
        package_suggestions: suggestions,
      };
    },
  };
}
