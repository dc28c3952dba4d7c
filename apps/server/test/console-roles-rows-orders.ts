import { ORDERS, ORGS, type RolesContext, type Row } from './console-roles-context';
import { may } from './console-roles-fixture';

/** Vouchers, campaigns and orders. */
export function ordersRows(c: RolesContext): Row[] {
  const { status, vouchersUrl, campaignsUrl, newVoucher, newCampaign, newOrder } = c;
  return [
    // vouchers and campaigns (issue 19): selling.manage, reading included
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/vouchers/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: vouchersUrl(), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/vouchers/',
      expected: may('selling.manage', 'organisation', 201),
      mutates: true,
      prepare: async (actor) => `ROLES-${actor.toUpperCase()}-${++c.n}`,
      run: (token, code) =>
        status({ method: 'POST', url: vouchersUrl(), token, json: { code, kind: 'percentage', value: 10 } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/vouchers/{voucher_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({ method: 'PATCH', url: vouchersUrl(`${c.keptVoucher}/`), token, json: { max_uses: 50 } }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/vouchers/{voucher_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      // a fresh voucher per caller: a deletion that succeeds takes nothing the table needs
      prepare: async (actor) => String(await newVoucher(`GONE-${actor.toUpperCase()}`)),
      run: (token, id) => status({ method: 'DELETE', url: vouchersUrl(`${id}/`), token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/campaigns/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: campaignsUrl(), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/campaigns/',
      expected: may('selling.manage', 'organisation', 201),
      mutates: true,
      prepare: async (actor) => `LINK-${actor.toUpperCase()}-${++c.n}`,
      run: (token, code) =>
        status({ method: 'POST', url: campaignsUrl(), token, json: { code, percent_off: 10 } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: campaignsUrl(`${c.keptCampaign}/`),
          token,
          json: { percent_off: 15 },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: async (actor) => String(await newCampaign(`GONE-${actor.toUpperCase()}`)),
      run: (token, id) => status({ method: 'DELETE', url: campaignsUrl(`${id}/`), token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      variant: '{ active: false }',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: async (actor) => String(await newCampaign(`PAUSE-${actor.toUpperCase()}`)),
      run: (token, id) =>
        status({ method: 'PATCH', url: campaignsUrl(`${id}/`), token, json: { active: false } }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      variant: 'carried by an order (deactivates)',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: async (actor) => {
        const code = `USED-${actor.toUpperCase()}`;
        const id = await newCampaign(code);
        const order = await newOrder('paid');
        await c.t.h.database.executeSql('update orders set campaign_code = $1 where id = $2', [code, order]);
        return String(id);
      },
      run: (token, id) => status({ method: 'DELETE', url: campaignsUrl(`${id}/`), token }),
    },
    // orders (issue 19): read by owners, managers and support; changed by owners and managers
    {
      method: 'GET',
      path: '/organiser/v1/orders/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORDERS}?organisation_id=${c.orgId}`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/',
      variant: '?format=csv',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) =>
        status({ method: 'GET', url: `${ORDERS}?organisation_id=${c.orgId}&format=csv`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/{id}/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      prepare: () => newOrder('paid'),
      run: (token, id) => status({ method: 'GET', url: `${ORDERS}${id}/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/refund/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('paid'),
      run: (token, id) =>
        status({ method: 'POST', url: `${ORDERS}${id}/refund/`, token, json: { reason: 'Roles' } }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/mark-paid/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('pending'),
      run: (token, id) => status({ method: 'POST', url: `${ORDERS}${id}/mark-paid/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/resend/',
      expected: may('orders.read', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('paid'),
      run: (token, id) => status({ method: 'POST', url: `${ORDERS}${id}/resend/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/{id}/lab-package/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      prepare: async () => {
        const id = await newOrder('paid');
        await c.t.h.storage.put(`lab/${id}/manifest.json`, Buffer.from('{"lines":[]}'), 'application/json');
        await c.t.h.database.executeSql(
          'insert into lab_packages (order_id, manifest_key, files) values ($1, $2, 0)',
          [Number(id), `lab/${id}/manifest.json`],
        );
        return id;
      },
      run: (token, id) => status({ method: 'GET', url: `${ORDERS}${id}/lab-package/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/{id}/lab-package.zip',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      prepare: async () => {
        const id = await newOrder('paid');
        await c.t.h.storage.put(`lab/${id}/manifest.json`, Buffer.from('{"lines":[]}'), 'application/json');
        await c.t.h.database.executeSql(
          'insert into lab_packages (order_id, manifest_key, files) values ($1, $2, 0)',
          [Number(id), `lab/${id}/manifest.json`],
        );
        return id;
      },
      run: (token, id) => status({ method: 'GET', url: `${ORDERS}${id}/lab-package.zip`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/release/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('held'),
      run: (token, id) => status({ method: 'POST', url: `${ORDERS}${id}/release/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/cancel-print/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('held'),
      run: (token, id) =>
        status({ method: 'POST', url: `${ORDERS}${id}/cancel-print/`, token, json: { reason: 'Roles' } }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/order-settings/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${c.orgId}/order-settings/`, token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/order-settings/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: `${ORGS}${c.orgId}/order-settings/`,
          token,
          json: { print_hold_hours: 0 },
        }),
    },
  ];
}
