import { organiserPriceEndpoints as k } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** Price lists and price sheets in the organiser console (issue 19); the rules are in services/prices. */
export function organiserPriceRoutes({ route, services }: RouteContext): void {
  const { prices, priceSheets } = services;
  route(k.eventPriceList, async ({ auth, params }) => prices.eventList(auth, params.slug));
  route(k.putEventPriceList, async ({ auth, params, body }) => prices.putEventList(auth, params.slug, body));
  route(k.galleryPriceList, async ({ auth, params }) => prices.galleryList(auth, params.slug, params.id));
  route(k.putGalleryPriceList, async ({ auth, params, body }) =>
    prices.putGalleryList(auth, params.slug, params.id, body),
  );
  route(k.deleteGalleryPriceList, async ({ auth, params }) =>
    prices.deleteGalleryList(auth, params.slug, params.id),
  );
  route(k.applyPriceSheet, async ({ auth, params, body }) => prices.applySheet(auth, params.slug, body));
  route(k.listPriceSheets, async ({ auth, params }) => priceSheets.list(auth, params.id));
  route(k.createPriceSheet, async ({ auth, params, body }) => priceSheets.create(auth, params.id, body));
  route(k.updatePriceSheet, async ({ auth, params, body }) =>
    priceSheets.update(auth, params.id, params.sheet_id, body),
  );
  route(k.deletePriceSheet, async ({ auth, params }) => priceSheets.remove(auth, params.id, params.sheet_id));
}
