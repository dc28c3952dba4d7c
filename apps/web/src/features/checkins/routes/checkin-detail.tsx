import './album.css';
import { normalizePicacode } from '@fotodrop/contract/rules/picacode';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { isApiError } from '../../../shared/api/errors';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { PageLoader } from '../../../shared/ui/spinner';
import { AlbumMedia, AWAITING_MEDIA_POLL_MS, albumAwaitsMedia } from '../../album';
import { checkinByCodeQuery } from '../api/checkin-queries';
import { AlbumHeader } from '../components/album-header';

/** /checkins/:picacode — the album screen: header and actions, then its media or why there are none. */
export function Component() {
  const { t } = useTranslation();
  const code = normalizePicacode(useParams().picacode ?? '');
  const query = useQuery({
    ...checkinByCodeQuery(code),
    refetchInterval: (q) => (q.state.data && albumAwaitsMedia(q.state.data) ? AWAITING_MEDIA_POLL_MS : false),
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
      <section className="album-media" aria-labelledby="album-media-title">
        <h2 id="album-media-title" className="visually-hidden">
          {t('album.media.title')}
        </h2>
        <AlbumMedia checkin={query.data} />
      </section>
    </div>
  );
}
