/**
 * The print feature's public entry: what the album screen (the print banner and its photobook
 * offer link) and the basket (the print items' option names) need of the catalogue. The print
 * screens are routes (routes/print-screens.ts); nothing else of this folder is imported from outside.
 */
export { usePrintOptionNames, usePrintProducts } from './api/print-queries';
export { PhotobookOfferLink } from './components/photobook-offer-link';
export { printItemContents } from './lib/print-format';
export { lowestPrice } from './lib/variants';
