import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { type GalleryKind, MAX_PLACEHOLDERS } from '@fotodrop/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { PriceListCard } from '../../../shared/ui/price-list-card';
import { Spinner } from '../../../shared/ui/spinner';
import { Toast } from '../../../shared/ui/toast';
import { loadMoreGrouped } from '../api/album-mutations';
import { albumKeys, groupedQuery } from '../api/album-queries';
import { useGalleryTree } from '../hooks/use-album-scope';
import { useNewMediaCheck } from '../hooks/use-new-media-check';
import {
  type GroupedGalleryView,
  type GroupedSection,
  isGroupedEmpty,
  isPlaceholder,
  mediaOf,
} from '../lib/grouped';
import { newMediaAction } from '../lib/new-media';
import { createNotificationScheduler } from '../lib/notifications';
import { NewMediaNotice } from './album-popups';
import { useMarkFirstPhotosShown } from './first-photos';
import { MediaTile } from './media-tile';

const Lightbox = lazy(() => import('./lightbox').then((m) => ({ default: m.Lightbox })));

const SECTION_TITLES: Record<GalleryKind, string> = {
  paid_galleries: 'album.grouped.paid',
  unlocked_galleries: 'album.grouped.unlocked',
  favorite_galleries: 'album.grouped.favourite',
};

type Opened = { kind: GalleryKind; galleryId: number; index: number };

/**
 * The grouped galleries view: paid, unlocked and favourite galleries, each with its prices and
 * first photos (placeholders while more load). Checks for new media every minute and when a
 * gallery's refresh time has passed: with nothing loaded yet it refreshes by itself, otherwise it
 * offers the new photos.
 */
