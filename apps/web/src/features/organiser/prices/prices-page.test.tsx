import type { PriceListItem } from '@fotodrop/contract/api/galleries';
import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { EventPriceList, PriceSheet } from '@fotodrop/contract/api/organiser-prices';
import { priceListItem } from '@fotodrop/contract/rules/price-list-check';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { makeConsoleEvent, makeConsoleGallery } from '../test/console-event';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let myRole: OrganisationRole;
let eventList: EventPriceList;
let sheets: PriceSheet[];

const BASE = '/api/organiser/v1/events/5e1a0c3d/';
const WAIT = { timeout: 15_000 };
const item = priceListItem;
const json = (req: RecordedRequest) => JSON.parse(req.body) as Record<string, unknown>;
const sent = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path === path);

/** The prices calls as the server answers them: one event with two galleries, of organisation 34. */
function pricesApi(req: RecordedRequest): Answer {
  const path = req.path.split('?')[0] ?? '';
  if (path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser({ organisation_count: 1 }) };
  if (path === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (path === BASE) return { status: 200, body: makeConsoleEvent() };
  if (path === `${BASE}galleries/`)
    return {
      status: 200,
      body: {
        results: [
          makeConsoleGallery({ id: 11, name: 'Start' }),
          makeConsoleGallery({ id: 14, name: 'Finish', position: 1 }),
        ],
      },
    };
  if (path === `${BASE}price-list/` && req.method === 'GET') return { status: 200, body: eventList };
  if (path === `${BASE}price-list/` && req.method === 'PUT') {
    eventList = { ...eventList, ...json(req), updated_at: '2026-11-27T10:00:00Z' } as EventPriceList;
    return { status: 200, body: eventList };
  }
  if (path === `${BASE}galleries/11/price-list/` && req.method === 'GET')
    return {
      status: 200,
      body: { ...eventList, inherited: true, inherited_from: null, sheet_id: null, updated_at: null },
    };
  if (path === `${BASE}galleries/11/price-list/` && req.method === 'PUT')
    return { status: 200, body: { ...eventList, ...json(req), inherited: false } };
  if (path === `${BASE}price-list/apply-sheet/`) return { status: 200, body: { ...eventList, sheet_id: 3 } };
  if (path === '/api/organiser/v1/organisations/34/price-sheets/' && req.method === 'GET')
    return { status: 200, body: { results: sheets } };
  if (path === '/api/organiser/v1/organisations/34/price-sheets/' && req.method === 'POST') {
    const sheet = {
      ...json(req),
      id: 9,
      created_at: '2026-11-27T10:00:00Z',
      updated_at: '2026-11-27T10:00:00Z',
    };
    sheets = [...sheets, sheet as PriceSheet];
    return { status: 201, body: sheet };
  }
  return undefined;
}

const server = consoleTestServer((req) => pricesApi(req));
beforeEach(() => {
  myRole = 'owner';
  eventList = {
    currency: 'EUR',
    items: [item({ qty: 1, price: '9.90' }), item({ qty: 5, price: '29.90' })],
    packages: [{ order_type: 'ALL_PHOTOS', price: '39.90', price_original: null }],
    inherited: false,
    inherited_from: null,
    sheet_id: null,
    updated_at: null,
    gallery_lists: [],
  };
  sheets = [
    {
      id: 3,
      name: 'Races 2027',
      currency: 'EUR',
      items: [item({ qty: 1, price: '12.00' })],
      packages: [],
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
    },
  ];
});

const eventCard = () => screen.getByRole('heading', { name: 'Prices of the event' }).closest('section')!;
const preview = () => within(eventCard()).getByRole('region', { name: 'As participants see it' });

describe('the prices page', { timeout: 30_000 }, () => {
  it("shows the event's prices as participants see them, and the preview follows every keystroke", async () => {
    renderApp('/organiser/events/5e1a0c3d/prices');
    await screen.findByRole('heading', { name: 'Prices of the event' }, WAIT);
    const shown = await within(eventCard()).findByRole('region', { name: 'As participants see it' }, WAIT);
    expect(within(shown).getByText('5 pictures')).toBeTruthy();
    expect(within(shown).getByText('€29.90')).toBeTruthy();
    // the struck-through price is the bundle at the single price, as participants see it
    expect(within(shown).getByText('€49.50')).toBeTruthy();
    expect(within(shown).getByText('All photos of this album for €39.90')).toBeTruthy();

    const prices = within(eventCard()).getAllByLabelText('Price');
    fireEvent.change(prices[1]!, { target: { value: '24,90' } });
    expect(within(preview()).getByText('€24.90')).toBeTruthy();
  });

  it('refuses overlapping ranges in the form, then saves a good list in major units', async () => {
    renderApp('/organiser/events/5e1a0c3d/prices');
    await screen.findByRole('heading', { name: 'Prices of the event' }, WAIT);
    const photos = await within(eventCard()).findByRole('group', { name: 'Photos' }, WAIT);
    fireEvent.click(within(photos).getByRole('radio', { name: 'Quantity ranges' }));
    const from = within(photos).getAllByLabelText('From');
    const to = within(photos).getAllByLabelText('To');
    const each = within(photos).getAllByLabelText('Price each');
    fireEvent.change(from[0]!, { target: { value: '1' } });
    fireEvent.change(to[0]!, { target: { value: '5' } });
    fireEvent.change(each[0]!, { target: { value: '6' } });
    fireEvent.change(from[1]!, { target: { value: '4' } });
    fireEvent.change(each[1]!, { target: { value: '4.50' } });
    fireEvent.click(within(eventCard()).getByRole('button', { name: "Save the event's prices" }));
    expect(await within(eventCard()).findByText('This range overlaps another one.')).toBeTruthy();
    expect(sent('PUT', `${BASE}price-list/`)).toHaveLength(0);

    fireEvent.change(from[1]!, { target: { value: '6' } });
    fireEvent.click(within(eventCard()).getByRole('button', { name: "Save the event's prices" }));
    expect(await within(eventCard()).findByText(/Prices saved/)).toBeTruthy();
    expect(json(sent('PUT', `${BASE}price-list/`)[0]!)).toEqual({
      currency: 'EUR',
      items: [
        item({ from_qty: 1, to_qty: 5, unit_price: '6' }),
        item({ from_qty: 6, to_qty: null, unit_price: '4.50' }),
      ],
      packages: [{ order_type: 'ALL_PHOTOS', price: '39.90', price_original: null, prepurchase_price: null }],
    });
  });

  it('takes a pre-sale price below the package price and previews it as participants see it before the event', async () => {
    renderApp('/organiser/events/5e1a0c3d/prices');
    await screen.findByRole('heading', { name: 'Prices of the event' }, WAIT);
    const packages = await within(eventCard()).findByRole('group', { name: 'Packages' }, WAIT);
    const [presale] = within(packages).getAllByLabelText('Pre-sale price (optional)');
    fireEvent.change(presale!, { target: { value: '45' } });
    fireEvent.click(within(eventCard()).getByRole('button', { name: "Save the event's prices" }));
    expect(
      await within(eventCard()).findByText('The pre-sale price must be below the package price.'),
    ).toBeTruthy();
    expect(sent('PUT', `${BASE}price-list/`)).toHaveLength(0);

    fireEvent.change(presale!, { target: { value: '29,00' } });
    expect(within(preview()).getByText('All photos of this album for €29.00')).toBeTruthy();
    expect(
      within(preview()).getByText(
        'Pre-sale price until the event starts, €39.90 from then on. It covers the photos that arrive later.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(eventCard()).getByRole('button', { name: "Save the event's prices" }));
    expect(await within(eventCard()).findByText(/Prices saved/)).toBeTruthy();
    expect(json(sent('PUT', `${BASE}price-list/`)[0]!).packages).toEqual([
      { order_type: 'ALL_PHOTOS', price: '39.90', price_original: null, prepurchase_price: '29.00' },
    ]);
    // what is stored comes back into the field
    cleanup();
    renderApp('/organiser/events/5e1a0c3d/prices');
    await screen.findByRole('heading', { name: 'Prices of the event' }, WAIT);
    const again = await within(eventCard()).findByRole('group', { name: 'Packages' }, WAIT);
    expect((within(again).getAllByLabelText('Pre-sale price (optional)')[0] as HTMLInputElement).value).toBe(
      '29.00',
    );
  });

  it("tells where a gallery's prices come from, and gives it its own", async () => {
    renderApp('/organiser/events/5e1a0c3d/prices');
    const card = (await screen.findByRole('heading', { name: 'Prices of a gallery' }, WAIT)).closest(
      'section',
    )!;
    expect(await within(card).findByText('This gallery uses the prices of the event.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Give this gallery its own prices' }));
    const price = within(card).getAllByLabelText('Price')[0]!;
    fireEvent.change(price, { target: { value: '7.50' } });
    fireEvent.click(within(card).getByRole('button', { name: "Save the gallery's prices" }));
    expect(await within(card).findByText(/Prices saved/)).toBeTruthy();
    const body = json(sent('PUT', `${BASE}galleries/11/price-list/`)[0]!);
    expect(body.packages).toEqual([]);
    expect((body.items as PriceListItem[])[0]).toEqual(item({ qty: 1, price: '7.50' }));
  });

  it('copies a price sheet onto a gallery', async () => {
    renderApp('/organiser/events/5e1a0c3d/prices');
    const card = (await screen.findByRole('heading', { name: 'Apply a price sheet' }, WAIT)).closest(
      'section',
    )!;
    await within(card).findByRole('option', { name: 'Races 2027 (EUR)' }, WAIT);
    fireEvent.change(within(card).getByLabelText('Price sheet'), { target: { value: '3' } });
    fireEvent.change(within(card).getByLabelText('Apply to'), { target: { value: '14' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Apply' }));
    expect(await within(card).findByText("The sheet's prices were copied.")).toBeTruthy();
    expect(json(sent('POST', `${BASE}price-list/apply-sheet/`)[0]!)).toEqual({ sheet_id: 3, gallery_id: 14 });
  });

  it('shows a manager the prices and the preview without a way to change them', async () => {
    myRole = 'manager';
    renderApp('/organiser/events/5e1a0c3d/prices');
    await screen.findByRole('heading', { name: 'Prices of the event' }, WAIT);
    expect(await within(eventCard()).findByText('5 pictures')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Save the event's prices" })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Apply a price sheet' })).toBeNull();
    expect(
      (within(eventCard()).getAllByLabelText('Price')[0] as HTMLInputElement).closest('fieldset')!.disabled,
    ).toBe(true);
    expect(server.requests.some((r) => r.path.includes('price-sheets'))).toBe(false);
  });
});

describe('the price sheets page', { timeout: 30_000 }, () => {
  it('lists the sheets and creates one', async () => {
    renderApp('/organiser/price-sheets');
    expect(await screen.findByRole('heading', { name: 'Races 2027' }, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New price sheet' }));
    const card = screen.getByRole('heading', { name: 'New price sheet' }).closest('section')!;
    fireEvent.change(within(card).getByLabelText(/^Name/), { target: { value: 'Trail 2027' } });
    const photos = within(card).getByRole('group', { name: 'Photos' });
    fireEvent.click(within(photos).getByRole('button', { name: 'Add a bundle' }));
    fireEvent.change(within(card).getAllByLabelText('Price')[0]!, { target: { value: '8' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Create the sheet' }));
    expect(await screen.findByRole('heading', { name: 'Trail 2027' }, WAIT)).toBeTruthy();
    expect(json(sent('POST', '/api/organiser/v1/organisations/34/price-sheets/')[0]!)).toEqual({
      name: 'Trail 2027',
      currency: 'EUR',
      items: [item({ qty: 1, price: '8' })],
      packages: [],
    });
  });

  it('tells a manager that only owners manage prices', async () => {
    myRole = 'manager';
    renderApp('/organiser/price-sheets');
    expect(await screen.findByText("Only the organisation's owners manage prices.", {}, WAIT)).toBeTruthy();
  });
});
