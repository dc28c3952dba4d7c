import type { PrintProduct } from '@fotodrop/contract/api/print';
import { decimalStringToMinor, formatMoney } from '@fotodrop/contract/rules/currency';
import type { TFunction } from 'i18next';
import { PLURAL } from './plural-keys';

/** A decimal string of the API ("1.90") in the product's currency and the app language. */
export function showPrice(amount: string, currency: string, language: string): string {
  return formatMoney(decimalStringToMinor(amount, currency), currency, language);
}

/** How many photos a product takes: "Takes 24 photos", "Takes 1 to 100 photos". */
export function photosTaken(t: TFunction, product: Pick<PrintProduct, 'min_photos' | 'max_photos'>): string {
  return product.min_photos === product.max_photos
    ? t(PLURAL.takes, { count: product.max_photos })
    : t(PLURAL.takesRange, { min: product.min_photos, count: product.max_photos });
}

/** What a print item holds: "With 3 photos", "With 3 photos · 5 copies" when some are printed more than once. */
export function printItemContents(t: TFunction, photos: readonly { quantity: number }[]): string {
  const count = photos.length;
  const copies = photos.reduce((sum, photo) => sum + photo.quantity, 0);
  const text = t(PLURAL.itemPhotos, { count });
  return copies === count ? text : `${text} · ${t(PLURAL.copies, { count: copies })}`;
}
