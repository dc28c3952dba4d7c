import { useTranslation } from '../../../shared/i18n/use-translation';
import { useCartTotals } from '../api/cart-queries';

/** A plural key: the catalogues hold nav_label_one, _other (and _few, _many… per language). */
const NAV_LABEL = 'cart.nav_label';

/** Most items the header badge spells out; more read "99+". */
const BADGE_MAX = 99;

/**
 * The header cart link's name and count badge ("Cart, 3 items"). Rendered inside the link, which
 * takes its name from this text; without a count (empty, loading, failed) it is just "Cart".
 */
export function CartCount() {
  const { t } = useTranslation();
  const totals = useCartTotals().data;
  // print products are items of the cart as much as digital lines
  const count = (totals?.digital_items_count ?? 0) + (totals?.print_items_count ?? 0);
  return (
    <>
      <span className="visually-hidden">{count > 0 ? t(NAV_LABEL, { count }) : t('nav.cart')}</span>
      {count > 0 && (
        <span className="nav-badge" aria-hidden="true">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </>
  );
}
