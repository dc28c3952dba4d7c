import { useEffect } from 'react';
import { loadPriceList, loadTree, useAlbumStore } from '../store/album-store';

/**
 * Points the album store at a check-in and gallery (albums spec §4 switching rules) and loads the
 * gallery's tree and price list. True once the store shows that check-in and gallery, so the
 * lists below only load for it.
 */
export function useAlbumScope(checkinId: number, galleryId: number): boolean {
  const ready = useAlbumStore((s) => s.checkinId === checkinId && s.rootGalleryId === galleryId);
  useEffect(() => {
    const store = useAlbumStore.getState();
    store.setCheckin(checkinId);
    store.setRootGallery(galleryId);
    void loadTree(checkinId, galleryId);
    void loadPriceList(checkinId, galleryId);
  }, [checkinId, galleryId]);
  return ready;
}
