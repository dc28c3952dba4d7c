import './basket.css';
import type { DigitalItem } from '@fotodrop/contract/api/cart';
import { type ReactNode, useState } from 'react';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { useDeleteCart, useDeleteDigitalItem } from '../api/cart-mutations';
import { useCartItems, useCartItemTotals, useCartTotals, useFullCart } from '../api/cart-queries';
import { lineDescription } from '../lib/cart-format';
import { CartLine } from './cart-line';
import { ConfirmDialog } from './confirm-dialog';
import { PackageSuggestions } from './package-suggestions';
import { PrintSection } from './print-section';

export interface BasketProps {
  /** Sections under the lines (the checkout's address and payment forms); shown while the cart holds something. */
  sections?: ReactNode;
  /** The column beside the lines (below them on a phone): the checkout's totals and pay button. */
  aside?: ReactNode;
}

/**
 * The basket of /checkout (albums spec §2 "Checkout", digital and print sections): the lines with
 * their prices, removing one or all of them. The checkout feature hosts it (through this feature's
 * index, lazily) and puts its own forms and totals into the two slots.
 */
export default function Basket({ sections, aside }: BasketProps) {
  const { t } = useTranslation();
  const items = useCartItems();
  const totals = useCartTotals();
  const itemTotals = useCartItemTotals();
  const full = useFullCart().data;
  const printItems = full?.print_items ?? [];
  const [removing, setRemoving] = useState<DigitalItem | null>(null);
  const [emptying, setEmptying] = useState(false);
  const removeItem = useDeleteDigitalItem();
  const emptyCart = useDeleteCart();

  const closeRemove = () => {
    removeItem.reset();
    setRemoving(null);
  };
  const closeEmpty = () => {
    emptyCart.reset();
    setEmptying(false);
  };

  let body: ReactNode;
  if (items.isPending) body = <Spinner label={t('cart.loading')} />;
  else if (items.isError)
    body = (
      <Alert tone="error" title={t('cart.load_failed')}>
        <Button variant="secondary" size="sm" onClick={() => void items.refetch()}>
          {t('checkins.list.retry')}
        </Button>
      </Alert>
    );
  else if (items.data.length === 0 && printItems.length === 0)
    body = (
      <div className="cart-empty">
        <p>{t('cart.empty.text')}</p>
        <ButtonLink to={paths.checkins.getHref()}>{t('cart.empty.to_albums')}</ButtonLink>
      </div>
    );
  else {
    const byId = new Map((itemTotals.data ?? []).map((line) => [line.id, line]));
    const currency = totals.data?.currency ?? null;
    // photos to print: any line but a videos-only package (a pick may hold photos)
    const holdsPhotos = items.data.some((item) => item.order_type !== 'VIDEOS');
    body = (
      <div className="cart-layout">
        <div className="cart-sections">
          <PackageSuggestions suggestions={full?.package_suggestions ?? []} currency={currency} />
          {items.data.length > 0 && (
            <section className="cart-section" aria-labelledby="cart-digital-title">
              <div className="cart-section-head">
                <h2 id="cart-digital-title">{t('cart.digital.title')}</h2>
                <Button variant="ghost" size="sm" onClick={() => setEmptying(true)}>
                  {t('cart.empty_cart.button')}
                </Button>
              </div>
              <ul className="cart-lines" aria-labelledby="cart-digital-title">
                {items.data.map((item) => (
                  <CartLine
                    key={item.id}
                    item={item}
                    total={byId.get(item.id)}
                    currency={currency}
                    onRemove={() => setRemoving(item)}
                  />
                ))}
              </ul>
            </section>
          )}
          <PrintSection items={printItems} canOrder={holdsPhotos} />
          {sections}
        </div>
        {aside}
      </div>
    );
  }

  return (
    <>
      {body}
      <ConfirmDialog
        open={removing !== null}
        title={t('cart.remove_item.title')}
        confirm={t('cart.remove_item.confirm')}
        busy={removeItem.isPending}
        error={removeItem.error}
        onClose={closeRemove}
        onConfirm={() => removing && removeItem.mutate(removing.id, { onSuccess: closeRemove })}
      >
        <p>
          {removing &&
            t('cart.remove_item.text', {
              what: lineDescription(t, removing),
              album: removing.event_name || removing.picacode,
            })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={emptying}
        title={t('cart.empty_cart.title')}
        confirm={t('cart.empty_cart.confirm')}
        busy={emptyCart.isPending}
        error={emptyCart.error}
        onClose={closeEmpty}
        onConfirm={() => emptyCart.mutate(undefined, { onSuccess: closeEmpty })}
      >
        <p>{t('cart.empty_cart.text')}</p>
      </ConfirmDialog>
    </>
  );
}
