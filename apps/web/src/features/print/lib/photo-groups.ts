import type { DigitalItem } from '@fotodrop/contract/api/cart';
import type { Media } from '@fotodrop/contract/api/media';

/**
 * Where printable photos come from (albums spec §2 "print photo chooser (from the cart or from
 * earlier purchases, by event)"): the cart's digital lines, and the photos the user bought earlier
 * (the server prints those without a cart line).
 */
export type PhotoSource = 'cart' | 'purchases';

/** The printable photos of one album (event), as the chooser shows them. */
export interface PhotoGroup {
  key: string;
  source: PhotoSource;
  checkinId: number;
  /** The album's event name (its code when it has none). */
  title: string;
  photos: Media[];
}

/**
 * The cart's printable photos grouped by album, in the order the lines come (newest first): the
 * photos of every line of an album together, each photo once, videos left out (prints are made
 * of photos only). Albums without photos are dropped.
 */
export function cartPhotoGroups(
  items: readonly DigitalItem[],
  mediasOf: (itemId: number) => readonly Media[] | undefined,
): PhotoGroup[] {
  const groups = new Map<number, PhotoGroup>();
  const seen = new Set<number>();
  for (const item of items) {
    let group = groups.get(item.checkin_id);
    if (!group) {
      group = {
        key: `cart-${item.checkin_id}`,
        source: 'cart',
        checkinId: item.checkin_id,
        title: item.event_name || item.picacode,
        photos: [],
      };
      groups.set(item.checkin_id, group);
    }
    for (const media of mediasOf(item.id) ?? []) {
      if (media.type !== 'photo' || seen.has(media.id)) continue;
      seen.add(media.id);
      group.photos.push(media);
    }
  }
  return [...groups.values()].filter((group) => group.photos.length > 0);
}

/** One page of bought photos as the chooser loads them: all of one album. */
export interface BoughtPhotosPage {
  album: { checkinId: number; title: string } | null;
  photos: readonly Media[];
}

/**
 * The photos bought earlier, by album, in the order the pages came: pages of one album together,
 * each photo once and none the cart already offers (`offered`), albums left without photos dropped.
 */
export function boughtPhotoGroups(
  pages: readonly BoughtPhotosPage[],
  offered: ReadonlySet<number>,
): PhotoGroup[] {
  const groups = new Map<number, PhotoGroup>();
  const seen = new Set(offered);
  for (const { album, photos } of pages) {
    if (!album) continue;
    let group = groups.get(album.checkinId);
    if (!group) {
      group = {
        key: `bought-${album.checkinId}`,
        source: 'purchases',
        checkinId: album.checkinId,
        title: album.title,
        photos: [],
      };
      groups.set(album.checkinId, group);
    }
    for (const media of photos) {
      if (media.type !== 'photo' || seen.has(media.id)) continue;
      seen.add(media.id);
      group.photos.push(media);
    }
  }
  return [...groups.values()].filter((group) => group.photos.length > 0);
}
