import { lazy } from 'react';

/**
 * The cart feature's public entry: what the album screen, the print screens, the header and the
 * checkout need of the cart; nothing else of this folder is imported from outside.
 */
export {
  refreshCart,
  useChangeItemMedias,
  useCreateDigitalItem,
  useDeleteDigitalItem,
  useSetItemType,
} from './api/cart-mutations';
export { cartItemMediasQuery, useCartItems, useCartTotals, useFullCart } from './api/cart-queries';
export type { BasketProps } from './components/basket';
export { CartCount } from './components/cart-count';
export { CurrencyMismatchDialog } from './components/currency-mismatch-dialog';
export { type AlbumCart, albumCart, type MediaCartState, mediaCartState } from './lib/cart-lines';

/**
 * The basket (lines, print products, their removal) that /checkout hosts. Lazy, so the header's
 * cart count, which loads this module on every page, does not bring the basket's code and styles.
 */
export const Basket = lazy(() => import('./components/basket'));
