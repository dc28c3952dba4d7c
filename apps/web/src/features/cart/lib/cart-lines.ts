import type { DigitalItem } from '@fotodrop/contract/api/cart';
import type { MediaType, OrderType, PackageOrderType } from '@fotodrop/contract/constants';

/** A line that buys a whole album rather than a pick of media. */
export function isPackage(type: OrderType): type is PackageOrderType {
  return type !== 'PHOTOLIST';
}

/**
 * The lines as they are after the server answered a change with `item` (albums spec §4 "Cart"):
 * a pick left without media is gone, a known line is replaced, a new one comes first.
 */
export function withItem(items: readonly DigitalItem[], item: DigitalItem): DigitalItem[] {
  if (item.order_type === 'PHOTOLIST' && item.media_ids.length === 0) return withoutItem(items, item.id);
  if (items.some((line) => line.id === item.id))
    return items.map((line) => (line.id === item.id ? item : line));
  return [item, ...items];
}

export function withoutItem(items: readonly DigitalItem[], id: number): DigitalItem[] {
  return items.filter((line) => line.id !== id);
}

/** What the cart holds of one album. */
export interface AlbumCart {
  lines: DigitalItem[];
  /** Media of the album's picks, and the line each is in. */
  picks: Map<number, number>;
  /** The package kinds in the cart for this album. */
  packages: Set<PackageOrderType>;
  /** How many media the album's picks hold together. */
  pickedCount: number;
}

export function albumCart(items: readonly DigitalItem[], checkinId: number): AlbumCart {
  const lines = items.filter((line) => line.checkin_id === checkinId);
  const picks = new Map<number, number>();
  const packages = new Set<PackageOrderType>();
  for (const line of lines) {
    if (isPackage(line.order_type)) packages.add(line.order_type);
    else for (const mediaId of line.media_ids) picks.set(mediaId, line.id);
  }
  return { lines, picks, packages, pickedCount: picks.size };
}

/** Which packages buy media of a type: photos come with "all photos" and "photos and videos". */
const COVERS: Record<PackageOrderType, readonly MediaType[]> = {
  ALL_PHOTOS: ['photo'],
  PHOTOS_AND_VIDEOS: ['photo', 'video'],
  VIDEOS: ['video'],
};

export type MediaCartState =
  | { kind: 'none' }
  /** In a pick: removable on its own. */
  | { kind: 'pick'; itemId: number }
  /** Bought by a package line of the album: not removable one by one. */
  | { kind: 'package' };

export function mediaCartState(cart: AlbumCart, media: { id: number; type: MediaType }): MediaCartState {
  for (const type of cart.packages) if (COVERS[type].includes(media.type)) return { kind: 'package' };
  const itemId = cart.picks.get(media.id);
  return itemId === undefined ? { kind: 'none' } : { kind: 'pick', itemId };
}
