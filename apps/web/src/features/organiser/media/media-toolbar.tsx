import type { MediaBulk, MediaBulkResult } from '@fotodrop/contract/api/organiser-media';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { bulkMedia } from './media-api';

type Action = MediaBulk['action'];

/** Bulk actions on the selected media; deleting asks first. The outcome is announced (aria-live). */
export function MediaToolbar({
  slug,
  selected,
  galleries,
  onDone,
}: {
  slug: string;
  selected: number[];
  galleries: { id: number; name: string }[];
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const galleryId = useId();
  const tagsId = useId();
  const [gallery, setGallery] = useState('none');
  const [tags, setTags] = useState('');
  const [confirming, setConfirming] = useState(false);
  const run = useMutation({
    mutationFn: (body: MediaBulk) => bulkMedia(slug, body),
    onSuccess: (result: MediaBulkResult, body) => {
      const count = (o: string) => result.results.filter((r) => r.outcome === o).length;
      const parts = [t(`organiser.media.done.${body.action}`, { count: count('done') })];
      if (count('kept')) parts.push(t('organiser.media.done.kept', { count: count('kept') }));
      if (count('skipped')) parts.push(t('organiser.media.done.skipped', { count: count('skipped') }));
      if (count('not_found')) parts.push(t('organiser.media.done.not_found', { count: count('not_found') }));
      setConfirming(false);
      onDone(parts.join(' '));
    },
  });
  const tagList = tags
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const act = (action: Action) => {
    const body: MediaBulk = { ids: selected, action };
    if (action === 'move') body.gallery_id = gallery === 'none' ? null : Number(gallery);
    if (action === 'add_tags' || action === 'remove_tags') body.tags = tagList;
    run.mutate(body);
  };
  const none = selected.length === 0 || run.isPending;
  return (
    <section className="media-toolbar" aria-label={t('organiser.media.toolbar')}>
      <p className="media-selected">{t('organiser.media.selected', { count: selected.length })}</p>
      <div className="media-toolbar-group">
        <label htmlFor={galleryId}>{t('organiser.media.move_to')}</label>
        <select id={galleryId} value={gallery} onChange={(e) => setGallery(e.target.value)}>
          <option value="none">{t('organiser.media.event_itself')}</option>
          {galleries.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <Button size="sm" variant="secondary" disabled={none} onClick={() => act('move')}>
          {t('organiser.media.move')}
        </Button>
      </div>
      <div className="media-toolbar-group">
        <label htmlFor={tagsId}>{t('organiser.media.tags')}</label>
        <input id={tagsId} value={tags} maxLength={1000} onChange={(e) => setTags(e.target.value)} />
        <Button
          size="sm"
          variant="secondary"
          disabled={none || tagList.length === 0}
          onClick={() => act('add_tags')}
        >
          {t('organiser.media.add_tags')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={none || tagList.length === 0}
          onClick={() => act('remove_tags')}
        >
          {t('organiser.media.remove_tags')}
        </Button>
      </div>
      <div className="media-toolbar-group">
        <Button size="sm" variant="secondary" disabled={none} onClick={() => act('hide')}>
          {t('organiser.media.hide')}
        </Button>
        <Button size="sm" variant="secondary" disabled={none} onClick={() => act('unhide')}>
          {t('organiser.media.unhide')}
        </Button>
        <Button size="sm" variant="secondary" disabled={none} onClick={() => act('reprocess')}>
          {t('organiser.media.reprocess')}
        </Button>
        <Button size="sm" variant="danger" disabled={none} onClick={() => setConfirming(true)}>
          {t('organiser.media.delete')}
        </Button>
      </div>
      {run.isError && <Alert tone="error">{translateError(t, run.error)}</Alert>}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('organiser.media.delete_title', { count: selected.length })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('organiser.media.cancel')}
            </Button>
            <Button variant="danger" disabled={run.isPending} onClick={() => act('delete')}>
              {t('organiser.media.delete_confirm', { count: selected.length })}
            </Button>
          </>
        }
      >
        <p>{t('organiser.media.delete_text')}</p>
      </Dialog>
    </section>
  );
}
