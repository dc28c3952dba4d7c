import type { GalleryTab, GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import type { Media } from '@fotodrop/contract/api/media';
import type { CounterType, MediaCategory } from '@fotodrop/contract/constants';
import type { Paginated } from '@fotodrop/contract/pagination';
import { adjustFavouriteCount } from '@fotodrop/contract/rules/favourites';

/**
 * The album's cached answers as pure data (albums spec §4): a media list is one page (numbered
 * pages) or the pages loaded so far (infinite lists); favourites and removals change a media in
 * every page that holds it, and the tree's counts follow.
 */

export type MediaPage = Paginated<Media> & { tabs?: GalleryTab[] };
/** What an infinite list keeps: its pages in order (TanStack Query's InfiniteData). */
export interface MediaPages {
  pages: MediaPage[];
  pageParams: unknown[];
}
export type MediaListData = MediaPage | MediaPages;

/** append: infinite lists (counter_type 'infinite'); replace: numbered pages (counter_type 'number'). */
export type PageMode = 'append' | 'replace';

export function pageModeOf(counterType: CounterType): PageMode {
  return counterType === 'infinite' ? 'append' : 'replace';
}

const isPages = (data: MediaListData): data is MediaPages => 'pages' in data;

/** The media of the loaded pages in order, a media met twice (pages shifted meanwhile) kept once. */
export function mediaOfPages(pages: readonly MediaPage[]): Media[] {
  const seen = new Set<number>();
  const out: Media[] = [];
  for (const page of pages)
    for (const media of page.results) {
      if (seen.has(media.id)) continue;
      seen.add(media.id);
      out.push(media);
    }
  return out;
}

function mapPage(page: MediaPage, change: (media: Media) => Media | null): MediaPage {
  let changed = false;
  const results: Media[] = [];
  for (const media of page.results) {
    const next = change(media);
    if (next !== media) changed = true;
    if (next) results.push(next);
  }
  if (!changed) return page;
  const removed = page.results.length - results.length;
  if (removed === 0) return { ...page, results };
  const total = Math.max(0, page.pagination.total - removed);
  return {
    ...page,
    results,
    pagination: {
      ...page.pagination,
      total,
      num_pages: Math.max(1, Math.ceil(total / page.pagination.page_size)),
    },
  };
}

/**
 * A list with `change` applied to each media (return it unchanged, a changed copy, or null to
 * take it out); the same object when nothing changed, so untouched lists do not render again.
 */
export function mapMediaList<T extends MediaListData>(data: T, change: (media: Media) => Media | null): T {
  if (!isPages(data)) return mapPage(data, change) as T;
  const pages = data.pages.map((page) => mapPage(page, change));
  if (pages.every((page, i) => page === data.pages[i])) return data;
  // a media taken out of one page leaves the list's total one less on every page
  const removed = data.pages.reduce(
    (n, page, i) => n + page.results.length - (pages[i]?.results.length ?? 0),
    0,
  );
  if (removed === 0) return { ...data, pages };
  const before = data.pages[data.pages.length - 1]?.pagination.total ?? 0;
  const total = Math.max(0, before - removed);
  return {
    ...data,
    pages: pages.map((page) => ({
      ...page,
      pagination: {
        ...page.pagination,
        total,
        num_pages: Math.max(1, Math.ceil(total / page.pagination.page_size)),
      },
    })),
  };
}

/** The media's favourite flag set or cleared. */
export const withFavourite =
  (mediaId: number, favourite: boolean) =>
  (media: Media): Media =>
    media.id === mediaId && media.favorite !== favourite ? { ...media, favorite: favourite } : media;

/** The media taken out (a hidden photo). */
export const without =
  (mediaId: number) =>
  (media: Media): Media | null =>
    media.id === mediaId ? null : media;

export function tabCount(tabs: readonly GalleryTab[] | undefined, type: MediaCategory): number {
  return tabs?.find((tab) => tab.type === type)?.count ?? 0;
}

/** A tab's count moved by delta; the favourite count goes through the contract's floor at 0. */
export function adjustTab(tabs: readonly GalleryTab[], type: MediaCategory, delta: number): GalleryTab[] {
  return tabs.map((tab) =>
    tab.type !== type
      ? tab
      : {
          ...tab,
          count:
            type === 'favourite' ? adjustFavouriteCount(tab.count, delta) : Math.max(0, tab.count + delta),
        },
  );
}

/** The tree's counts after a media left it: the gallery, its tab, favourites, and the sub-gallery holding it. */
export function treeWithoutMedia(tree: GalleryTreeNode, media: Media): GalleryTreeNode {
  let tabs = adjustTab(tree.tabs, media.is_purchased ? 'bought' : 'buyable', -1);
  if (media.favorite) tabs = adjustTab(tabs, 'favourite', -1);
  return {
    ...tree,
    num_media: Math.max(0, tree.num_media - 1),
    tabs,
    sub_gallery: tree.sub_gallery.map((g) =>
      g.id === media.gallery_id ? { ...g, num_media: Math.max(0, g.num_media - 1) } : g,
    ),
  };
}

/**
 * A gallery's counts as its media answer brings them (extras=true), before its tree arrived: my
 * photos are the buyable and the bought ones.
 */
export function countsOfTabs(tabs: readonly GalleryTab[]): { numMedia: number; tabs: readonly GalleryTab[] } {
  return { numMedia: tabCount(tabs, 'buyable') + tabCount(tabs, 'bought'), tabs };
}
