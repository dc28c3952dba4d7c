import type { ReactNode } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';

/** A cart confirmation ("remove digital item", "empty cart"): Cancel, then the destructive action. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  busy: boolean;
  /** The last attempt's failure, shown in the dialog (nothing changed). */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
      {error ? <Alert tone="error">{translateError(t, error)}</Alert> : null}
    </Dialog>
  );
}
