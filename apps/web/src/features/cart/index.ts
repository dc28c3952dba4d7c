/**
 * The cart feature's public entry: what the album screen, the print screens and the header need
 * of the cart. The basket screen itself is a route (routes/checkout.tsx); nothing else of this
 * folder is imported from outside.
 */
export {
  refreshCart,
  useChangeItemMedias,
  useCreateDigitalItem,
  useDeleteDigitalItem,
  useSetItemType,
} from './api/cart-mutations';
export { cartItemMediasQuery, useCartItems, useCartTotals, useFullCart } from './api/cart-queries';
export { CartCount } from './components/cart-count';
export { CurrencyMismatchDialog } from './components/currency-mismatch-dialog';
export { type AlbumCart, albumCart, type MediaCartState, mediaCartState } from './lib/cart-lines';
