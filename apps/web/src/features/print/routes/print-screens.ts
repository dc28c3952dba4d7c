/**
 * The print screens, each its own chunk. The router reaches them through this small module, so
 * the home page's route table names one chunk here instead of every screen's files.
 */
export const printScreens = {
  chooser: () => import('./product-chooser'),
  product: () => import('./configure-product'),
  added: () => import('./print-added'),
  photobook: () => import('./photobook'),
};
