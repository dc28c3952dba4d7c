import type { GalleryTreeNode, PackageOffer, PriceListItem } from '@fotodrop/contract/api/galleries';
import type { Media } from '@fotodrop/contract/api/media';
import type { GalleryKind } from '@fotodrop/contract/constants';
import type { Paginated } from '@fotodrop/contract/pagination';
import { clampRootGalleryId } from '@fotodrop/contract/rules/favourites';
import { create } from 'zustand';
import {
  fetchGroupedGalleries,
  fetchGroupedGalleryMedias,
  fetchPriceList,
  fetchTree,
  sendFavourite,
  sendHide,
} from '../api/album-api';
import {
  type GroupedSection,
  groupedWithFavourite,
  groupedWithoutMedia,
  toGroupedSections,
  withLoadingPage,
  withPage,
} from '../lib/grouped';
import {
  adjustTab,
  type CacheKey,
  isFavouritesKey,
  type MediaEntry,
  markFavouritesStale,
  mergePage,
  type PageMode,
  parseCacheKey,
  removeFromEntries,
  setFavouriteFlag,
  setTabCount,
  shouldFetch,
  tabCount,
  treeWithoutMedia,
} from './media-cache';

export interface PriceListState {
  galleryId: number;
  currency: string;
  items: PriceListItem[];
  /** Whole-album packages on offer (albums spec §4 "Package banner"). */
  packages: PackageOffer[];
}

type Status = 'loading' | 'error' | 'ready';

interface AlbumData {
  checkinId: number | null;
  /** The gallery the screen shows (0 = the album root); null when none. */
  rootGalleryId: number | null;
  tree: GalleryTreeNode | null;
  treeStatus: Status | null;
  priceList: PriceListState | null;
  media: Record<CacheKey, MediaEntry>;
  /** Lists with a request under way, and whether it appends or replaces. */
  pending: Record<CacheKey, PageMode>;
  /** Lists whose last request failed. */
  failed: Record<CacheKey, true>;
  /** Media whose favourite change is under way. */
  favouritePending: Record<number, true>;
  grouped: GroupedSection[] | null;
  groupedStatus: Status | null;
  /** Bumped whenever the check-in or gallery changes: answers of older requests are dropped. */
  epoch: number;
}

interface AlbumActions {
  /** Another check-in clears root gallery, tree, media cache, price list (and the grouped view). */
  setCheckin(id: number | null): void;
  /**
   * Another root gallery clears the gallery (tree) and price list, and the media cache when the id
   * differs; a negative id becomes 0; null clears it.
   */
  setRootGallery(id: number | null): void;
}

export type AlbumState = AlbumData & AlbumActions;

const cleared = {
  rootGalleryId: null,
  tree: null,
  treeStatus: null,
  priceList: null,
  media: {},
  pending: {},
  failed: {},
  grouped: null,
  groupedStatus: null,
} satisfies Partial<AlbumData>;

export const useAlbumStore = create<AlbumState>()((set, get) => ({
  checkinId: null,
  ...cleared,
  favouritePending: {},
  epoch: 0,
  setCheckin: (id) => {
    if (get().checkinId === id) return;
    set((s) => ({ ...cleared, checkinId: id, epoch: s.epoch + 1 }));
  },
  setRootGallery: (id) => {
    const next = clampRootGalleryId(id);
    set((s) => {
      if (next === null)
        return { ...cleared, grouped: s.grouped, groupedStatus: s.groupedStatus, epoch: s.epoch + 1 };
      const differs = s.rootGalleryId !== next;
      return {
        rootGalleryId: next,
        tree: null,
        treeStatus: null,
        priceList: null,
        ...(differs ? { media: {}, pending: {}, failed: {} } : {}),
        epoch: s.epoch + 1,
      };
    });
  },
}));

const get = () => useAlbumStore.getState();
const set = useAlbumStore.setState;

/** Back to the empty store (tests; leaving the album). */
export function resetAlbumStore(): void {
  set({ checkinId: null, ...cleared, favouritePending: {}, epoch: get().epoch + 1 });
}

