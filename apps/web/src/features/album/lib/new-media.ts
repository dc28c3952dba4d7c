import type { GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import type { Pagination } from '@fotodrop/contract/pagination';

/** Milliseconds between two new-media checks while an album is open (decision: once a minute). */
export const NEW_MEDIA_CHECK_MS = 60_000;

export interface NewMediaCount {
  /** New media of the gallery itself (its subtree). */
  main: number;
  /** New media per sub-gallery id, brand-new sub-galleries counted with all their media. */
  galleries: Record<number, number>;
}

/**
 * The new-media check (albums spec §4): the fresh tree's counts against the current ones — the
 * main gallery, existing sub-galleries, and brand-new sub-galleries, whose whole media count is new.
 */
export function countNewMedia(current: GalleryTreeNode, fresh: GalleryTreeNode): NewMediaCount {
  const galleries: Record<number, number> = {};
  for (const gallery of fresh.sub_gallery) {
    const before = current.sub_gallery.find((g) => g.id === gallery.id);
    const added = before ? gallery.num_media - before.num_media : gallery.num_media;
    if (added > 0) galleries[gallery.id] = added;
  }
  return { main: Math.max(0, fresh.num_media - current.num_media), galleries };
}

export function hasNewMedia(count: NewMediaCount): boolean {
  return count.main > 0 || Object.keys(count.galleries).length > 0;
}

/** All-photos check: fresh total minus current total (never negative). */
export function countNewAllPhotos(
  current: Pick<Pagination, 'total'>,
  fresh: Pick<Pagination, 'total'>,
): number {
  return Math.max(0, fresh.total - current.total);
}

/** In the grouped view: nothing loaded yet refreshes by itself; otherwise the user is asked. */
export function newMediaAction(hasNew: boolean, nothingLoaded: boolean): 'none' | 'refresh' | 'popup' {
  if (!hasNew) return 'none';
  return nothingLoaded ? 'refresh' : 'popup';
}
