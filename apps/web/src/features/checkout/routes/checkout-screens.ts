/**
 * The checkout screens, each its own chunk. The router reaches them through this small module, so
 * the home page's route table names one chunk here instead of every screen's files.
 */
export const checkoutScreens = {
  checkout: () => import('./checkout'),
  success: () => import('./checkout-success'),
  complete: () => import('./checkout-complete'),
  mercadoPago: () => import('./mercado-pago-return'),
  testPayment: () => import('./test-payment'),
};
