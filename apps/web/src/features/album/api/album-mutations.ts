import type { GalleryTab, GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import type { Media } from '@fotodrop/contract/api/media';
import type { GalleryKind } from '@fotodrop/contract/constants';
import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from '../../../shared/api/query-client';
import {
  type GroupedSection,
  groupedWithFavourite,
  groupedWithoutMedia,
  withLoadingPage,
  withPage,
} from '../lib/grouped';
import {
  adjustTab,
  type MediaListData,
  type MediaPage,
  mapMediaList,
  tabCount,
  treeWithoutMedia,
  withFavourite,
  without,
} from '../lib/media-pages';
import { useFavouritePending } from '../store/favourite-pending';
import { fetchGroupedGalleryMedias, sendFavourite, sendHide } from './album-api';
import { albumKeys, type MediaList } from './album-queries';

/**
 * Changes to an album's cached answers (albums spec §4): favourites shown at once and undone on
 * failure, removals, "load more" of a grouped gallery, and a reload after new photos arrived.
 */

type Change = (media: Media) => Media | null;

const albumPart = (part: string) => ({
  queryKey: ['album'],
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[2] === part,
});

/**
 * `change` applied to the media wherever the lists and grouped views hold it: in every album (a
 * favourite belongs to the photo, and two albums of one event share photos).
 */
function changeMedia(change: Change, grouped: (s: GroupedSection[]) => GroupedSection[]) {
  queryClient.setQueriesData<MediaListData>(albumPart('media'), (data) => data && mapMediaList(data, change));
  queryClient.setQueriesData<GroupedSection[]>(albumPart('grouped'), (s) => s && grouped(s));
}

/** `change` applied to the album's loaded trees (none when the album is not known). */
function changeTrees(checkinId: number | null, change: (tree: GalleryTreeNode) => GalleryTreeNode) {
  if (checkinId === null) return;
  queryClient.setQueriesData<GalleryTreeNode>(
    { queryKey: ['album', checkinId, 'tree'] },
    (tree) => tree && change(tree),
  );
}

type Counts = GalleryTreeNode | GalleryTab[];
const tabsOf = (data: Counts) => (Array.isArray(data) ? data : data.tabs);
const withTabs = (data: Counts, tabs: GalleryTab[]): Counts =>
  Array.isArray(data) ? tabs : { ...data, tabs };

/** The album's loaded trees and tab counts (what shows a favourites count). */
function countEntries(checkinId: number | null): [QueryKey, Counts][] {
  if (checkinId === null) return [];
  return (['tree', 'counts'] as const).flatMap((part) =>
    queryClient
      .getQueriesData<Counts>({ queryKey: ['album', checkinId, part] })
      .filter((entry): entry is [QueryKey, Counts] => entry[1] !== undefined),
  );
}

function favouriteCounts(checkinId: number | null): Map<string, number> {
  return new Map(
    countEntries(checkinId).map(([key, data]) => [JSON.stringify(key), tabCount(tabsOf(data), 'favourite')]),
  );
}

const isFavouritesList = (key: readonly unknown[]) => {
  const list = key[3] as MediaList | undefined;
  return list?.kind === 'gallery' && list.tab === 'favourite';
};

/**
 * Favouriting: the flag is set or cleared in every list at once and the favourites counts of the
 * loaded trees move by one (never below 0); on failure both go back, keeping what other changes
 * did meanwhile, and the result is false. Once the server agreed, the favourites lists are stale:
 * each loads again when it is next shown.
 */
export async function toggleFavourite(
  checkinId: number | null,
  media: Media,
  favourite: boolean,
  send = sendFavourite,
): Promise<boolean> {
  const pending = useFavouritePending.getState();
  if (pending.ids.has(media.id)) return false;
  pending.add(media.id);
  const delta = favourite ? 1 : -1;
  const before = favouriteCounts(checkinId);
  changeMedia(withFavourite(media.id, favourite), (s) => groupedWithFavourite(s, media.id, favourite));
  for (const [key, data] of countEntries(checkinId))
    queryClient.setQueryData(key, withTabs(data, adjustTab(tabsOf(data), 'favourite', delta)));
  const after = favouriteCounts(checkinId);

  try {
    const { favorite } = await send(media.id, favourite);
    // the server's answer is the truth (normally what was asked for)
    if (favorite !== favourite)
      changeMedia(withFavourite(media.id, favorite), (s) => groupedWithFavourite(s, media.id, favorite));
    await queryClient.invalidateQueries({
      queryKey: ['album'],
      predicate: (query) => query.queryKey[2] === 'media' && isFavouritesList(query.queryKey),
      refetchType: 'none',
    });
    return true;
  } catch {
    changeMedia(withFavourite(media.id, media.favorite), (s) =>
      groupedWithFavourite(s, media.id, media.favorite),
    );
    // each count as it was, keeping any change another toggle made meanwhile
    for (const [key, data] of countEntries(checkinId)) {
      const id = JSON.stringify(key);
      const was = before.get(id);
      const moved = after.get(id);
      if (was === undefined || moved === undefined) continue;
      const tabs = tabsOf(data);
      const count = Math.max(0, was + tabCount(tabs, 'favourite') - moved);
      queryClient.setQueryData(
        key,
        withTabs(
          data,
          tabs.map((tab) => (tab.type === 'favourite' ? { ...tab, count } : tab)),
        ),
      );
    }
    return false;
  } finally {
    useFavouritePending.getState().remove(media.id);
  }
}

/** Removes a photo from the album (hide); on success it leaves every list and the counts. */
export async function hideMedia(checkinId: number | null, media: Media, send = sendHide): Promise<boolean> {
  try {
    await send(media.id);
  } catch {
    return false;
  }
  changeMedia(without(media.id), (s) => groupedWithoutMedia(s, media.id));
  changeTrees(checkinId, (tree) => treeWithoutMedia(tree, media));
  return true;
}

/** The next page of one grouped gallery, with placeholders while it loads. */
export async function loadMoreGrouped(
  checkinId: number,
  kind: GalleryKind,
  galleryId: number,
  fetch = fetchGroupedGalleryMedias,
): Promise<void> {
  const key = albumKeys.grouped(checkinId);
  const grouped = queryClient.getQueryData<GroupedSection[]>(key);
  const gallery = grouped?.find((s) => s.kind === kind)?.galleries.find((g) => g.id === galleryId);
  if (!grouped || !gallery || gallery.pagination.page_number >= gallery.pagination.num_pages) return;
  queryClient.setQueryData(key, withLoadingPage(grouped, kind, galleryId));
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
  queryClient.setQueryData<GroupedSection[]>(key, (s) => s && withPage(s, kind, galleryId, page));
}

/**
 * New photos arrived: the album's lists start again from their first page (those on screen at
 * once, the others when shown), and the trees and the grouped view load again.
 */
export async function reloadAlbum(checkinId: number): Promise<void> {
  await Promise.all([
    queryClient.resetQueries({ queryKey: albumKeys.media(checkinId) }),
    queryClient.invalidateQueries({ queryKey: ['album', checkinId, 'tree'] }),
    queryClient.invalidateQueries({ queryKey: albumKeys.grouped(checkinId) }),
  ]);
}
