import { cartEndpoints, orderEndpoints as o } from '@fotodrop/contract';
import type { RouteContext } from './context';

export function orderRoutes({ route, services, requestInfo }: RouteContext): void {
  const { orders, cartPayments, testPayments } = services;
  route(o.createOrder, async ({ auth, body, request }) =>
    orders.create(auth, body, { linkBase: await (await requestInfo(request)).linkBase(), ip: request.ip }),
  );
  route(o.confirmPayment, async ({ auth, body }) => orders.confirm(auth, body));
  route(o.order, async ({ auth, params }) => orders.get(auth, params.id));
  route(o.orders, async ({ auth, query }) => orders.list(auth, query.page, query.page_size));
  route(o.cancelOrder, async ({ auth, params }) => orders.cancel(auth, params.id));
  route(o.markPaid, async ({ auth, params }) => orders.markPaid(auth, params.id));
  route(cartEndpoints.paymentMethods, async ({ auth }) => cartPayments.forUser(auth));
  route(o.testIntent, async ({ auth, params }) => testPayments.intent(auth, params.intent_id));
  route(o.testConfirm, async ({ auth, params, body }) => testPayments.confirm(auth, params.intent_id, body));
}
