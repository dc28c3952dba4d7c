import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { unsetPopups } from '../../album';
import { removeCheckin } from '../api/checkin-queries';
import type { CheckinsNotice } from '../routes/checkins';

/**
 * "Remove album" (albums spec §4): removes the album with its biometric data, then back to the
 * album list with a notice. Refused (400 album_in_cart) while the cart holds photos of it.
 */
export function RemoveAlbumDialog({
  open,
  onClose,
  checkin,
}: {
  open: boolean;
  onClose: () => void;
  checkin: Checkin;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => removeCheckin(checkin.id, checkin.picacode),
    onSuccess: () => {
      // the album's popups show again should it be added once more
      unsetPopups(checkin.pica_service_id);
      const state: CheckinsNotice = { notice: 'album_removed', picacode: checkin.picacode };
      void navigate(paths.checkins.getHref(), { replace: true, state });
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('album.remove.title')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('album.remove.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('album.remove.text', { event: checkin.event_name, code: checkin.picacode })}</p>
      <p>{t('album.remove.biometric')}</p>
      {remove.isError && <Alert tone="error">{translateError(t, remove.error)}</Alert>}
    </Dialog>
  );
}
