import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type { OrganiserCampaign, OrganiserVoucher } from '@fotodrop/contract/api/organiser-vouchers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation, makeOrganiserEvent } from '../test/fixtures';

type Answer = { status: number; body?: unknown } | undefined;
let myRole: OrganisationRole;
let vouchers: OrganiserVoucher[];
let campaigns: OrganiserCampaign[];
/** What the next POST of a voucher answers (a 201 with the voucher by default). */
let createAnswer: Answer;

const ORG = '/api/organiser/v1/organisations/34';
const voucher = (id: number, overrides: Partial<OrganiserVoucher> = {}): OrganiserVoucher => ({
  id,
  code: `CODE${id}`,
  kind: 'percentage',
  value: 10,
  currency: null,
  max_uses: null,
  max_uses_per_account: 1,
  valid_from: null,
  valid_to: null,
  events: [],
  state: 'active',
  deactivated_at: null,
  uses: 0,
  held: 0,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});
const CAMPAIGN: OrganiserCampaign = {
  id: 5,
  code: 'SPRING25',
  percent_off: 25,
  expires_at: null,
  events: [{ slug: '5e1a0c3d', name: 'City Run' }],
  state: 'active',
  deactivated_at: null,
  url: 'https://lakeside.fotodrop.example/preview?campaign_code=SPRING25',
  orders: 3,
  open_orders: 0,
  created_at: '2026-11-20T10:00:00Z',
};

const page = <T,>(results: T[]) => ({
  status: 200,
  body: { results, pagination: { total: results.length, num_pages: 1, page_size: 25, page_number: 1 } },
});

