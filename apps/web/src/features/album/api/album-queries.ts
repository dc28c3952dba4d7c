import type {
  GalleryTab,
  GalleryTreeNode,
  PackageOffer,
  PriceListItem,
} from '@fotodrop/contract/api/galleries';
import type { MediaCategory } from '@fotodrop/contract/constants';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { queryClient } from '../../../shared/api/query-client';
import { preloadImages } from '../../../shared/utils/preload-images';
import { firstScreenTiles } from '../components/media-grid';
import { toGroupedSections } from '../lib/grouped';
import type { MediaPage, PageMode } from '../lib/media-pages';
import {
  fetchAlbumVideos,
  fetchAllMedias,
  fetchGalleryMedia,
  fetchGroupedGalleries,
  fetchPriceList,
  fetchTree,
} from './album-api';

/**
 * The album's server state in the app's one TanStack Query cache (albums spec §4). Everything of an
 * album lives under ['album', checkinId], so another check-in never sees this one's answers and
 * one invalidation reaches a whole album:
 *   ['album', id, 'tree', galleryId]        a gallery's node: sub-galleries and tab counts
 *   ['album', id, 'price-list', galleryId]  prices and packages
 *   ['album', id, 'media', list]            one media list (a page of it when pages are numbered)
 *   ['album', id, 'grouped']                the grouped galleries view
 *   ['album', id, 'counts', galleryId]      tab counts brought by a media answer
 * Media lists are reused until something makes them stale (a favourite, a removal, new photos):
 * the spec's cache is "reuse unless absent, stale, another page or appending".
 */

/** A gallery's tab, the album's all-photos tab, or the album's videos. */
export type MediaList =
  | { kind: 'gallery'; gallery: number; tab: MediaCategory | null }
  | { kind: 'all' }
  | { kind: 'videos' };

export const albumKeys = {
  all: (checkinId: number) => ['album', checkinId] as const,
  tree: (checkinId: number, galleryId: number) => ['album', checkinId, 'tree', galleryId] as const,
  priceList: (checkinId: number, galleryId: number) => ['album', checkinId, 'price-list', galleryId] as const,
  media: (checkinId: number) => ['album', checkinId, 'media'] as const,
  /** One list; `page` only for numbered pages (an infinite list is one entry holding its pages). */
  list: (checkinId: number, list: MediaList, page?: number) =>
    page === undefined
      ? (['album', checkinId, 'media', list] as const)
      : (['album', checkinId, 'media', list, page] as const),
  grouped: (checkinId: number) => ['album', checkinId, 'grouped'] as const,
  /** A gallery's tab counts as its last media answer brought them (written, never fetched). */
  counts: (checkinId: number, galleryId: number) => ['album', checkinId, 'counts', galleryId] as const,
};

/** Reused until invalidated: a favourite, a removal or new photos mark what they change. */
const UNTIL_INVALIDATED = Number.POSITIVE_INFINITY;

export function treeQuery(checkinId: number, galleryId: number) {
  return queryOptions({
    queryKey: albumKeys.tree(checkinId, galleryId),
    queryFn: ({ signal }) => fetchTree(checkinId, galleryId, signal),
    staleTime: UNTIL_INVALIDATED,
  });
}

export interface PriceListState {
  galleryId: number;
  currency: string;
  items: PriceListItem[];
  /** Whole-album packages on offer (albums spec §4 "Package banner"). */
  packages: PackageOffer[];
}

export function priceListQuery(checkinId: number, galleryId: number) {
  return queryOptions({
    queryKey: albumKeys.priceList(checkinId, galleryId),
    queryFn: async (): Promise<PriceListState> => {
      const { currency, items, packages } = await fetchPriceList(checkinId, galleryId);
      // an answer without packages (an older server) offers none
      return { galleryId, currency, items, packages: packages ?? [] };
    },
    staleTime: UNTIL_INVALIDATED,
  });
}

export function groupedQuery(checkinId: number) {
  return queryOptions({
    queryKey: albumKeys.grouped(checkinId),
    queryFn: async () => toGroupedSections(await fetchGroupedGalleries(checkinId)),
    staleTime: UNTIL_INVALIDATED,
  });
}

/**
 * The request for one page of a list. A gallery's page brings the gallery's tab counts: they
 * refresh its loaded tree, and stand in for the tree until it arrives (the album asks for its tree
 * only after the first photos show).
 */
export async function fetchListPage(checkinId: number, list: MediaList, page: number): Promise<MediaPage> {
  if (list.kind === 'all') return fetchAllMedias(checkinId, page);
  if (list.kind === 'videos') return fetchAlbumVideos(checkinId, page);
  const answer = await fetchGalleryMedia(checkinId, list.gallery, list.tab, page);
  const { tabs } = answer;
  if (tabs) {
    queryClient.setQueryData(albumKeys.counts(checkinId, list.gallery), tabs);
    queryClient.setQueryData<GalleryTreeNode>(
      albumKeys.tree(checkinId, list.gallery),
      (tree) => tree && { ...tree, tabs },
    );
  }
  return answer;
}

export const MEDIA_STALE_TIME = UNTIL_INVALIDATED;

/**
 * The first page the album lookup by code brought (issue 20): put where the list the album opens
 * on (the whole album, no tab, page 1) looks for it, so that list shows without asking again. A
 * list already in the cache (pages loaded further, a page chosen) is left as it is.
 */
export function seedFirstPage(checkinId: number, mode: PageMode, page: MediaPage): void {
  const list: MediaList = { kind: 'gallery', gallery: 0, tab: null };
  const key = mode === 'append' ? albumKeys.list(checkinId, list) : albumKeys.list(checkinId, list, 1);
  if (queryClient.getQueryData(key) !== undefined) return;
  // the album opens with this page: its first screen of photos downloads while the album renders
  preloadImages(page.results.slice(0, firstScreenTiles(window.innerWidth)).map((m) => m.thumbnail_url));
  queryClient.setQueryData(key, mode === 'append' ? { pages: [page], pageParams: [1] } : page);
  if (page.tabs) queryClient.setQueryData(albumKeys.counts(checkinId, 0), page.tabs);
}

/** Observes the counts a media answer wrote (never fetches them itself). */
export function countsQuery(checkinId: number, galleryId: number) {
  return queryOptions<GalleryTab[]>({
    queryKey: albumKeys.counts(checkinId, galleryId),
    queryFn: skipToken,
    staleTime: UNTIL_INVALIDATED,
  });
}
