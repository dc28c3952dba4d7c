import type { OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { POSTER_SECONDS_MAX } from '@fotodrop/contract/api/organiser-media';
import { bibOfTag } from '@fotodrop/contract/rules/bib-numbers';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { BibEditor } from '../bibs/bib-editor';
import { updateMedium } from './media-api';

/** One medium: its clean preview (or video), facts, its bibs (issue 20), and a video's poster second. */
export function MediaDetail({
  slug,
  medium,
  manage,
  onClose,
  onSaved,
}: {
  slug: string;
  medium: OrganiserMedia;
  manage: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const secondsId = useId();
  const [seconds, setSeconds] = useState(String(medium.poster_seconds ?? 1));
  const save = useMutation({
    mutationFn: () => updateMedium(slug, medium.id, { poster_seconds: Number(seconds) }),
    onSuccess: onSaved,
  });
  const name = medium.original_filename ?? t('organiser.media.untitled', { id: medium.id });
  const max = Math.min(POSTER_SECONDS_MAX, medium.duration_seconds ?? POSTER_SECONDS_MAX);
  return (
    <Dialog open onClose={onClose} title={name}>
      <div className="media-detail">
        {medium.video_url ? (
          // biome-ignore lint/a11y/useMediaCaption: participants' own footage has no caption track
          <video src={medium.video_url} poster={medium.preview_url ?? undefined} controls />
        ) : medium.preview_url ? (
          <img src={medium.preview_url} alt={name} />
        ) : (
          <p>{t(`organiser.media.status.${medium.status}`)}</p>
        )}
        <dl>
          <dt>{t('organiser.media.filter.status')}</dt>
          <dd>
            {t(`organiser.media.status.${medium.status}`)}
            {medium.error_reason ? ` (${medium.error_reason})` : ''}
          </dd>
          <dt>{t('organiser.media.tags')}</dt>
          <dd>{medium.tags.filter((tag) => bibOfTag(tag) === null).join(', ') || '—'}</dd>
          <dt>{t('organiser.media.filter.faces')}</dt>
          <dd>{medium.face_count}</dd>
        </dl>
        <BibEditor slug={slug} mediumId={medium.id} bibs={medium.bibs} manage={manage} onSaved={onSaved} />
        {manage && medium.type === 'video' && (
          <form
            className="console-inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <div className="field">
              <label htmlFor={secondsId}>{t('organiser.media.poster_seconds')}</label>
              <input
                id={secondsId}
                type="number"
                min={0}
                max={max}
                step={1}
                value={seconds}
                onChange={(e) => setSeconds(e.target.value)}
              />
            </div>
            <Button type="submit" size="sm" disabled={save.isPending}>
              {t('organiser.media.poster_save')}
            </Button>
          </form>
        )}
        {save.isError && <Alert tone="error">{translateError(t, save.error)}</Alert>}
        {save.isSuccess && <Alert tone="success">{t('organiser.media.poster_saved')}</Alert>}
      </div>
    </Dialog>
  );
}
