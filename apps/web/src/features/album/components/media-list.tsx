import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { Toast } from '../../../shared/ui/toast';
import type { MediaList as MediaListKey } from '../api/album-queries';
import { useMediaList } from '../hooks/use-media-list';
import type { PageMode } from '../lib/media-pages';
import { useMarkFirstPhotosShown } from './first-photos';
import { MediaGrid } from './media-grid';

// the viewer's own chunk, fetched once a list is on screen (so it opens at once) or when a photo opens
const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));

interface MediaListProps {
  checkinId: number;
  list: MediaListKey;
  mode: PageMode;
  /** Accessible name of the grid. */
  label: string;
  emptyText: string;
  /** Event name (share text) and whether sharing is allowed. */
  title: string;
  canShare: boolean;
  /** Shown after the first rows of the grid (the album's sales banners), or after an empty list. */
  insert?: ReactNode;
}

/**
 * One media list: the virtualised grid, "load more" with infinite scrolling (append mode) or
 * numbered pages (replace mode), its loading / empty / error states, and the photo viewer.
 */
export function MediaList({
  checkinId,
  list: which,
  mode,
  label,
  emptyText,
  title,
  canShare,
  insert,
}: MediaListProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ index: number; nonce: number } | null>(null);
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  const list = useMediaList(checkinId, which, mode, { paused: open !== null });
  useEffect(() => {
    void loadLightbox();
  }, []);
  const { pagination, items, loadMore } = list;
  const total = pagination?.total ?? items.length;
  // the first photos are in the document (or the list settled without any): the rest may load
  const settled = !(list.loading && items.length === 0);
  const markShown = useMarkFirstPhotosShown();
  useEffect(() => {
    if (settled) markShown();
  }, [settled, markShown]);

  const openRef = useRef(open);
  openRef.current = open;
  const close = useCallback(() => {
    const index = openRef.current;
    if (index !== null) setFocusRequest({ index, nonce: Date.now() });
    setOpen(null);
  }, []);
  const onFavouriteFailed = useCallback(
    () => setToast({ text: t('album.favourite.failed'), id: Date.now() }),
    [t],
  );

  if (list.loading && items.length === 0) {
    return (
      <div className="media-list-state">
        <Spinner label={t('album.grid.loading')} />
      </div>
    );
  }
  if (list.failed && items.length === 0) {
    return (
      <div className="media-list-state" role="alert">
        <p>{t('album.grid.error')}</p>
        <Button variant="secondary" size="sm" onClick={list.retry}>
          {t('album.grid.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <>
        <div className="media-list-state">
          <p>{emptyText}</p>
        </div>
        {insert}
      </>
    );
  }

  const pages = pagination?.num_pages ?? 1;
  const page = pagination?.page_number ?? 1;
  // numbered pages show one page at a time: photos keep their number in the whole list
  const offset = mode === 'replace' && pagination ? (page - 1) * pagination.page_size : 0;
  return (
    <div className="media-list">
      <MediaGrid
        items={items}
        total={total}
        offset={offset}
        label={label}
        onOpen={setOpen}
        onFavouriteFailed={onFavouriteFailed}
        focusRequest={focusRequest}
        insert={insert}
      />
      {mode === 'append'
        ? list.hasMore && (
            <InfiniteMore
              loading={list.loadingMore}
              failed={list.failed}
              onMore={loadMore}
              onRetry={list.retry}
            />
          )
        : pages > 1 && (
            <nav className="media-pager" aria-label={t('album.grid.pages')}>
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1 || list.loading}
                onClick={() => list.goToPage(page - 1)}
              >
                {t('album.grid.previous_page')}
              </Button>
              <span aria-live="polite">{t('album.grid.page_of', { page, pages })}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages || list.loading}
                onClick={() => list.goToPage(page + 1)}
              >
                {t('album.grid.next_page')}
              </Button>
            </nav>
          )}
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox
            items={items}
            index={open}
            total={total}
            offset={offset}
            onIndexChange={setOpen}
            onClose={close}
            hasMore={mode === 'append' && list.hasMore}
            onNeedMore={loadMore}
            title={title}
            canShare={canShare}
          />
        </Suspense>
      )}
      <Toast key={toast?.id} message={toast?.text ?? null} onDone={() => setToast(null)} />
    </div>
  );
}

/** "Load more", pressed by itself when it scrolls into view (infinite scrolling). */
function InfiniteMore({
  loading,
  failed,
  onMore,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  onMore: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;
  useEffect(() => {
    const node = ref.current;
    // observed again after each page, so a sentinel still in view asks for the next one
    if (!node || failed || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [failed, loading]);
  return (
    <div ref={ref} className="media-more">
      {failed && <p role="alert">{t('album.grid.error')}</p>}
      <Button variant="secondary" loading={loading} onClick={failed ? onRetry : onMore}>
        {failed ? t('album.grid.retry') : t('album.grid.load_more')}
      </Button>
    </div>
  );
}
