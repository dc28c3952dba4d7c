import './album.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { normalizePicacode } from '@fotodrop/contract/rules/picacode';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { queryClient } from '../../../shared/api/query-client';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { AlbumMedia, AWAITING_MEDIA_POLL_MS, albumAwaitsMedia, reloadAlbum } from '../../album';
import { FaceSearchPanel, SelfieFlow } from '../../selfie';
import { checkinByCodeQuery, checkinKeys } from '../api/checkin-queries';
import { AlbumHeader } from '../components/album-header';

/** Anonymous mode is applied in seconds to minutes: the state is asked for more often than new media. */
const ANONYMIZING_POLL_MS = 5000;

/**
 * The album is asked for with the route, beside the login guard's user call, instead of after the
 * guard and the screen's first render (issue 20). Without a token the guard sends the visitor away.
 */
export function loader({ params }: LoaderFunctionArgs): null {
  const code = normalizePicacode(params.picacode ?? '');
  if (code && useAppStore.getState().token) void queryClient.prefetchQuery(checkinByCodeQuery(code));
  return null;
}

/** /checkins/:picacode — the album screen: header and actions, then its media or why there are none. */
export function Component() {
  const { t } = useTranslation();
  const code = normalizePicacode(useParams().picacode ?? '');
  const query = useQuery({
    ...checkinByCodeQuery(code),
    // while media are awaited, or anonymous mode is being applied (until it is on)
    refetchInterval: (q) =>
      q.state.data?.anonymization.state === 'pending'
        ? ANONYMIZING_POLL_MS
        : q.state.data && albumAwaitsMedia(q.state.data)
          ? AWAITING_MEDIA_POLL_MS
          : false,
  });
  usePageTitle(query.data?.event_name ?? t('album.title'));

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    // 404: the user has no album with this code; 400: the path holds no valid code at all
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <section className="page page-narrow status-page">
        <h1>{missing ? t('album.not_found_title') : t('route_error.title')}</h1>
        <p>{missing ? t('album.not_found_text', { code }) : translateError(t, query.error)}</p>
        <div className="actions">
          {!missing && <Button onClick={() => void query.refetch()}>{t('checkins.list.retry')}</Button>}
          <Link className="btn btn-secondary" to={paths.checkins.getHref()}>
            {t('album.back_to_albums')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <div className="page container album">
      <AlbumHeader checkin={query.data} />
      {query.data.event.checkin_mode === 'face-checkin' ? (
        <FaceSearchAlbum checkin={query.data} />
      ) : (
        <AlbumMediaSection checkin={query.data} />
      )}
    </div>
  );
}

function AlbumMediaSection({ checkin, selfieOffer }: { checkin: Checkin; selfieOffer?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="album-media" aria-labelledby="album-media-title">
      <h2 id="album-media-title" className="visually-hidden">
        {t('album.media.title')}
      </h2>
      <AlbumMedia checkin={checkin} onSelfieAgain={selfieOffer} />
    </section>
  );
}

/**
 * The album of a face-search event: the search's panel (selfie actions, the search while it runs,
 * "Is this you?") above the photos, and the selfie flow when the user takes another selfie.
 */
function FaceSearchAlbum({ checkin }: { checkin: Checkin }) {
  const [selfie, setSelfie] = useState<'again' | 'another' | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: checkinKeys.byCode(checkin.picacode) });
    void reloadAlbum(checkin.id);
  };
  return (
    <>
      <Suspense fallback={null}>
        <FaceSearchPanel checkin={checkin} onSelfie={setSelfie} onAlbumChanged={refresh} />
        {selfie && (
          <SelfieFlow
            checkinId={checkin.id}
            checkin={checkin}
            mode={selfie}
            onDone={() => {
              setSelfie(null);
              refresh();
            }}
            onClose={() => setSelfie(null)}
          />
        )}
      </Suspense>
      <AlbumMediaSection checkin={checkin} selfieOffer={() => setSelfie('again')} />
    </>
  );
}
