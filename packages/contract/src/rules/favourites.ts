import { FAVOURITE_COUNT_MIN } from '../constants';

/** The favourites tab count after adding (+1) or removing (-1) favourites; never below 0. */
export function adjustFavouriteCount(count: number, delta: number): number {
  return Math.max(FAVOURITE_COUNT_MIN, count + delta);
}

/** The root gallery id to store: negative ids become 0 (the album root); null stays null (cleared). */
export function clampRootGalleryId(id: number | null): number | null {
  if (id === null) return null;
  return id < 0 ? 0 : id;
}
