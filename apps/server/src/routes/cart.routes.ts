import { cartEndpoints as c } from '@fotodrop/contract';
import { languageOf } from '../services/cart-print/countries';
import type { RouteContext } from './context';

export function cartRoutes({ route, services }: RouteContext): void {
  const { cart, cartOverview, print } = services;
  route(c.digitalItems, async ({ auth, query }) => cart.list(auth, query.checkin_id));
  route(c.createDigitalItem, async ({ auth, body }) => cart.create(auth, body));
  route(c.addMedias, async ({ auth, params, body }) => cart.addMedias(auth, params.id, body.media_ids));
  route(c.removeMedias, async ({ auth, params, body }) => cart.removeMedias(auth, params.id, body.media_ids));
  route(c.setType, async ({ auth, params, body }) => cart.setType(auth, params.id, body.type));
  route(c.addAllMedias, async ({ auth, body }) => cart.addAll(auth, body));
  route(c.deleteDigitalItem, async ({ auth, params }) => cart.remove(auth, params.id));
  route(c.digitalItemMedias, async ({ auth, params, query }) =>
    cart.itemMedias(auth, params.id, query.page, query.page_size),
  );
  route(c.totals, async ({ auth }) => cart.totals(auth));
  route(c.itemTotals, async ({ auth }) => cart.itemTotals(auth));
  route(c.deleteCart, async ({ auth }) => cart.clear(auth));
  route(c.deletePrintItem, async ({ auth, params }) => print.removeCartItem(auth.user.id, params.id));
  route(c.cart, async ({ auth, request, query }) =>
    cartOverview.whole(auth, languageOf(request.headers['accept-language']), query, request.ip),
  );
}
