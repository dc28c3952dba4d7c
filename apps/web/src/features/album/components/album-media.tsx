import './album-media.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { reloadAlbum } from '../api/album-mutations';
import { forgetListPages } from '../hooks/use-media-list';
import { useNewMediaCheck } from '../hooks/use-new-media-check';
import { type AlbumStatus, albumStatus } from '../lib/album-status';
import { AlbumCartProvider } from './album-cart';
import { AlbumDownload } from './album-download';
import { useAnonymizedViewed, useTimeInAlbum } from './album-metrics';
import { AlbumBanner, AlbumPopups, NewMediaNotice } from './album-popups';
import { AlbumStatusBanner } from './album-status-banner';
import { AlbumStatusPanel } from './album-status-panel';
import { FirstPhotosProvider } from './first-photos';
import { GalleryBrowser } from './gallery-browser';
import { GroupedView } from './grouped-view';
import { PresaleBanner } from './presale-banner';
import { VideoSection } from './video-section';

/**
 * The album's media area: why there is nothing to show (availability panel; before the photos,
 * with the packages on pre-sale), or the media with the deadline banner above them.
 */
export function AlbumMedia({
  checkin,
  now,
  onSelfieAgain,
}: {
  checkin: Checkin;
  now?: Date;
  /** Face-search events: "Take a selfie again" where no photos were found (the selfie feature's flow). */
  onSelfieAgain?: () => void;
}) {
  useTimeInAlbum(checkin);
  useAnonymizedViewed(checkin);
  const status = albumStatus(checkin, now);
  const { availability } = status;
  if (availability.kind !== 'ready')
    return (
      <>
        <AlbumStatusPanel state={availability} onSelfieAgain={onSelfieAgain} />
        {(availability.kind === 'not_started' || availability.kind === 'arriving') && (
          <PresaleBanner checkin={checkin} />
        )}
      </>
    );
  return <AlbumMediaBody checkin={checkin} status={status} />;
}

/**
 * The album's photos: the list view (tabs my photos / all photos / favourites) or, with
 * ?view=grouped, the grouped galleries; above either the album's videos, with the album's banner
 * and popups.
 */
function AlbumMediaBody({ checkin, status }: { checkin: Checkin; status: AlbumStatus }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const grouped = params.get('view') === 'grouped';
  const listHref = `?${withoutView(params)}`;
  const groupedParams = new URLSearchParams();
  groupedParams.set('view', 'grouped');

  // in the list view it sits in the toolbar above the photos (one row less before them)
  const viewSwitch = (
    <nav className="album-view-switch" aria-label={t('album.view.label')}>
      <Link to={listHref} replace preventScrollReset aria-current={grouped ? undefined : 'page'}>
        {t('album.view.list')}
      </Link>
      <Link to={`?${groupedParams}`} replace preventScrollReset aria-current={grouped ? 'page' : undefined}>
        {t('album.view.grouped')}
      </Link>
    </nav>
  );

  return (
    <FirstPhotosProvider key={checkin.id}>
      <AlbumCartProvider checkin={checkin} galleryId={null}>
        <div className="album-media-body">
          <AlbumStatusBanner status={status} showPrices={checkin.show_prices} />
          <AlbumDownload checkin={checkin} />
          {checkin.banner?.position === 't' && <AlbumBanner checkin={checkin} />}
          <VideoSection checkin={checkin} />
          {grouped ? (
            <>
              {viewSwitch}
              <GroupedView checkin={checkin} />
            </>
          ) : (
            <ListView checkin={checkin} viewSwitch={viewSwitch} />
          )}
          {checkin.banner?.position === 'b' && <AlbumBanner checkin={checkin} />}
          <AlbumPopups checkin={checkin} />
        </div>
      </AlbumCartProvider>
    </FirstPhotosProvider>
  );
}

function withoutView(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('view');
  return next.toString();
}

function ListView({ checkin, viewSwitch }: { checkin: Checkin; viewSwitch: ReactNode }) {
  const [newMedia, setNewMedia] = useState(false);
  // bumped by a reload: the lists mount again, numbered ones on their first page
  const [generation, setGeneration] = useState(0);
  useNewMediaCheck(checkin.id, true, () => setNewMedia(true), { allPhotos: true });
  const reload = useCallback(() => {
    setNewMedia(false);
    forgetListPages();
    setGeneration((n) => n + 1);
    void reloadAlbum(checkin.id);
  }, [checkin.id]);
  return (
    <>
      <GalleryBrowser
        key={generation}
        checkin={checkin}
        galleryId={0}
        tabs={['mine', 'all', 'favourites']}
        toolbarExtra={viewSwitch}
      />
      {newMedia && <NewMediaNotice onReload={reload} onDismiss={() => setNewMedia(false)} />}
    </>
  );
}
