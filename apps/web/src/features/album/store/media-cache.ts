import type { GalleryTab, GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import type { Media } from '@fotodrop/contract/api/media';
import type { CounterType, MediaCategory } from '@fotodrop/contract/constants';
import type { Paginated, Pagination } from '@fotodrop/contract/pagination';
import { adjustFavouriteCount } from '@fotodrop/contract/rules/favourites';

/**
 * The media cache rules of albums spec §4, as pure functions over plain data (the zustand store in
 * album-store.ts applies them): entries keyed by gallery and tab, reused unless absent, stale, on
 * another page or appending; pages appended (infinite) or replaced (numbered pages).
 */

/** `${galleryId}:${tab}` for a gallery's tab, ALL_PHOTOS_KEY or VIDEOS_KEY for the album-wide lists. */
export type CacheKey = string;
export const ALL_PHOTOS_KEY: CacheKey = 'all';
/** The album's videos (the video section), in every gallery of the album. */
export const VIDEOS_KEY: CacheKey = 'videos';

export function cacheKey(galleryId: number, tab: MediaCategory): CacheKey {
  return `${galleryId}:${tab}`;
}

/** The gallery and tab of a key; null for the all-photos list. */
export function parseCacheKey(key: CacheKey): { galleryId: number; tab: MediaCategory } | null {
  const match = /^(\d+):(buyable|bought|favourite)$/.exec(key);
  if (!match) return null;
  return { galleryId: Number(match[1]), tab: match[2] as MediaCategory };
}

export interface MediaEntry {
  results: Media[];
  pagination: Pagination;
  /** The page loaded last (the highest one when pages are appended). */
  page: number;
  /** A favourite changed since it was loaded: the next fetch loads it again. */
  stale: boolean;
}

/** append: infinite lists (counter_type 'infinite'); replace: numbered pages (counter_type 'number'). */
export type PageMode = 'append' | 'replace';

export function pageModeOf(counterType: CounterType): PageMode {
  return counterType === 'infinite' ? 'append' : 'replace';
}

/** A fetch reuses the cache unless the entry is absent, stale, for another page, or a page is appended. */
export function shouldFetch(entry: MediaEntry | undefined, page: number, append: boolean): boolean {
  return !entry || entry.stale || entry.page !== page || append;
}

/** The entry after a page arrived: appended to what is there (duplicates skipped), or replacing it. */
export function mergePage(
  entry: MediaEntry | undefined,
  answer: Paginated<Media>,
  append: boolean,
): MediaEntry {
  const page = answer.pagination.page_number;
  if (!append || !entry)
    return { results: answer.results, pagination: answer.pagination, page, stale: false };
  const seen = new Set(entry.results.map((m) => m.id));
  return {
    results: [...entry.results, ...answer.results.filter((m) => !seen.has(m.id))],
    pagination: answer.pagination,
    page,
    stale: false,
  };
}

export function hasMorePages(entry: MediaEntry | undefined): boolean {
  return !!entry && entry.pagination.page_number < entry.pagination.num_pages;
}

type Entries = Record<CacheKey, MediaEntry>;

/** Every entry holding the media, with its favourite flag set or cleared (others kept as they are). */
export function setFavouriteFlag(entries: Entries, mediaId: number, favourite: boolean): Entries {
  const out: Entries = {};
  for (const [key, entry] of Object.entries(entries)) {
    const index = entry.results.findIndex((m) => m.id === mediaId);
    const current = entry.results[index];
    if (!current || current.favorite === favourite) {
      out[key] = entry;
      continue;
    }
    const results = entry.results.slice();
    results[index] = { ...current, favorite: favourite };
    out[key] = { ...entry, results };
  }
  return out;
}

export function isFavouritesKey(key: CacheKey): boolean {
  return parseCacheKey(key)?.tab === 'favourite';
}

/** Marks the favourites entries stale (after any favourite change). */
export function markFavouritesStale(entries: Entries): Entries {
  const out: Entries = {};
  for (const [key, entry] of Object.entries(entries))
    out[key] = isFavouritesKey(key) && !entry.stale ? { ...entry, stale: true } : entry;
  return out;
}

/** The media taken out of every entry (a hidden photo), each entry's total one less where it was. */
export function removeFromEntries(entries: Entries, mediaId: number): Entries {
  const out: Entries = {};
  for (const [key, entry] of Object.entries(entries)) {
    if (!entry.results.some((m) => m.id === mediaId)) {
      out[key] = entry;
      continue;
    }
    const total = Math.max(0, entry.pagination.total - 1);
    out[key] = {
      ...entry,
      results: entry.results.filter((m) => m.id !== mediaId),
      pagination: {
        ...entry.pagination,
        total,
        num_pages: Math.max(1, Math.ceil(total / entry.pagination.page_size)),
      },
    };
  }
  return out;
}

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

export function setTabCount(tabs: readonly GalleryTab[], type: MediaCategory, count: number): GalleryTab[] {
  return tabs.map((tab) => (tab.type === type ? { ...tab, count } : tab));
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
