/**
 * The print screens' plural keys: the catalogues hold each as key_one, _other (and _two, _few,
 * _many… per language), so the code names them here rather than as a literal t('…').
 */
export const PLURAL = {
  copies: 'print.count.copies',
  takes: 'print.product.takes',
  takesRange: 'print.product.takes_range',
  itemPhotos: 'print.item.photos',
  inAlbum: 'print.photos.in_album',
  inBought: 'print.photos.in_bought',
  hint: 'print.photos.hint',
  hintRange: 'print.photos.hint_range',
  counterExact: 'print.summary.counter_exact',
  counterRange: 'print.summary.counter_range',
  photobookPhotosInCart: 'photobook.photos_in_cart',
  photobookMissing: 'photobook.missing',
} as const;
