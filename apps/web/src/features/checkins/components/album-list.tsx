import type { CheckinListItem } from '@fotodrop/contract/api/checkin-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { CodeText } from '../../../shared/ui/code-field';
import { DateRange } from '../../../shared/ui/date-text';
import { LineIcon } from '../../../shared/ui/line-icon';
import { Spinner } from '../../../shared/ui/spinner';
import { checkinListQuery } from '../api/checkin-queries';

/** The user's albums, 12 at a time with "load more" (GET /v3/checkins/). */
export function AlbumList() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(checkinListQuery());
  const list = useRef<HTMLUListElement>(null);
  const albums = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages.at(-1)?.pagination.total ?? 0;
  const nextPageError = query.isFetchNextPageError ? query.error : null;

  // after "load more" the focus moves to the first album that arrived (the button may be gone)
  const focusIndex = useRef<number | null>(null);
  const shown = albums.length;
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= shown) return;
    focusIndex.current = null;
    list.current?.querySelectorAll<HTMLElement>('.album-card-link')[index]?.focus();
  }, [shown]);

  const loadMore = () => {
    focusIndex.current = albums.length;
    void query.fetchNextPage();
  };

  return (
    <section className="album-list" aria-labelledby="album-list-title">
      <h2 id="album-list-title">{t('checkins.list.title')}</h2>
      {query.isPending ? (
        <Spinner label={t('checkins.list.loading')} />
      ) : query.isError ? (
        <Alert tone="error">
          <p>{translateError(t, query.error)}</p>
          <p>
            <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
              {t('checkins.list.retry')}
            </Button>
          </p>
        </Alert>
      ) : albums.length === 0 ? (
        <p className="album-list-empty">{t('checkins.list.empty')}</p>
      ) : (
        <>
          <ul className="album-grid" ref={list}>
            {albums.map((album) => (
              <li key={album.id}>
                <AlbumCard album={album} />
              </li>
            ))}
          </ul>
          <p className="album-list-count" aria-live="polite">
            {t('checkins.list.shown', { shown: albums.length, total })}
          </p>
          {nextPageError && <Alert tone="error">{translateError(t, nextPageError)}</Alert>}
          {query.hasNextPage && (
            <div className="album-list-more">
              <Button variant="secondary" loading={query.isFetchingNextPage} onClick={loadMore}>
                {t('checkins.list.load_more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** A plural key: the catalogues hold media_count_one, _other (and _few, _many… per language). */
const MEDIA_COUNT = 'checkins.list.media_count';

function AlbumCard({ album }: { album: CheckinListItem }) {
  const { t } = useTranslation();
  const thumbs = album.photos.slice(0, 4);
  return (
    <article className="album-card">
      <div className="album-thumbs" data-count={thumbs.length} aria-hidden="true">
        {thumbs.length > 0 ? (
          thumbs.map((photo) => <img key={photo.id} src={photo.thumbnail_url} alt="" loading="lazy" />)
        ) : (
          <div className="album-thumbs-empty">
            <LineIcon
              d="M4 6h16v12H4zM4 15l4.5-4.5 3.5 3.5 2.5-2.5L20 17M15.5 9.5h.01"
              size={36}
              strokeWidth={1.6}
            />
          </div>
        )}
      </div>
      <div className="album-card-body">
        <h3>
          <Link className="album-card-link" to={paths.checkin.getHref(album.picacode)}>
            {album.event_name}
          </Link>
        </h3>
        <p className="album-card-meta">
          <DateRange start={album.event_date} />
        </p>
        <p className="album-card-meta">
          {t('checkins.list.code')} <CodeText code={album.picacode} />
        </p>
        <p className="album-card-count">
          {album.media_count > 0 ? t(MEDIA_COUNT, { count: album.media_count }) : t('checkins.list.no_media')}
        </p>
      </div>
    </article>
  );
}
