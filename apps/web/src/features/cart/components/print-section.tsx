import type { PrintCartItem } from '@fotodrop/contract/api/print';
import { useState } from 'react';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ButtonLink } from '../../../shared/ui/button';
import { usePrintOptionNames } from '../../print';
import { useDeletePrintItem } from '../api/cart-mutations';
import { ConfirmDialog } from './confirm-dialog';
import { PrintLine } from './print-line';

/**
 * The basket's print products (albums spec §2 "Checkout: digital and print sections"): each item
 * with a remove button behind a confirmation, and a way to order prints of the cart's photos.
 */
export function PrintSection({ items, canOrder }: { items: readonly PrintCartItem[]; canOrder: boolean }) {
  const { t } = useTranslation();
  const names = usePrintOptionNames({ enabled: items.length > 0 });
  const [removing, setRemoving] = useState<PrintCartItem | null>(null);
  const remove = useDeletePrintItem();
  const close = () => {
    remove.reset();
    setRemoving(null);
  };
  if (items.length === 0 && !canOrder) return null;

  return (
    <section className="cart-section" aria-labelledby="cart-print-title">
      <div className="cart-section-head">
        <h2 id="cart-print-title">{t('cart.print.title')}</h2>
        {canOrder && items.length > 0 && (
          <ButtonLink to={paths.print.getHref()} variant="ghost" size="sm">
            {t('cart.print.order')}
          </ButtonLink>
        )}
      </div>
      {items.length === 0 ? (
        <div className="cart-print-offer">
          <p>{t('cart.print.offer')}</p>
          <ButtonLink to={paths.print.getHref()} variant="secondary" size="sm">
            {t('cart.print.order')}
          </ButtonLink>
        </div>
      ) : (
        <ul className="cart-lines" aria-labelledby="cart-print-title">
          {items.map((item) => (
            <PrintLine
              key={item.id}
              item={item}
              options={names(item.product_id, item.variant_option_ids)}
              onRemove={() => setRemoving(item)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('cart.remove_print.title')}
        confirm={t('cart.remove_print.confirm')}
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: close })}
      >
        <p>{removing && t('cart.remove_print.text', { what: removing.title })}</p>
      </ConfirmDialog>
    </section>
  );
}
