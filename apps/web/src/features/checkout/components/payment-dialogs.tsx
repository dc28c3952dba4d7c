import type { PaymentFailureReason } from '@fotodrop/contract/rules/payment-failure';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { supportMailto } from '../lib/support';

/**
 * The payment-error modal (albums spec §8): something went wrong, what the payment system said (as
 * our translated reason, issue 17), try again or ask support. The cart is untouched, so trying
 * again is one press away.
 */
export function PaymentErrorDialog({
  open,
  reason,
  onRetry,
}: {
  open: boolean;
  reason: PaymentFailureReason | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onRetry}
      title={t('checkout.error_modal.title')}
      actions={
        <>
          <a className="btn btn-secondary" href={supportMailto(t('checkout.error_modal.subject'))}>
            {t('checkout.error_modal.support')}
          </a>
          <Button onClick={onRetry}>{t('checkout.error_modal.retry')}</Button>
        </>
      }
    >
      <p>{t('checkout.error_modal.text')}</p>
      {reason && (
        <Alert tone="error" title={t('checkout.error_modal.provider')}>
          {t(`checkout.decline.${reason}`)}
        </Alert>
      )}
    </Dialog>
  );
}

/** The bank's second confirmation of a card (3-D Secure; the test card 4000 0000 0000 3220). */
export function BankConfirmDialog({
  open,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('checkout.bank_confirm.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('checkout.bank_confirm.confirm')}</Button>
        </>
      }
    >
      <p>{t('checkout.bank_confirm.text')}</p>
    </Dialog>
  );
}

/** The band shown while the built-in test provider takes the payments: no money moves. */
export function TestModeBand() {
  const { t } = useTranslation();
  return (
    <p className="test-mode-band" role="note">
      <strong>{t('checkout.test_mode.title')}</strong> {t('checkout.test_mode.text')}
    </p>
  );
}
