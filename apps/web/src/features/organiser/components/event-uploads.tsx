import type { MediaStatus, OrganiserEvent, OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { useInfiniteQuery } from '@tanstack/react-query';
import { memo, useEffect, useId, useState } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { galleryPaths, organiserMediaQuery } from '../api/organiser-api';
import { reasonText } from '../lib/upload-messages';

/** How often the list asks again while the server is still making previews. */
export const PROCESSING_POLL_MS = 3000;

function MediaTile({ media, galleryPath }: { media: OrganiserMedia; galleryPath: string | null }) {
  const { t, language } = useTranslation();
  const name = media.original_filename ?? t('organiser.uploads.unnamed', { id: media.id });
  const created = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(media.created_at),
  );
  const playable = media.type === 'video' && media.video_url;

  return (
    <li className={playable ? 'upload-tile upload-tile-video' : 'upload-tile'}>
      <div className="upload-visual">
        {playable ? (
          // biome-ignore lint/a11y/useMediaCaption: event clips come without captions; they have no speech to transcribe
          <video
            controls
            preload="metadata"
            poster={media.thumbnail_url ?? undefined}
            src={media.video_url ?? undefined}
            aria-label={t('organiser.uploads.video_of', { name })}
          />
        ) : media.thumbnail_url ? (
          <a href={media.preview_url ?? media.thumbnail_url} target="_blank" rel="noreferrer">
            <img src={media.thumbnail_url} alt={name} loading="lazy" />
            <span className="visually-hidden">{t('common.opens_new_tab')}</span>
          </a>
        ) : (
          <div className="upload-placeholder">
            {media.status === 'processing' ? <Spinner /> : <span aria-hidden="true">!</span>}
          </div>
        )}
      </div>
      <div className="upload-meta">
        <span className={`status-badge status-${media.status}`}>{t(`organiser.status.${media.status}`)}</span>
        <p className="upload-name" title={name}>
          {name}
        </p>
        {media.status === 'failed' && <p className="upload-error">{reasonText(t, media.error_reason)}</p>}
        <p className="upload-detail">
          {[galleryPath, media.tags.length > 0 ? media.tags.join(', ') : null, created]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
    </li>
  );
}

/**
 * The event's uploads as the server has them: thumbnails once ready, a player for videos, and a
 * fresh look every few seconds while anything is still being processed.
 */
export const EventUploads = memo(function EventUploads({
  event,
  pollWhile,
  onLoaded,
}: {
  event: OrganiserEvent;
  /** Keep asking even when the list shows nothing processing (an upload the list has not shown yet). */
  pollWhile: boolean;
  onLoaded: (media: OrganiserMedia[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<MediaStatus | null>(null);
  const list = useInfiniteQuery({
    ...organiserMediaQuery(event.slug, status),
    refetchInterval: (query) => {
      const processing = query.state.data?.pages.some((p) =>
        p.results.some((m) => m.status === 'processing'),
      );
      return processing || pollWhile ? PROCESSING_POLL_MS : false;
    },
  });
  const media = list.data?.pages.flatMap((p) => p.results) ?? [];
  useEffect(() => {
    if (list.data) onLoaded(list.data.pages.flatMap((p) => p.results));
  }, [list.data, onLoaded]);
  const paths = galleryPaths(event.galleries);
  const counts = event.media_counts;
  const total = counts.processing + counts.ready + counts.failed;

  return (
    <section className="event-uploads" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{t('organiser.uploads.title', { event: event.name })}</h2>
        <div className="field uploads-filter">
          <label className="field-label" htmlFor={`${id}-status`}>
            {t('organiser.uploads.show')}
          </label>
          <select
            id={`${id}-status`}
            className="input select"
            value={status ?? ''}
            onChange={(e) => setStatus((e.target.value || null) as MediaStatus | null)}
          >
            <option value="">{t('organiser.uploads.all', { total })}</option>
            {(['processing', 'ready', 'failed'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`organiser.status.${s}`)} ({counts[s]})
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : list.isError ? (
        <Alert tone="error">{translateError(t, list.error)}</Alert>
      ) : media.length === 0 ? (
        <p className="uploads-empty">{t('organiser.uploads.empty')}</p>
      ) : (
        <>
          <ul className="upload-grid">
            {media.map((m) => (
              <MediaTile
                key={m.id}
                media={m}
                galleryPath={m.gallery_id ? (paths.get(m.gallery_id) ?? null) : null}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="actions uploads-more">
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('organiser.uploads.load_more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
});
