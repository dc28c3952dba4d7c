import { expect } from 'vitest';
import { ORGS, priceList, type RolesContext, type Row } from './console-roles-context';
import { may, send } from './console-roles-fixture';

/** Selling: payment methods, bank account, print offer and prices. */
export function sellingRows(c: RolesContext): Row[] {
  const { status, newSheet, ev } = c;
  return [
    // selling: payment methods, bank account, print offer (issue 19)
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/payment-methods/',
      expected: may('orders.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}payment-methods/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/events/{slug}/payment-methods/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ev()}payment-methods/`,
          token,
          json: { methods: ['stripe'], confirm_messages: { stripe: `Thanks ${++c.n}` } },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/bank-account/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${c.orgId}/bank-account/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/organisations/{id}/bank-account/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ORGS}${c.orgId}/bank-account/`,
          token,
          json: { beneficiary: `Lakeside ${++c.n}`, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/bank-account/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      // an account to remove, and no event offering bank transfer (else 409, selling-settings.test.ts)
      prepare: async () => {
        await c.t.h.database.executeSql(
          `insert into event_payment_settings (photo_service_id, methods)
           select id, '{stripe}' from photo_services where organisation_id = $1
           on conflict (photo_service_id) do update set methods = array_remove(event_payment_settings.methods, 'bank-transfer')`,
          [c.orgId],
        );
        await c.t.h.database.executeSql(
          `insert into bank_accounts (organisation_id, beneficiary, iban, bic)
           values ($1, 'Lakeside', 'DE89370400440532013000', 'COBADEFFXXX')
           on conflict (organisation_id) do nothing`,
          [c.orgId],
        );
        return '';
      },
      run: (token) => status({ method: 'DELETE', url: `${ORGS}${c.orgId}/bank-account/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/print-offer/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${c.orgId}/print-offer/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/organisations/{id}/print-offer/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ORGS}${c.orgId}/print-offer/`,
          token,
          json: {
            products: [],
            shipping_rates: [{ country: 'DE', shipping: `${++c.n}.00`, handling_fee: '0' }],
          },
        }),
    },
    // prices (issue 19): reading with the event, changing owner only
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/price-list/',
      expected: may('events.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}price-list/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/events/{slug}/price-list/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({ method: 'PUT', url: `${ev()}price-list/`, token, json: priceList(`${++c.n}.00`) }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
      expected: may('events.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}galleries/${c.galleryId}/price-list/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ev()}galleries/${c.galleryId}/price-list/`,
          token,
          json: { ...priceList(`${++c.n}.00`), packages: [] },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      // a gallery list to remove, made afresh before each caller
      prepare: async () => {
        const made = await send(c.t.h.app, {
          method: 'PUT',
          url: `${ev()}galleries/${c.galleryId}/price-list/`,
          token: c.tokens.owner,
          json: { ...priceList(`${++c.n}.00`), packages: [] },
        });
        expect(made.statusCode).toBe(200);
        return '';
      },
      run: (token) => status({ method: 'DELETE', url: `${ev()}galleries/${c.galleryId}/price-list/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/price-list/apply-sheet/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      prepare: () => newSheet(),
      run: (token, sheetId) =>
        status({
          method: 'POST',
          url: `${ev()}price-list/apply-sheet/`,
          token,
          json: { sheet_id: Number(sheetId) },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/price-sheets/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${c.orgId}/price-sheets/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/price-sheets/',
      expected: may('selling.manage', 'organisation', 201),
      mutates: true,
      run: (token) =>
        status({
          method: 'POST',
          url: `${ORGS}${c.orgId}/price-sheets/`,
          token,
          json: { name: `Sheet ${++c.n}`, ...priceList('5.00') },
        }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/price-sheets/{sheet_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newSheet(),
      run: (token, sheetId) =>
        status({
          method: 'PATCH',
          url: `${ORGS}${c.orgId}/price-sheets/${sheetId}/`,
          token,
          json: { name: `Renamed ${++c.n}` },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/price-sheets/{sheet_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newSheet(),
      run: (token, sheetId) =>
        status({ method: 'DELETE', url: `${ORGS}${c.orgId}/price-sheets/${sheetId}/`, token }),
    },
  ];
}
