import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import './album-toolbar.css';
import type { MediaCategory } from '@fotodrop/contract/constants';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useSearchParams } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { albumKeys, type MediaList as MediaListKey } from '../api/album-queries';
import { useGalleryCounts, usePriceList } from '../hooks/use-album-scope';
import { useOverflowHint } from '../hooks/use-overflow-hint';
import { type MediaListData, mediaOfPages, pageModeOf, tabCount } from '../lib/media-pages';
import { useAlbumCart } from './album-cart';
import { useFirstPhotosShown } from './first-photos';
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
  // decision (issue 9): no filter by default — bought photos stay in "My photos"; each filter
  // button narrows the list and a second press clears it
  const requestedFilter = params.get('filter');
  const filter: Filter | null =
    requestedFilter === 'bought' || requestedFilter === 'buyable' ? requestedFilter : null;
  // the tree (sub-galleries) and prices wait for the first photos; the media answer brings the counts
  const shown = useFirstPhotosShown();
  const { tree, counts: galleryCounts } = useGalleryCounts(checkin.id, galleryId, { enabled: shown });
  const allTotal = useListTotal(checkin.id, { kind: 'all' });
  const priceList = usePriceList(checkin.id, galleryId, { enabled: shown && checkin.show_prices });
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<AlbumTab, HTMLButtonElement | null>>>({});
  const tabRow = useRef<HTMLDivElement>(null);
  const more = useOverflowHint(tabRow);

  const list = useMemo<MediaListKey>(() => {
    if (tab === 'all') return { kind: 'all' };
    const category: MediaCategory | null = tab === 'favourites' ? 'favourite' : filter;
    return { kind: 'gallery', gallery: galleryId, tab: category };
  }, [tab, filter, galleryId]);
  const listId = JSON.stringify(list);

  const selection = useSelectionState(listId);
  const listed = useListed(checkin.id, list, selection.active);
  const selected = useMemo(
    () => (selection.active && listed ? listed.filter((m) => selection.ids.has(m.id)) : []),
    [selection.active, selection.ids, listed],
  );
  const prices = checkin.show_prices ? priceList : null;
  const sellsNow = useAlbumCart()?.sellsNow ?? false;

  const counts: Record<AlbumTab, number | undefined> = {
    mine: galleryCounts?.numMedia,
    all: allTotal,
    favourites: galleryCounts ? tabCount(galleryCounts.tabs, 'favourite') : undefined,
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
      <div
        ref={tabRow}
        className={`album-tabs${more.start ? ' has-more-start' : ''}${more.end ? ' has-more-end' : ''}`}
        role="tablist"
        aria-label={t('album.tabs.label')}
      >
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
                    onClick={() => update({ filter: filter === name ? null : name })}
                  >
                    {t(`album.filter.${name}`)}
                    {galleryCounts && (
                      <>
                        {' '}
                        <span className="album-tab-count">{tabCount(galleryCounts.tabs, name)}</span>
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
            key={listId}
            checkinId={checkin.id}
            list={list}
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

/** Whether the list is in the cache yet, and its total (the all-photos tab's count). */
function useListTotal(checkinId: number, list: MediaListKey): number | undefined {
  return useCachedList(checkinId, list, (data) => lastPage(data)?.pagination.total);
}

/** The media of the list shown (the selection picks from them); only while selecting. */
function useListed(checkinId: number, list: MediaListKey, active: boolean) {
  const data = useCachedList(checkinId, list, (d) => d, active);
  return useMemo(
    () => (data ? ('pages' in data ? mediaOfPages(data.pages) : data.results) : undefined),
    [data],
  );
}

const lastPage = (data: MediaListData) => ('pages' in data ? data.pages[data.pages.length - 1] : data);

/**
 * Reads a list as the cache holds it, without asking for it: the infinite entry, or the numbered
 * page loaded last. Re-renders when the album's lists change.
 */
function useCachedList<T>(
  checkinId: number,
  list: MediaListKey,
  pick: (data: MediaListData) => T,
  active = true,
): T | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => (active ? queryClient.getQueryCache().subscribe(onChange) : () => {}),
    [active],
  );
  const read = useCallback(() => {
    if (!active) return undefined;
    const entries = queryClient.getQueriesData<MediaListData>({ queryKey: albumKeys.list(checkinId, list) });
    // numbered pages: the one updated last
    const latest = entries
      .map(([key, data]) => ({ data, at: queryClient.getQueryState(key)?.dataUpdatedAt ?? 0 }))
      .filter((e): e is { data: MediaListData; at: number } => e.data !== undefined)
      .sort((a, b) => b.at - a.at)[0];
    return latest?.data;
  }, [checkinId, list, active]);
  const data = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => (data ? pick(data) : undefined), [data, pick]);
}
