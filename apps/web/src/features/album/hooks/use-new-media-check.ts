import type { GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import { useCallback, useEffect, useRef } from 'react';
import { fetchAllMedias, fetchTree } from '../api/album-api';
import {
  countNewAllPhotos,
  countNewMedia,
  hasNewMedia,
  NEW_MEDIA_CHECK_MS,
  type NewMediaCount,
} from '../lib/new-media';
import { useAlbumStore } from '../store/album-store';
import { ALL_PHOTOS_KEY } from '../store/media-cache';

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
    const current = useAlbumStore.getState().tree;
    if (current?.id !== 0) return;
    let fresh: GalleryTreeNode;
    try {
      fresh = await fetchTree(checkinId, 0);
    } catch {
      return;
    }
    // compared with the counts shown now (a reload may have happened meanwhile)
    const latest = useAlbumStore.getState().tree;
    const count = countNewMedia(latest?.id === 0 ? latest : current, fresh);
    if (hasNewMedia(count)) {
      onNewMediaRef.current(count);
      return;
    }
    const all = useAlbumStore.getState().media[ALL_PHOTOS_KEY];
    if (!allPhotos || !all) return;
    try {
      // one item is enough to learn the total
      const probe = await fetchAllMedias(checkinId, 1, 1);
      const added = countNewAllPhotos(all.pagination, probe.pagination);
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
