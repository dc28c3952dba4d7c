import type { ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { galleryTree, subtreeIds } from './gallery-tree';

/** Deleting a gallery that holds photos or sub-galleries: they move first, to where the organiser says. */
export function GalleryDeleteDialog({
  gallery,
  galleries,
  busy,
  onCancel,
  onConfirm,
}: {
  gallery: ConsoleGallery;
  galleries: ConsoleGallery[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (moveTo: number | 'event') => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const [target, setTarget] = useState<string>('event');
  const blocked = subtreeIds(galleries, gallery.id);
  const children = galleries.filter((g) => g.parent_id === gallery.id).length;
  const targets = galleryTree(galleries).filter((r) => !blocked.has(r.gallery.id));
  return (
    <Dialog
      open
      onClose={onCancel}
      title={t('organiser.galleries.delete_title', { name: gallery.name })}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={() => onConfirm(target === 'event' ? 'event' : Number(target))}
          >
            {t('organiser.galleries.delete_and_move')}
          </Button>
        </>
      }
    >
      <p>
        {t('organiser.galleries.not_empty', { count: gallery.media_count })}{' '}
        {children > 0 && t('organiser.galleries.has_children', { count: children })}
      </p>
      <div className="field">
        <label className="field-label" htmlFor={selectId}>
          {t('organiser.galleries.move_to')}
        </label>
        <select
          id={selectId}
          className="input select"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="event">{t('organiser.galleries.move_to_event')}</option>
          {targets.map((r) => (
            <option key={r.gallery.id} value={r.gallery.id}>
              {r.path}
            </option>
          ))}
        </select>
      </div>
    </Dialog>
  );
}
