import type { DigitalItem } from '@fotodrop/contract/api/cart';
import type { Media } from '@fotodrop/contract/api/media';

/**
 * Where printable photos come from (albums spec §2 "print photo chooser (from the cart or from
 * earlier purchases, by event)"). Only the cart exists so far; purchases join once orders do, as
 * another source feeding the same groups.
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
