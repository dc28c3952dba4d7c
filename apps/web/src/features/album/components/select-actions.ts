import type { Media } from '@fotodrop/contract/api/media';
import { mediaCartState } from '../../cart';
import type { AlbumCartValue } from './album-cart';

/**
 * What "Add to cart" of a selection puts in the cart: the media the viewer's button would offer
 * (the album sells, not bought, its type priced) and that no line holds yet (a pick, or a package
 * that buys them already).
 */
export function mediaToAdd(value: AlbumCartValue | null, selected: readonly Media[]): Media[] {
  if (!value?.sellsNow || !value.loaded) return [];
  return selected.filter((media) => value.canAdd(media) && mediaCartState(value.cart, media).kind === 'none');
}

/** The selected media not yet favourites (adding one that is changes nothing but the count). */
export function mediaToFavour(selected: readonly Media[]): Media[] {
  return selected.filter((media) => !media.favorite);
}
