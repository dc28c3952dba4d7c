import './video.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Toast } from '../../../shared/ui/toast';
import type { MediaList } from '../api/album-queries';
import { useMediaList } from '../hooks/use-media-list';
import { useFirstPhotosShown } from './first-photos';
import { MediaTile } from './media-tile';

const VIDEOS: MediaList = { kind: 'videos' };

const Lightbox = lazy(() => import('./lightbox').then((m) => ({ default: m.Lightbox })));

/**
 * The album's video clips (albums spec §2 "video clip section"): a strip of the album's own
 * videos from every gallery, above the photos, opening in the viewer. Nothing is shown while
 * they load, when the album has none, or when they could not be loaded (the photo lists hold the
 * videos too).
 */
export function VideoSection({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  // the album's summary says whether it has videos: none, no call; unknown, after the first photos
  const videos = checkin.photos_summary?.videos;
  const shown = useFirstPhotosShown();
  const list = useMediaList(checkin.id, VIDEOS, 'append', {
    paused: open !== null,
    enabled: videos === undefined ? shown : videos > 0,
  });
  const close = useCallback(() => setOpen(null), []);
  const onFavouriteFailed = useCallback(
    () => setToast({ text: t('album.favourite.failed'), id: Date.now() }),
    [t],
  );

  const { items, pagination } = list;
  if (items.length === 0) return null;
  const total = pagination?.total ?? items.length;
  return (
    <section className="album-videos" aria-labelledby={titleId}>
      <h3 id={titleId} className="album-videos-head">
        {t('album.videos.title')} <span className="album-tab-count">{total}</span>
      </h3>
      <ul className="album-videos-strip" aria-label={t('album.videos.title')}>
        {items.map((media, index) => (
          <MediaTile
            key={media.id}
            as="li"
            media={media}
            index={index}
            total={total}
            onOpen={setOpen}
            onFavouriteFailed={onFavouriteFailed}
          />
        ))}
        {list.hasMore && (
          <li className="album-videos-more">
            <Button variant="secondary" size="sm" loading={list.loadingMore} onClick={list.loadMore}>
              {t('album.videos.more')}
            </Button>
          </li>
        )}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox
            items={items}
            index={open}
            total={total}
            onIndexChange={setOpen}
            onClose={close}
            hasMore={list.hasMore}
            onNeedMore={list.loadMore}
            title={checkin.event_name}
            canShare={checkin.share_mode !== 'd'}
          />
        </Suspense>
      )}
      <Toast key={toast?.id} message={toast?.text ?? null} onDone={() => setToast(null)} />
    </section>
  );
}
