import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import './album-toolbar.css';
import type { MediaCategory } from '@fotodrop/contract/constants';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { fetchAllMedias, fetchGalleryMedia } from '../api/album-api';
import type { MediaListSource } from '../hooks/use-media-list';
import { useAlbumStore } from '../store/album-store';
import { ALL_PHOTOS_KEY, cacheKey, pageModeOf, tabCount } from '../store/media-cache';
import { useAlbumCart } from './album-cart';
import { GalleryChips } from './gallery-chips';
import { GalleryToolbar } from './gallery-toolbar';
import { MediaList } from './media-list';
import { PackageBanner } from './package-banner';
import { PrintUpsell } from './print-upsell';
import { SelectionProvider, useSelectionState } from './selection';

export type AlbumTab = 'mine' | 'all' | 'favourites';
type Filter = Extract<MediaCategory, 'buyable' | 'bought'>;

const TAB_LABELS: Record<AlbumTab, string> = {
  mine: 'album.tabs.mine',
  all: 'album.tabs.all',
  favourites: 'album.tabs.favourites',
};

/**
 * A gallery's media (the album root or a sub-gallery): tabs with their counts (my photos, all
 * photos, favourites), the toolbar (not purchased / purchased filter, prices, select mode), the
 * sub-galleries and the photo grid, with the sales banners (packages, prints) after its first
 * rows. Tab and filter live in the URL (?tab=, ?filter=).
 */
export function GalleryBrowser({
  checkin,
  galleryId,
  tabs,
  toolbarExtra,
}: {
  checkin: Checkin;
  galleryId: number;
  tabs: readonly AlbumTab[];
  /** More controls of the toolbar (the album screen's list / grouped switch). */
  toolbarExtra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as AlbumTab | null;
  const tab: AlbumTab = requested && tabs.includes(requested) ? requested : 'mine';
  const filter: Filter = params.get('filter') === 'bought' ? 'bought' : 'buyable';
  const tree = useAlbumStore((s) => s.tree);
  const allTotal = useAlbumStore((s) => s.media[ALL_PHOTOS_KEY]?.pagination.total);
  const priceList = useAlbumStore((s) => (s.priceList?.galleryId === galleryId ? s.priceList : null));
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<AlbumTab, HTMLButtonElement | null>>>({});

  const source = useMemo<MediaListSource>(() => {
    if (tab === 'all') return { key: ALL_PHOTOS_KEY, fetchPage: (page) => fetchAllMedias(checkin.id, page) };
    const category: MediaCategory = tab === 'favourites' ? 'favourite' : filter;
    return {
      key: cacheKey(galleryId, category),
      fetchPage: (page) => fetchGalleryMedia(checkin.id, galleryId, category, page),
    };
  }, [tab, filter, checkin.id, galleryId]);

  const selection = useSelectionState(source.key);
  const listed = useAlbumStore((s) => s.media[source.key]?.results);
  const selected = useMemo(
    () => (selection.active && listed ? listed.filter((m) => selection.ids.has(m.id)) : []),
    [selection.active, selection.ids, listed],
  );
  const prices = checkin.show_prices ? priceList : null;
  const sellsNow = useAlbumCart()?.sellsNow ?? false;

  const counts: Record<AlbumTab, number | undefined> = {
    mine: tree?.num_media,
    all: allTotal,
    favourites: tree ? tabCount(tree.tabs, 'favourite') : undefined,
  };

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const selectTab = (next: AlbumTab) => update({ tab: next === 'mine' ? null : next });

  // arrow keys move between tabs (and select them), Home / End jump to the first / last
  const onTabKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    selectTab(target);
    tabRefs.current[target]?.focus();
  };

  const panelId = `${baseId}-panel`;
  const emptyText =
    tab === 'favourites'
      ? t('album.grid.empty_favourites')
      : tab === 'mine' && filter === 'bought'
        ? t('album.grid.empty_bought')
        : t('album.grid.empty');

  // decision: the sales banners follow the first rows of photos (issue 8, photos first)
  const banners = (
    <div className="media-grid-insert">
      {prices && <PackageBanner packages={prices.packages} items={prices.items} currency={prices.currency} />}
      <PrintUpsell />
    </div>
  );

  return (
    <div className="gallery-browser">
      <div className="album-tabs" role="tablist" aria-label={t('album.tabs.label')}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(node) => {
              tabRefs.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${name}`}
            aria-selected={tab === name}
            aria-controls={panelId}
            tabIndex={tab === name ? 0 : -1}
            className="album-tab"
            onClick={() => selectTab(name)}
            onKeyDown={onTabKeyDown}
          >
            {t(TAB_LABELS[name])}
            {counts[name] !== undefined && (
              <>
                {' '}
                <span className="album-tab-count">{counts[name]}</span>
              </>
            )}
          </button>
        ))}
      </div>
      <div className="album-tab-panel" role="tabpanel" id={panelId} aria-labelledby={`${baseId}-${tab}`}>
        <SelectionProvider value={selection}>
          <GalleryToolbar priceList={prices} selection={selection} selected={selected}>
            {tab === 'mine' && (
              <fieldset className="album-filter">
                <legend className="visually-hidden">{t('album.filter.label')}</legend>
                {(['buyable', 'bought'] as const).map((name) => (
                  <button
                    key={name}
                    type="button"
                    className="album-filter-btn"
                    aria-pressed={filter === name}
                    onClick={() => update({ filter: name === 'buyable' ? null : name })}
                  >
                    {t(`album.filter.${name}`)}
                    {tree && (
                      <>
                        {' '}
                        <span className="album-tab-count">{tabCount(tree.tabs, name)}</span>
                      </>
                    )}
                  </button>
                ))}
              </fieldset>
            )}
            {toolbarExtra}
            {tab === 'mine' && tree && <GalleryChips tree={tree} picacode={checkin.picacode} />}
          </GalleryToolbar>
          <MediaList
            key={source.key}
            source={source}
            mode={pageModeOf(checkin.counter_type)}
            label={t(TAB_LABELS[tab])}
            emptyText={emptyText}
            title={checkin.event_name}
            canShare={checkin.share_mode !== 'd'}
            insert={sellsNow ? banners : undefined}
          />
        </SelectionProvider>
      </div>
    </div>
  );
}