export type MediaPage = Paginated<Media> & { tabs?: GalleryTreeNode['tabs'] };

/**
 * Loads one page of a list unless the cache can be reused (absent, stale, another page, or
 * appending). One request per list at a time; answers for an older check-in or gallery are dropped.
 */
export async function loadMedia(
  key: CacheKey,
  page: number,
  mode: PageMode,
  fetchPage: (page: number) => Promise<MediaPage>,
): Promise<void> {
  const state = get();
  const append = mode === 'append';
  if (!shouldFetch(state.media[key], page, append) || state.pending[key]) return;
  const { epoch } = state;
  set((s) => ({ pending: { ...s.pending, [key]: mode }, failed: omit(s.failed, key) }));
  try {
    const answer = await fetchPage(page);
    if (get().epoch !== epoch) return;
    set((s) => {
      const scope = parseCacheKey(key);
      const tree =
        answer.tabs && s.tree && scope?.galleryId === s.tree.id ? { ...s.tree, tabs: answer.tabs } : s.tree;
      return { media: { ...s.media, [key]: mergePage(s.media[key], answer, append) }, tree };
    });
  } catch {
    if (get().epoch === epoch) set((s) => ({ failed: { ...s.failed, [key]: true } }));
  } finally {
    if (get().epoch === epoch) set((s) => ({ pending: omit(s.pending, key) }));
  }
}