function api(req: RecordedRequest): Answer {
  const url = new URL(req.path, 'http://x');
  if (url.pathname.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
  if (url.pathname === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (url.pathname === '/api/organiser/v1/events/')
    return {
      status: 200,
      body: {
        results: [
          makeOrganiserEvent({ slug: '5e1a0c3d', name: 'City Run' }),
          makeOrganiserEvent({ id: 2, slug: 'c0ffee42', name: 'Night Run' }),
        ],
      },
    };
  if (url.pathname === `${ORG}/vouchers/` && req.method === 'GET') {
    const status = url.searchParams.get('status');
    return page(status ? vouchers.filter((v) => v.state === status) : vouchers);
  }
  if (url.pathname === `${ORG}/vouchers/` && req.method === 'POST') {
    if (createAnswer) return createAnswer;
    const body = JSON.parse(req.body) as Partial<OrganiserVoucher>;
    const made = voucher(99, {
      ...body,
      code: String(body.code).toUpperCase(),
      events: [],
    } as Partial<OrganiserVoucher>);
    vouchers = [made, ...vouchers];
    return { status: 201, body: made };
  }
  const one = /vouchers\/(\d+)\/$/.exec(url.pathname);
  if (one && req.method === 'PATCH') {
    const id = Number(one[1]);
    const { active } = JSON.parse(req.body) as { active?: boolean };
    vouchers = vouchers.map((v) =>
      v.id === id ? { ...v, state: active === false ? 'deactivated' : 'active' } : v,
    );
    return { status: 200, body: vouchers.find((v) => v.id === id) };
  }
  if (one && req.method === 'DELETE') {
    const id = Number(one[1]);
    const used = vouchers.find((v) => v.id === id)!.uses > 0;
    vouchers = used
      ? vouchers.map((v) => (v.id === id ? { ...v, state: 'deactivated' } : v))
      : vouchers.filter((v) => v.id !== id);
    return {
      status: 200,
      body: used
        ? { outcome: 'deactivated', voucher: vouchers.find((v) => v.id === id) }
        : { outcome: 'deleted', voucher: null },
    };
  }
  if (url.pathname === `${ORG}/campaigns/`) {
    const status = url.searchParams.get('status');
    return page(status ? campaigns.filter((c) => c.state === status) : campaigns);
  }
  const campaign = /campaigns\/(\d+)\/$/.exec(url.pathname);
  if (campaign && req.method === 'PATCH') {
    const id = Number(campaign[1]);
    const { active } = JSON.parse(req.body) as { active?: boolean };
    campaigns = campaigns.map((c) =>
      c.id === id ? { ...c, state: active === false ? 'deactivated' : 'active' } : c,
    );
    return { status: 200, body: campaigns.find((c) => c.id === id) };
  }
  if (campaign && req.method === 'DELETE') {
    const id = Number(campaign[1]);
    campaigns = campaigns.map((c) => (c.id === id ? { ...c, state: 'deactivated' } : c));
    return { status: 200, body: { outcome: 'deactivated', campaign: campaigns.find((c) => c.id === id) } };
  }
  return undefined;
}

const server = consoleTestServer(api);
beforeEach(() => {
  myRole = 'owner';
  createAnswer = undefined;
  campaigns = [CAMPAIGN];
  vouchers = [
    voucher(1, {
      code: 'LAKE10',
      max_uses: 100,
      max_uses_per_account: 2,
      events: [{ slug: '5e1a0c3d', name: 'City Run' }],
      uses: 12,
      held: 1,
    }),
    voucher(2, {
      code: 'FIVEOFF',
      kind: 'fixed',
      value: '5.00',
      currency: 'EUR',
      state: 'used_up',
      max_uses: 1,
      uses: 1,
    }),
    voucher(3, { code: 'FREE3', kind: 'free_photos', value: 3, max_uses_per_account: null }),
  ];
});

const wait = { timeout: 15_000 };
const row = (code: string) => screen.getByText(code).closest('tr') as HTMLElement;

describe('vouchers and campaigns in the console', { timeout: 30_000 }, () => {
  it('lists each voucher with its discount, limits, events, uses and state, and the campaigns with their link', async () => {
    renderApp('/organiser/vouchers');
    expect(await screen.findByRole('heading', { level: 2, name: '3 vouchers' }, wait)).toBeTruthy();
    const lake = row('LAKE10');
    expect(within(lake).getByText('10 % off')).toBeTruthy();
    expect(within(lake).getByText('100 orders in all · 2 per account')).toBeTruthy();
    expect(within(lake).getByText('City Run')).toBeTruthy();
    expect(within(lake).getByText('12 paid orders')).toBeTruthy();
    expect(within(lake).getByText('1 awaiting payment')).toBeTruthy();
    expect(within(row('FIVEOFF')).getByText('€5.00')).toBeTruthy();
    expect(within(row('FIVEOFF')).getByText('Used up')).toBeTruthy();
    expect(within(row('FREE3')).getByText('3 free photos')).toBeTruthy();
    expect(within(row('FREE3')).getByText('No limit in all · no limit per account')).toBeTruthy();
    expect(within(row('FREE3')).getByText('All events')).toBeTruthy();
    // the section is in the console's navigation
    expect(screen.getByRole('link', { name: 'Vouchers' }).getAttribute('aria-current')).toBe('page');

    expect(await screen.findByRole('heading', { level: 2, name: '1 campaign' }, wait)).toBeTruthy();
    const campaign = row('SPRING25');
    expect(within(campaign).getByText('25 % off')).toBeTruthy();
    expect(within(campaign).getByText('3 paid orders')).toBeTruthy();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(campaign).getByRole('button', { name: 'Copy the link of SPRING25' }));
    expect(await within(campaign).findByText('Link copied.', {}, wait)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(CAMPAIGN.url);
  });

  it('creates a voucher: checks the form as the server does, then sends it and lists it', async () => {
    renderApp('/organiser/vouchers');
    fireEvent.click(await screen.findByRole('button', { name: 'New voucher' }, wait));
    const form = screen
      .getByRole('heading', { level: 3, name: 'New voucher' })
      .closest('form') as HTMLElement;
    expect(document.activeElement).toBe(within(form).getByRole('heading', { level: 3 }));
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'x' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Fixed amount' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create voucher' }));
    expect(await within(form).findByText('Use at least 3 characters.', {}, wait)).toBeTruthy();
    expect(within(form).getByText('This field is required.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'summer-5' } });
    fireEvent.change(within(form).getByLabelText(/^Amount off/), { target: { value: '5' } });
    // the organisation's currency is filled in
    expect((within(form).getByLabelText('Currency') as HTMLInputElement).value).toBe('EUR');
    fireEvent.change(within(form).getByLabelText('Orders in all'), { target: { value: '50' } });
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Night Run' }, wait));
    fireEvent.click(within(form).getByRole('button', { name: 'Create voucher' }));
    expect(await screen.findByText('Voucher SUMMER-5 created.', {}, wait)).toBeTruthy();
    const sent = server.requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(sent.body)).toEqual({
      code: 'summer-5',
      kind: 'fixed',
      value: '5',
      currency: 'EUR',
      max_uses: 50,
      max_uses_per_account: 1,
      valid_from: null,
      valid_to: null,
      events: ['c0ffee42'],
    });
    expect(await screen.findByRole('heading', { level: 2, name: '4 vouchers' }, wait)).toBeTruthy();
  });

  it('shows a code taken on the code field', async () => {
    createAnswer = {
      status: 409,
      body: {
        code: 'code_taken',
        message: 'This code is already in use.',
        data: { fields: { code: ['code.taken'] } },
      },
    };
    renderApp('/organiser/vouchers');
    fireEvent.click(await screen.findByRole('button', { name: 'New voucher' }, wait));
    const form = screen
      .getByRole('heading', { level: 3, name: 'New voucher' })
      .closest('form') as HTMLElement;
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'LAKE10' } });
    fireEvent.change(within(form).getByLabelText(/^Percent off/), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create voucher' }));
    expect(await within(form).findByText('This code is already in use.', {}, wait)).toBeTruthy();
    expect(within(form).getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true');
  });

  it('deactivates a voucher, and a used one asked to be deleted is deactivated instead', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/organiser/vouchers');
    await screen.findByText('LAKE10', {}, wait);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate FREE3' }));
    expect(
      await screen.findByText('Voucher FREE3 deactivated: the checkout refuses it now.', {}, wait),
    ).toBeTruthy();
    const patch = server.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toContain('/vouchers/3/');
    expect(JSON.parse(patch.body)).toEqual({ active: false });
    await waitFor(() => expect(within(row('FREE3')).getByText('Deactivated')).toBeTruthy(), wait);

    fireEvent.click(screen.getByRole('button', { name: 'Delete LAKE10' }));
    expect(confirm).toHaveBeenCalledWith('Delete LAKE10? If orders used it, it is deactivated instead.');
    expect(
      await screen.findByText(
        'Orders used LAKE10, so it was deactivated instead of deleted: their history stays.',
        {},
        wait,
      ),
    ).toBeTruthy();
  });

  it('deactivates a campaign, filters it by state, and a campaign orders carry asked to be deleted is deactivated instead', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/organiser/vouchers');
    await screen.findByText('SPRING25', {}, wait);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate SPRING25' }));
    expect(
      await screen.findByText('Campaign SPRING25 deactivated: its link takes nothing off now.', {}, wait),
    ).toBeTruthy();
    const patch = server.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toContain('/campaigns/5/');
    expect(JSON.parse(patch.body)).toEqual({ active: false });
    await waitFor(() => expect(within(row('SPRING25')).getByText('Deactivated')).toBeTruthy(), wait);

    // the campaigns' state filter knows deactivated ones and asks the server for them
    const section = screen.getByRole('region', { name: '1 campaign' });
    fireEvent.change(within(section).getByLabelText('Status'), { target: { value: 'deactivated' } });
    await waitFor(
      () =>
        expect(
          server.requests.some(
            (r) => r.path.includes('/campaigns/') && r.path.includes('status=deactivated'),
          ),
        ).toBe(true),
      wait,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate SPRING25' }, wait));
    expect(
      await screen.findByText('Campaign SPRING25 reactivated: its link gives the discount again.', {}, wait),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete SPRING25' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete campaign SPRING25? Its link stops giving the discount. If orders carry it, it is deactivated instead.',
    );
    expect(
      await screen.findByText(
        'Orders carry SPRING25, so it was deactivated instead of deleted: they stay counted.',
        {},
        wait,
      ),
    ).toBeTruthy();
  });

  it('tells a manager vouchers are not for their role, asks nothing and shows no section', async () => {
    myRole = 'manager';
    renderApp('/organiser/vouchers');
    expect(
      await screen.findByText("Your role does not manage vouchers. Ask your organisation's owner.", {}, wait),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Vouchers' })).toBeNull();
    expect(server.requests.some((r) => r.path.includes('/vouchers/') || r.path.includes('/campaigns/'))).toBe(
      false,
    );
  });
});
