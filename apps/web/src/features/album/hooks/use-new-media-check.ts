import type { GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import { useCallback, useEffect, useRef } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { fetchAllMedias, fetchTree } from '../api/album-api';
import { albumKeys } from '../api/album-queries';
import type { MediaListData } from '../lib/media-pages';
import {
  countNewAllPhotos,
  countNewMedia,
  hasNewMedia,
  NEW_MEDIA_CHECK_MS,
  type NewMediaCount,
} from '../lib/new-media';

/**
 * Every NEW_MEDIA_CHECK_MS (and whenever `check` is called, e.g. when a gallery's refresh time has
 * passed) loads a fresh tree of the album root and compares its counts with the current tree; with
 * `allPhotos`, a loaded all-photos list is checked too (fresh total minus current total). Errors
 * mean no new media.
 */
export function useNewMediaCheck(
  checkinId: number,
  enabled: boolean,
  onNewMedia: (count: NewMediaCount) => void,
  { allPhotos = false }: { allPhotos?: boolean } = {},
) {
  const onNewMediaRef = useRef(onNewMedia);
  onNewMediaRef.current = onNewMedia;

  const check = useCallback(async () => {
    const treeKey = albumKeys.tree(checkinId, 0);
    const current = queryClient.getQueryData<GalleryTreeNode>(treeKey);
    if (!current) return;
    let fresh: GalleryTreeNode;
    try {
      fresh = await fetchTree(checkinId, 0);
    } catch {
      return;
    }
    // compared with the counts shown now (a reload may have happened meanwhile)
    const latest = queryClient.getQueryData<GalleryTreeNode>(treeKey);
    const count = countNewMedia(latest ?? current, fresh);
    if (hasNewMedia(count)) {
      onNewMediaRef.current(count);
      return;
    }
    const all = allPhotos ? allPhotosPagination(checkinId) : undefined;
    if (!all) return;
    try {
      // one item is enough to learn the total
      const probe = await fetchAllMedias(checkinId, 1, 1);
      const added = countNewAllPhotos(all, probe.pagination);
      if (added > 0) onNewMediaRef.current({ main: added, galleries: {} });
    } catch {
      // no new media
    }
  }, [checkinId, allPhotos]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => void check(), NEW_MEDIA_CHECK_MS);
    return () => clearInterval(timer);
  }, [enabled, check]);

  return check;
}

/** The all-photos list's pagination as loaded (its last page), if it is in the cache. */
function allPhotosPagination(checkinId: number) {
  const [entry] = queryClient.getQueriesData<MediaListData>({
    queryKey: albumKeys.list(checkinId, { kind: 'all' }),
  });
  const data = entry?.[1];
  if (!data) return undefined;
  return ('pages' in data ? data.pages[data.pages.length - 1] : data)?.pagination;
}
