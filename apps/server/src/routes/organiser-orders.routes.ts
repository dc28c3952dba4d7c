import { organiserOrderEndpoints as k } from '@fotodrop/contract';
import { attachmentDisposition } from '../media/download-names';
import type { RouteContext } from './context';
import { sendCsv } from './csv-reply';

/** Orders in the organiser console (issue 19); rules in services/orders/organiser-order*.ts. */
export function organiserOrderRoutes({ route, services }: RouteContext): void {
  const { organiserOrders: reads, organiserOrderActions: actions } = services;
  route(k.listOrders, async ({ auth, query, reply }) => {
    if (query.format === 'json') return reads.list(auth, query);
    return sendCsv(reply, await reads.csv(auth, query));
  });
  route(k.getOrder, async ({ auth, params }) => reads.detail(auth, params.id));
  route(k.refundOrder, async ({ auth, params, body }) => actions.refund(auth, params.id, body));
  route(k.markOrderPaid, async ({ auth, params }) => actions.markPaid(auth, params.id));
  route(k.resendOrderEmail, async ({ auth, params }) => actions.resend(auth, params.id));
  route(k.labPackage, async ({ auth, params }) => actions.labPackage(auth, params.id));
  route(k.labPackageZip, async ({ auth, params, reply }) => {
    const zip = await actions.labPackageZip(auth, params.id);
    return reply
      .headers({
        'content-type': 'application/zip',
        'content-disposition': attachmentDisposition(zip.fileName),
        'cache-control': 'private, no-store',
      })
      .send(zip.stream);
  });
  route(k.releasePrints, async ({ auth, params }) => actions.release(auth, params.id));
  route(k.cancelPrints, async ({ auth, params, body }) => actions.cancelPrints(auth, params.id, body));
  route(k.orderSettings, async ({ auth, params }) => actions.settings(auth, params.id));
  route(k.updateOrderSettings, async ({ auth, params, body }) =>
    actions.updateSettings(auth, params.id, body),
  );
}