export function GroupedView({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const query = useQuery(groupedQuery(checkin.id), queryClient);
  const sections = query.data ?? null;
  // the root's tree is what the new-media check compares with
  const ready = useGalleryTree(checkin.id, 0).isSuccess;
  const [newMedia, setNewMedia] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);

  const markShown = useMarkFirstPhotosShown();
  const settled = !query.isPending;
  useEffect(() => {
    if (settled) markShown();
  }, [settled, markShown]);

  const refresh = useCallback(() => {
    setNewMedia(false);
    void queryClient.invalidateQueries({ queryKey: albumKeys.grouped(checkin.id) });
    void queryClient.invalidateQueries({ queryKey: albumKeys.tree(checkin.id, 0) });
  }, [checkin.id]);

  const check = useNewMediaCheck(checkin.id, ready, () => {
    const grouped = queryClient.getQueryData<GroupedSection[]>(albumKeys.grouped(checkin.id)) ?? null;
    const action = newMediaAction(true, isGroupedEmpty(grouped));
    if (action === 'refresh') refresh();
    else if (action === 'popup') setNewMedia(true);
  });

  // a gallery with a refresh time expects new media then: check when it has passed
  const scheduler = useMemo(() => createNotificationScheduler(), []);
  useEffect(() => scheduler.onReady(() => check()), [scheduler, check]);
  useEffect(() => () => scheduler.clear(), [scheduler]);
  const refreshTimes = (sections ?? [])
    .flatMap((s) => s.galleries)
    .filter((g) => g.refresh_time)
    .map((g) => `${g.id}:${g.refresh_time}`)
    .join(',');
  useEffect(() => {
    for (const entry of refreshTimes ? refreshTimes.split(',') : []) {
      const [id, seconds] = entry.split(':').map(Number);
      scheduler.schedule(id ?? 0, { galleryId: id }, seconds ?? 0);
    }
  }, [refreshTimes, scheduler]);

  const openGallery = opened
    ? sections?.find((s) => s.kind === opened.kind)?.galleries.find((g) => g.id === opened.galleryId)
    : undefined;
  const openItems = openGallery ? mediaOf(openGallery.items) : [];
  const closeViewer = useCallback(() => setOpened(null), []);
  const onFavouriteFailed = useCallback(
    () => setToast({ text: t('album.favourite.failed'), id: Date.now() }),
    [t],
  );

  if (!sections) {
    if (query.isError)
      return (
        <div className="media-list-state" role="alert">
          <p>{t('album.grid.error')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('album.grid.retry')}
          </Button>
        </div>
      );
    return (
      <div className="grouped-loading">
        <Spinner label={t('album.grid.loading')} />
        <ul className="grouped-strip layout-v" aria-hidden="true">
          {Array.from({ length: MAX_PLACEHOLDERS / 2 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <li key={i} className="media-tile is-placeholder" />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="grouped-view">
      {isGroupedEmpty(sections) && (
        <div className="media-list-state">
          <p>{t('album.grouped.empty')}</p>
        </div>
      )}
      {sections
        // favourites show no prices: a gallery without favourites has nothing to show there
        .map((section) =>
          section.kind === 'favorite_galleries'
            ? { ...section, galleries: section.galleries.filter((g) => g.media_count > 0) }
            : section,
        )
        .filter((section) => section.galleries.length > 0)
        .map((section) => (
          <section key={section.kind} className="grouped-section" aria-labelledby={`grouped-${section.kind}`}>
            <h3 id={`grouped-${section.kind}`}>{t(SECTION_TITLES[section.kind])}</h3>
            {section.galleries.map((gallery) => (
              <GroupedGallery
                key={gallery.id}
                checkin={checkin}
                kind={section.kind}
                gallery={gallery}
                onOpen={(index) => setOpened({ kind: section.kind, galleryId: gallery.id, index })}
                onFavouriteFailed={onFavouriteFailed}
              />
            ))}
          </section>
        ))}
      {opened && openItems.length > 0 && (
        <Suspense fallback={null}>
          <Lightbox
            items={openItems}
            index={opened.index}
            total={openItems.length}
            onIndexChange={(index) => setOpened((o) => o && { ...o, index })}
            onClose={closeViewer}
            title={checkin.event_name}
            canShare={checkin.share_mode !== 'd'}
          />
        </Suspense>
      )}
      {newMedia && <NewMediaNotice onReload={refresh} onDismiss={() => setNewMedia(false)} />}
      <Toast key={toast?.id} message={toast?.text ?? null} onDone={() => setToast(null)} />
    </div>
  );
}

function GroupedGallery({
  checkin,
  kind,
  gallery,
  onOpen,
  onFavouriteFailed,
}: {
  checkin: Checkin;
  kind: GalleryKind;
  gallery: GroupedGalleryView;
  onOpen: (index: number) => void;
  onFavouriteFailed: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const media = mediaOf(gallery.items);
  const loading = gallery.items.some(isPlaceholder);
  // favourites only come with their first page; the gallery screen has them all
  const more = kind !== 'favorite_galleries' && gallery.pagination.page_number < gallery.pagination.num_pages;
  let mediaIndex = -1;
  return (
    <article className="grouped-gallery" aria-labelledby={titleId} aria-busy={loading || undefined}>
      <header className="grouped-gallery-head">
        <h4 id={titleId}>
          {gallery.name} <span className="album-tab-count">{gallery.media_count}</span>
        </h4>
        <Link className="btn btn-ghost btn-sm" to={paths.galleryTree.getHref(checkin.picacode, gallery.id)}>
          {t('album.grouped.open', { name: gallery.name })}
        </Link>
      </header>
      {checkin.show_prices && kind !== 'favorite_galleries' && gallery.price_list.length > 0 && (
        <PriceListCard items={gallery.price_list} currency={checkin.currency} compact />
      )}
      <ul className={`grouped-strip layout-${gallery.layout}`} aria-label={gallery.name}>
        {gallery.items.map((item) => {
          if (isPlaceholder(item))
            return <li key={item.key} className="media-tile is-placeholder" aria-hidden="true" />;
          mediaIndex += 1;
          return (
            <MediaTile
              key={item.id}
              as="li"
              media={item}
              index={mediaIndex}
              total={gallery.media_count}
              onOpen={onOpen}
              onFavouriteFailed={onFavouriteFailed}
            />
          );
        })}
      </ul>
      {more && (
        <Button
          variant="secondary"
          size="sm"
          loading={loading}
          onClick={() => void loadMoreGrouped(checkin.id, kind, gallery.id)}
        >
          {t('album.grouped.show_more')} <span className="visually-hidden">– {gallery.name}</span>
        </Button>
      )}
      {media.length === 0 && !loading && <p className="field-hint">{t('album.grid.empty')}</p>}
    </article>
  );
}
