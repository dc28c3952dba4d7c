import type { GalleryTab } from '@fotodrop/contract/api/galleries';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../../shared/api/query-client';
import { countsQuery, priceListQuery, treeQuery } from '../api/album-queries';
import { countsOfTabs } from '../lib/media-pages';

/** A gallery's tree node (sub-galleries and counts), loaded once `enabled`. */
export function useGalleryTree(checkinId: number, galleryId: number, { enabled = true } = {}) {
  return useQuery({ ...treeQuery(checkinId, galleryId), enabled }, queryClient);
}

/** The gallery's price list, loaded once `enabled`; null until it is known or when it failed. */
export function usePriceList(checkinId: number, galleryId: number, { enabled = true } = {}) {
  return useQuery({ ...priceListQuery(checkinId, galleryId), enabled }, queryClient).data ?? null;
}

export interface GalleryCounts {
  /** My photos of the gallery (its subtree). */
  numMedia: number;
  tabs: readonly GalleryTab[];
}

/**
 * The gallery's counts: its tree's, or before the tree arrived those its last media answer
 * brought; undefined while neither is known.
 */
export function useGalleryCounts(checkinId: number, galleryId: number, { enabled = true } = {}) {
  const tree = useGalleryTree(checkinId, galleryId, { enabled }).data;
  const tabs = useQuery(countsQuery(checkinId, galleryId), queryClient).data;
  const counts: GalleryCounts | undefined = tree
    ? { numMedia: tree.num_media, tabs: tree.tabs }
    : tabs && countsOfTabs(tabs);
  return { tree, counts };
}
