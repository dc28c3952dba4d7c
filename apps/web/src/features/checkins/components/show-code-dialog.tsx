import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { CodeText } from '../../../shared/ui/code-field';
import { Dialog } from '../../../shared/ui/dialog';

/** "Show code": the album code in large monospace letters, with the zero / letter O tip. */
export function ShowCodeDialog({
  open,
  onClose,
  code,
}: {
  open: boolean;
  onClose: () => void;
  code: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('album.code.title')}
      actions={<Button onClick={onClose}>{t('dialog.close')}</Button>}
    >
      <p className="album-code-big">
        <CodeText code={code} />
      </p>
      <p>{t('album.code.text')}</p>
      <p className="field-hint">{t('checkins.tips.zero')}</p>
    </Dialog>
  );
}
