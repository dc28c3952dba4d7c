import type { Media } from '@fotodrop/contract/api/media';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { hideMedia } from '../api/album-mutations';
import { useAlbumCart } from './album-cart';

/** "Remove photo": after the confirmation the photo is hidden from the user's album for good. */
export function RemovePhotoDialog({
  open,
  media,
  onClose,
  onRemoved,
}: {
  open: boolean;
  media: Media;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const checkinId = useAlbumCart()?.checkin.id ?? null;
  const close = () => {
    setState('idle');
    onClose();
  };
  const remove = async () => {
    setState('busy');
    const ok = await hideMedia(checkinId, media);
    if (!ok) {
      setState('failed');
      return;
    }
    setState('idle');
    onRemoved();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('album.remove_photo.title')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={state === 'busy'} onClick={() => void remove()}>
            {t('album.remove_photo.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('album.remove_photo.text')}</p>
      {state === 'failed' && <Alert tone="error">{t('album.remove_photo.failed')}</Alert>}
    </Dialog>
  );
}
