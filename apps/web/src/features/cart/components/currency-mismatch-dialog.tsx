import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ButtonLink } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';

/**
 * "Currency mismatch" (albums spec §8): the cart accepts one currency, so media priced in another
 * wait until the current order is finished. Offers the cart, or closing.
 */
export function CurrencyMismatchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('cart.currency_mismatch.title')}
      actions={
        // the dialog's own close button is the other way out
        <ButtonLink to={paths.checkout.getHref()} onClick={onClose}>
          {t('cart.currency_mismatch.to_cart')}
        </ButtonLink>
      }
    >
      <p>{t('cart.currency_mismatch.text')}</p>
    </Dialog>
  );
}
