import type { CartTotals } from '@fotodrop/contract/api/cart';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { showMoney } from '../lib/cart-format';

/** Plural keys: the catalogues hold digital_one, _other (and _few, _many… per language). */
const DIGITAL_COUNT = 'cart.summary.digital';
const PRINT_COUNT = 'cart.summary.print';

/**
 * The cart's totals: the digital items, the print products, a discount when there is one, and
 * the grand total, VAT included (shipping of prints is priced at checkout). Payment is not part
 * of this screen yet, so there is no button here.
 */
export function CartSummary({ totals }: { totals: CartTotals }) {
  const { t, language } = useTranslation();
  const titleId = useId();
  const { currency } = totals;
  if (!currency) return null;
  const money = (amount: string) => showMoney(amount, currency, language);
  const hasDiscount = Number(totals.discount_total) > 0;
  return (
    <section className="cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('cart.summary.title')}</h2>
      <dl>
        <div>
          <dt>{t(DIGITAL_COUNT, { count: totals.digital_items_count })}</dt>
          <dd>{money(totals.digital_items_total)}</dd>
        </div>
        {totals.print_items_count > 0 && (
          <div>
            <dt>{t(PRINT_COUNT, { count: totals.print_items_count })}</dt>
            <dd>{money(totals.print_items_total)}</dd>
          </div>
        )}
        {hasDiscount && (
          <div>
            <dt>{t('cart.summary.discount')}</dt>
            <dd>−{money(totals.discount_total)}</dd>
          </div>
        )}
        <div className="cart-summary-total">
          <dt>{t('cart.summary.total')}</dt>
          <dd>{money(totals.grand_total)}</dd>
        </div>
      </dl>
      <p className="cart-summary-vat">{t('album.prices.vat')}</p>
    </section>
  );
}
