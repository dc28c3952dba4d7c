import type { DigitalItem } from '@fotodrop/contract/api/cart';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import type { TFunction } from 'i18next';

/** A decimal string of the API ("29.90") shown in the cart's currency and the app language. */
export function showMoney(amount: string, currency: string, language: string): string {
  return formatMoney(decimalStringToMinor(amount, currency), currency, language);
}

/** A plural key: the catalogues hold photolist_one, _other (and _few, _many… per language). */
const PICK = 'cart.line.photolist';

/** What a line buys: "3 photos", "All photos of the album", "Photos and videos", "All videos". */
export function lineDescription(t: TFunction, item: DigitalItem): string {
  switch (item.order_type) {
    case 'PHOTOLIST':
      return t(PICK, { count: item.media_ids.length });
    case 'ALL_PHOTOS':
      return t('cart.line.all_photos');
    case 'PHOTOS_AND_VIDEOS':
      return t('cart.line.photos_and_videos');
    case 'VIDEOS':
      return t('cart.line.videos');
  }
}