/** The gallery's tree node (sub-galleries and tab counts); returns it, or null when it failed. */
export async function loadTree(
  checkinId: number,
  galleryId: number,
  fetch = fetchTree,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<GalleryTreeNode | null> {
  const { epoch } = get();
  if (!quiet) set({ treeStatus: 'loading' });
  try {
    const tree = await fetch(checkinId, galleryId);
    if (get().epoch === epoch && get().rootGalleryId === galleryId) set({ tree, treeStatus: 'ready' });
    return tree;
  } catch {
    if (get().epoch === epoch && !quiet) set({ treeStatus: 'error' });
    return null;
  }
}

export async function loadPriceList(checkinId: number, galleryId: number, fetch = fetchPriceList) {
  const { epoch } = get();
  try {
    const { currency, items, packages } = await fetch(checkinId, galleryId);
    // an answer without packages (an older server) offers none
    if (get().epoch === epoch) set({ priceList: { galleryId, currency, items, packages: packages ?? [] } });
  } catch {
    // no price list: the card is not shown
  }
}

/**
 * Favouriting (albums spec §4), applied at once and undone on failure: add raises the favourites
 * tab count, remove lowers it (never below 0); both set or clear the media's flag everywhere and
 * mark the favourites lists stale. On failure nothing has changed and the result is false.
 */
export async function toggleFavourite(
  media: Media,
  favourite: boolean,
  send = sendFavourite,
): Promise<boolean> {
  const before = get();
  if (before.favouritePending[media.id]) return false;
  const wasStale = new Set(
    Object.entries(before.media)
      .filter(([key, entry]) => isFavouritesKey(key) && entry.stale)
      .map(([key]) => key),
  );
  const treeId = before.tree?.id;
  const countBefore = tabCount(before.tree?.tabs, 'favourite');
  const delta = favourite ? 1 : -1;

  set((s) => ({
    favouritePending: { ...s.favouritePending, [media.id]: true },
    media: markFavouritesStale(setFavouriteFlag(s.media, media.id, favourite)),
    grouped: s.grouped && groupedWithFavourite(s.grouped, media.id, favourite),
    tree: s.tree && { ...s.tree, tabs: adjustTab(s.tree.tabs, 'favourite', delta) },
  }));
  const countAfter = tabCount(get().tree?.tabs, 'favourite');

  let ok = true;
  let flag = favourite;
  try {
    flag = (await send(media.id, favourite)).favorite;
  } catch {
    ok = false;
  }
  set((s) => {
    const pending = omit(s.favouritePending, media.id);
    if (ok) {
      // the server's answer is the truth (normally what was asked for)
      return flag === favourite
        ? { favouritePending: pending }
        : {
            favouritePending: pending,
            media: setFavouriteFlag(s.media, media.id, flag),
            grouped: s.grouped && groupedWithFavourite(s.grouped, media.id, flag),
          };
    }
    const media_: Record<CacheKey, MediaEntry> = {};
    for (const [key, entry] of Object.entries(setFavouriteFlag(s.media, media.id, media.favorite)))
      media_[key] =
        isFavouritesKey(key) && !wasStale.has(key) && entry.stale ? { ...entry, stale: false } : entry;
    const current = tabCount(s.tree?.tabs, 'favourite');
    return {
      favouritePending: pending,
      media: media_,
      grouped: s.grouped && groupedWithFavourite(s.grouped, media.id, media.favorite),
      // the count as it was, keeping any change another toggle made meanwhile
      tree:
        s.tree && s.tree.id === treeId
          ? {
              ...s.tree,
              tabs: setTabCount(s.tree.tabs, 'favourite', Math.max(0, countBefore + current - countAfter)),
            }
          : s.tree,
    };
  });
  return ok;
}

/** Removes a photo from the album (hide); on success it leaves every list and the counts. */
export async function hideMedia(media: Media, send = sendHide): Promise<boolean> {
  const { epoch } = get();
  try {
    await send(media.id);
  } catch {
    return false;
  }
  if (get().epoch !== epoch) return true;
  set((s) => ({
    media: removeFromEntries(s.media, media.id),
    grouped: s.grouped && groupedWithoutMedia(s.grouped, media.id),
    tree: s.tree && treeWithoutMedia(s.tree, media),
  }));
  return true;
}

/** The grouped galleries view: paid, unlocked and favourite galleries with their first page. */
export async function loadGrouped(checkinId: number, fetch = fetchGroupedGalleries): Promise<void> {
  const { epoch } = get();
  set((s) => ({ groupedStatus: s.grouped ? s.groupedStatus : 'loading' }));
  try {
    const answer = await fetch(checkinId);
    if (get().epoch === epoch) set({ grouped: toGroupedSections(answer), groupedStatus: 'ready' });
  } catch {
    if (get().epoch === epoch) set((s) => ({ groupedStatus: s.grouped ? 'ready' : 'error' }));
  }
}

/** The next page of one grouped gallery, with placeholders while it loads. */
export async function loadMoreGrouped(
  checkinId: number,
  kind: GalleryKind,
  galleryId: number,
  fetch = fetchGroupedGalleryMedias,
): Promise<void> {
  const { epoch, grouped } = get();
  const gallery = grouped?.find((s) => s.kind === kind)?.galleries.find((g) => g.id === galleryId);
  if (!grouped || !gallery || gallery.pagination.page_number >= gallery.pagination.num_pages) return;
  set({ grouped: withLoadingPage(grouped, kind, galleryId) });
  let page: MediaPage | null = null;
  try {
    page = await fetch(
      checkinId,
      galleryId,
      gallery.pagination.page_number + 1,
      gallery.pagination.page_size,
    );
  } catch {
    page = null;
  }
  if (get().epoch !== epoch) return;
  set((s) => ({ grouped: s.grouped && withPage(s.grouped, kind, galleryId, page) }));
}

function omit<T extends Record<string | number, unknown>>(record: T, key: string | number): T {
  if (!(key in record)) return record;
  const out = { ...record };
  delete out[key];
  return out;
}

/** Loads the gallery again from scratch (after new media arrived): its tree, and its lists on demand. */
export function reloadGallery(checkinId: number): void {
  const { rootGalleryId } = get();
  if (rootGalleryId === null) return;
  set((s) => ({ media: {}, pending: {}, failed: {}, epoch: s.epoch + 1 }));
  void loadTree(checkinId, rootGalleryId, fetchTree, { quiet: true });
}
