import type { Cart, CartTotals } from '@fotodrop/contract/api/cart';
import { decimalStringToMinor, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Button } from '../../../shared/ui/button';
import { FieldError } from '../../../shared/ui/field-error';
import { showMoney } from '../lib/money';

/** Plural keys: the catalogues hold digital_one, _other (and _few, _many… per language). */
const DIGITAL_COUNT = 'cart.summary.digital';
const PRINT_COUNT = 'cart.summary.print';

export interface SummaryProps {
  totals: CartTotals;
  /** The preview link's campaign, once it applies (its part of the discount is shown on its own). */
  campaign: Cart['campaign'];
  /** The accepted promo code, if any. */
  voucher: string | null;
  /** The server refused the promo code with the order (message key). */
  voucherError?: string | undefined;
  onPromo: () => void;
  onRemoveVoucher: () => void;
  /** Shipping is priced once a country is chosen (print products only). */
  awaitingCountry: boolean;
  /** Nothing is charged now (bank transfer, or nothing left to pay): "Place order", not "Pay €…". */
  placeOrder: boolean;
  paying: boolean;
  /** The id of the checkout form the pay button submits. */
  form: string;
}

/**
 * The checkout's totals as the server computed them (digital, print, shipping, fee, discount),
 * the promo code, and the pay button with the grand total: the browser never prices anything.
 */
export function CheckoutSummary({
  totals,
  campaign,
  voucher,
  voucherError,
  onPromo,
  onRemoveVoucher,
  awaitingCountry,
  placeOrder,
  paying,
  form,
}: SummaryProps) {
  const { t, language } = useTranslation();
  const titleId = useId();
  // staff viewing as the user may not pay (the server answers 403): the button says so beforehand
  const impersonating = useAppStore((s) => s.impersonator !== null);
  const { currency } = totals;
  if (!currency) return null;
  const money = (amount: string) => showMoney(amount, currency, language);
  const hasPrint = totals.print_items_count > 0;
  // the server's discount less the campaign's part (both the server's figures): the promo code's
  const minor = (amount: string) => decimalStringToMinor(amount, currency);
  const otherDiscount = minor(totals.discount_total) - (campaign ? minor(campaign.discount) : 0);
  return (
    <section className="cart-summary checkout-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('cart.summary.title')}</h2>
      <dl>
        {totals.digital_items_count > 0 && (
          <div>
            <dt>{t(DIGITAL_COUNT, { count: totals.digital_items_count })}</dt>
            <dd>{money(totals.digital_items_total)}</dd>
          </div>
        )}
        {hasPrint && (
          <div>
            <dt>{t(PRINT_COUNT, { count: totals.print_items_count })}</dt>
            <dd>{money(totals.print_items_total)}</dd>
          </div>
        )}
        {hasPrint && (
          <div>
            <dt>{t('checkout.summary.shipping')}</dt>
            <dd>{awaitingCountry ? t('checkout.summary.shipping_pending') : money(totals.shipping_costs)}</dd>
          </div>
        )}
        {Number(totals.handling_fee) > 0 && (
          <div>
            <dt>{t('checkout.summary.handling_fee')}</dt>
            <dd>{money(totals.handling_fee)}</dd>
          </div>
        )}
        {campaign && (
          <div>
            <dt>{t('checkout.summary.campaign', { code: campaign.code, percent: campaign.percent_off })}</dt>
            <dd>−{money(campaign.discount)}</dd>
          </div>
        )}
        {otherDiscount > 0 && (
          <div>
            <dt>{t('cart.summary.discount')}</dt>
            <dd>−{money(minorToDecimalString(otherDiscount, currency))}</dd>
          </div>
        )}
        <div className="cart-summary-total">
          <dt>{t('cart.summary.total')}</dt>
          <dd>{money(totals.grand_total)}</dd>
        </div>
      </dl>
      <div className="checkout-promo">
        {voucher ? (
          <p>
            <span>{t('checkout.promo.applied_short', { code: voucher })}</span>
            <Button variant="ghost" size="sm" onClick={onRemoveVoucher} disabled={paying}>
              {t('checkout.promo.remove')}
            </Button>
          </p>
        ) : (
          <Button variant="ghost" size="sm" onClick={onPromo} disabled={paying}>
            {t('checkout.promo.open')}
          </Button>
        )}
        <FieldError id={`${titleId}-voucher`} message={voucherError} />
      </div>
      <Button
        type="submit"
        form={form}
        size="lg"
        block
        loading={paying}
        disabled={impersonating}
        aria-describedby={impersonating ? `${titleId}-impersonating` : undefined}
      >
        {placeOrder ? t('checkout.place_order') : t('checkout.pay', { amount: money(totals.grand_total) })}
      </Button>
      {impersonating && (
        <p id={`${titleId}-impersonating`} className="checkout-pay-blocked">
          {t('impersonation.pay_blocked')}
        </p>
      )}
      <p className="cart-summary-vat">{t('album.prices.vat')}</p>
    </section>
  );
}
