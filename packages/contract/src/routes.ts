import type { HttpMethod } from './endpoint';

type RouteTable = Record<string, { method: HttpMethod; path: string }>;

/**
 * Method and path of the endpoints whose web callers must not load zod: the album screen's and
 * the cart's calls sit in chunks measured against the home route's budget, and an endpoint object
 * brings its schemas with it. The endpoint definitions spread these in, so this table is where
 * those paths are written, once; the web takes them from here (shared/api `endpointRoutes`).
 */
export const galleryRoutes = {
  galleryTree: { method: 'GET', path: '/v3/checkins/{checkin_id}/gallery_tree/{gallery_id}/tree/' },
  galleryMedia: { method: 'GET', path: '/v3/checkins/{checkin_id}/gallery_tree/{gallery_id}/media/' },
  priceList: { method: 'GET', path: '/v3/checkins/{checkin_id}/gallery_tree/{gallery_id}/price_list/' },
  groupedGalleries: { method: 'GET', path: '/v3/checkins/{checkin_id}/galleries/' },
  groupedGalleryMedias: { method: 'GET', path: '/v3/checkins/{checkin_id}/galleries/{gallery_id}/medias/' },
} as const satisfies RouteTable;

export const mediaRoutes = {
  addFavorite: { method: 'POST', path: '/v3/medias/{media_id}/add-favorite/' },
  removeFavorite: { method: 'POST', path: '/v3/medias/{media_id}/remove-favorite/' },
  hideMedia: { method: 'POST', path: '/v3/medias/{id}/hide/' },
  allMedias: { method: 'GET', path: '/v3/checkins/{checkin_id}/all-medias/' },
  medias: { method: 'GET', path: '/v3/medias/' },
  checkinMedias: { method: 'GET', path: '/v3/checkins/{id}/medias/' },
} as const satisfies RouteTable;

export const cartRoutes = {
  digitalItems: { method: 'GET', path: '/cart/digital-items/' },
  createDigitalItem: { method: 'POST', path: '/cart/digital-items/' },
  addMedias: { method: 'PATCH', path: '/cart/digital-items/{id}/add-medias/' },
  removeMedias: { method: 'PATCH', path: '/cart/digital-items/{id}/remove-medias/' },
  setType: { method: 'PATCH', path: '/cart/digital-items/{id}/set-type/' },
  addAllMedias: { method: 'POST', path: '/cart/digital-items/add-all-medias/' },
  deleteDigitalItem: { method: 'DELETE', path: '/cart/digital-items/{id}/' },
  deletePrintItem: { method: 'DELETE', path: '/cart/print-items/{id}/' },
  digitalItemMedias: { method: 'GET', path: '/cart/digital-items/{id}/medias/' },
  totals: { method: 'GET', path: '/cart/totals/' },
  itemTotals: { method: 'GET', path: '/cart/totals/items/' },
  paymentMethods: { method: 'GET', path: '/cart/payment-methods/' },
  deleteCart: { method: 'DELETE', path: '/cart/' },
  cart: { method: 'GET', path: '/v1/cart/' },
} as const satisfies RouteTable;

export const printRoutes = {
  productFamilies: { method: 'GET', path: '/print/api/v1/product-families/' },
  products: { method: 'GET', path: '/print/api/v1/products/' },
  product: { method: 'GET', path: '/print/api/v1/products/{id}/' },
  decorateConfiguration: { method: 'POST', path: '/print/api/v1/decorate-product-configuration/' },
  countries: { method: 'GET', path: '/print/api/v1/countries/' },
} as const satisfies RouteTable;

export const photobookRoutes = {
  preview: { method: 'GET', path: '/photobook-preview/' },
  offer: { method: 'GET', path: '/photobook-offer/' },
} as const satisfies RouteTable;

export const orderRoutes = {
  orders: { method: 'GET', path: '/v3/orders/' },
  markPaid: { method: 'POST', path: '/v3/orders/{id}/mark-paid/' },
  testIntent: { method: 'GET', path: '/test-payments/v1/intents/{intent_id}/' },
  testConfirm: { method: 'POST', path: '/test-payments/v1/intents/{intent_id}/confirm/' },
  createOrder: { method: 'POST', path: '/v3/orders/' },
  order: { method: 'GET', path: '/v3/orders/{id}/' },
  confirmPayment: { method: 'POST', path: '/v3/orders/confirm-payment/' },
  cancelOrder: { method: 'POST', path: '/v3/orders/{id}/cancel/' },
} as const satisfies RouteTable;

export const paymentMethodRoutes = {
  savedCards: { method: 'GET', path: '/payments/v1/stripe/payment-methods/' },
  setDefaultCard: { method: 'PATCH', path: '/payments/v1/stripe/payment-methods/{id}/set-default/' },
  detachCard: { method: 'POST', path: '/payments/v1/stripe/payment-methods/{id}/detach/' },
} as const satisfies RouteTable;

/** The album lookup by code and the check-in: started by the web before the album screen's chunks are in (issue 20). */
export const checkinRoutes = {
  checkinByCode: { method: 'GET', path: '/v3/checkins/by-code/{code}/' },
  // a logged-in runner's e-mail link: the check-in with its album, started beside the route's chunks
  createCheckin: { method: 'POST', path: '/v2/checkins/' },
} as const satisfies RouteTable;

/** The signed-in user, asked for beside a logged-in runner's check-in on the e-mail link (issue 20). */
export const accountRoutes = {
  me: { method: 'GET', path: '/v2/users/me/' },
} as const satisfies RouteTable;

/** GET /v1/countries/ (a check-in call of the spec) for addresses. */
export const countryRoutes = {
  countries: { method: 'GET', path: '/v1/countries/' },
} as const satisfies RouteTable;

/** POST /metric on the metrics host: the web's metric queue sends without loading zod. */
export const metricRoutes = {
  send: { method: 'POST', path: '/metric' },
} as const satisfies RouteTable;

/** By registry group; the web imports the group it needs (one export each, so the others are tree-shaken). */
export const routes = {
  galleries: galleryRoutes,
  media: mediaRoutes,
  cart: cartRoutes,
  print: printRoutes,
  orders: orderRoutes,
  paymentMethods: paymentMethodRoutes,
  photobook: photobookRoutes,
};
