import { organiserVoucherEndpoints as k } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** Vouchers and campaigns in the organiser console (issue 19); rules in services/vouchers. */
export function organiserVoucherRoutes({ route, services }: RouteContext): void {
  const { vouchers, campaigns } = services;
  route(k.listVouchers, async ({ auth, params, query }) => vouchers.list(auth, params.id, query));
  route(k.createVoucher, async ({ auth, params, body }) => vouchers.create(auth, params.id, body));
  route(k.updateVoucher, async ({ auth, params, body }) =>
    vouchers.update(auth, params.id, params.voucher_id, body),
  );
  route(k.deleteVoucher, async ({ auth, params }) => vouchers.remove(auth, params.id, params.voucher_id));
  route(k.listCampaigns, async ({ auth, params, query }) => campaigns.list(auth, params.id, query));
  route(k.createCampaign, async ({ auth, params, body }) => campaigns.create(auth, params.id, body));
  route(k.updateCampaign, async ({ auth, params, body }) =>
    campaigns.update(auth, params.id, params.campaign_id, body),
  );
  route(k.deleteCampaign, async ({ auth, params }) => campaigns.remove(auth, params.id, params.campaign_id));
}
