import type { PrintProduct } from '@fotodrop/contract/api/print';

/** Copies of one photo at most (the contract's quantity limit). */
export const MAX_COPIES = 100;

/** The chosen photos, in the order they were chosen: photo id → copies. */
export type Selection = ReadonlyMap<number, number>;

export type PhotoRule = Pick<PrintProduct, 'min_photos' | 'max_photos'>;

/**
 * decision: copies per photo are offered when the product takes a free number of photos (prints);
 * a product with a fixed count (a canvas, a photobook) takes each photo once.
 */
export function takesCopies(product: PhotoRule): boolean {
  return product.min_photos < product.max_photos;
}

/**
 * Chooses or un-chooses a photo. A full selection takes no more photos, except that a product of
 * one photo swaps it (choosing another photo for a canvas replaces the first).
 */
export function togglePhoto(selection: Selection, photoId: number, product: PhotoRule): Selection {
  const next = new Map(selection);
  if (next.has(photoId)) {
    next.delete(photoId);
    return next;
  }
  if (product.max_photos === 1) return new Map([[photoId, 1]]);
  if (next.size >= product.max_photos) return selection;
  next.set(photoId, 1);
  return next;
}

/** Sets a chosen photo's copies, kept within 1 and MAX_COPIES. */
export function setCopies(selection: Selection, photoId: number, copies: number): Selection {
  if (!selection.has(photoId)) return selection;
  const next = new Map(selection);
  next.set(photoId, Math.min(MAX_COPIES, Math.max(1, Math.round(copies))));
  return next;
}

/** Drops photos that are no longer offered (they left the cart). */
export function keepOffered(selection: Selection, offered: ReadonlySet<number>): Selection {
  if ([...selection.keys()].every((id) => offered.has(id))) return selection;
  return new Map([...selection].filter(([id]) => offered.has(id)));
}

export interface SelectionSummary {
  photos: number;
  copies: number;
  /** The product takes this many photos. */
  complete: boolean;
  /** No further photo can be chosen (a product of one photo still swaps it). */
  full: boolean;
}

export function summarise(selection: Selection, product: PhotoRule): SelectionSummary {
  const photos = selection.size;
  let copies = 0;
  for (const n of selection.values()) copies += n;
  return {
    photos,
    copies,
    complete: photos >= product.min_photos && photos <= product.max_photos,
    full: photos >= product.max_photos,
  };
}

/** The photos as the API wants them. */
export function selectionPhotos(selection: Selection): { photo_id: number; quantity: number }[] {
  return [...selection].map(([photo_id, quantity]) => ({ photo_id, quantity }));
}
