import type { OrganisationRole } from '@fotodrop/contract/api/organisations';
import type {
  DashboardDay,
  EventDashboard,
  OrganisationDashboard,
} from '@fotodrop/contract/api/organiser-dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/setup';
import { makeConsoleEvent } from '../test/console-event';
import { consoleTestServer } from '../test/console-server';
import { makeMyOrganisation } from '../test/fixtures';

// recharts sizes its charts with ResizeObserver, which jsdom does not have
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Answer = { status: number; body?: unknown } | undefined;
let myRole: OrganisationRole;

const day = (date: string, values: Partial<DashboardDay> = {}): DashboardDay => ({
  date,
  checkins: 0,
  selfies: 0,
  views: 0,
  downloads: 0,
  shares: 0,
  orders: 0,
  revenue: 0,
  ...values,
});

const figures = (from: string, to: string) => ({
  from,
  to,
  time_zone: 'Europe/Rome',
  checkins: 12,
  selfies: 4,
  matched_media: 37,
  views: 1200,
  downloads: 40,
  shares: 9,
  orders: 3,
  revenue: 6734,
  currency: 'EUR',
  average_order_value: 2245,
  currencies: [
    { currency: 'EUR', orders: 3, revenue: 6734 },
    { currency: 'CHF', orders: 1, revenue: 800 },
  ],
  days: [
    day('2026-11-25'),
    day('2026-11-26', { checkins: 5, views: 400, orders: 1, revenue: 2224 }),
    day('2026-11-27', {
      checkins: 7,
      selfies: 4,
      views: 800,
      downloads: 40,
      shares: 9,
      orders: 2,
      revenue: 4510,
    }),
  ],
  funnel: { checked_in: 10, cart: 5, paid: 2 },
  sources: { album_code: 3, selfie: 4, bib: 5, shared_link: 2 },
  utm: [{ source: 'newsletter', medium: 'email', campaign: 'finish-line', count: 6 }],
  pending: 2,
});

const EVENT_BOARD: EventDashboard = {
  event: { id: 1, slug: '5e1a0c3d', name: 'Lakeside City Marathon' },
  ...figures('2026-11-25', '2026-11-27'),
};
const ORG_BOARD: OrganisationDashboard = {
  organisation: { id: 34, name: 'Fotodrop' },
  ...figures('2026-11-25', '2026-11-27'),
  events: [
    {
      id: 1,
      slug: '5e1a0c3d',
      name: 'Lakeside City Marathon',
      currency: 'EUR',
      checkins: 12,
      selfies: 4,
      views: 1200,
      downloads: 40,
      shares: 9,
      orders: 3,
      revenue: 6734,
    },
  ],
};

function api(req: RecordedRequest): Answer {
  const url = new URL(req.path, 'http://x');
  if (url.pathname.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
  if (url.pathname === '/api/organiser/v1/organisations/')
    return { status: 200, body: { results: [makeMyOrganisation({ role: myRole })] } };
  if (url.pathname === '/api/organiser/v1/events/5e1a0c3d/') return { status: 200, body: makeConsoleEvent() };
  if (url.pathname === '/api/organiser/v1/events/5e1a0c3d/dashboard/') {
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    return { status: 200, body: from && to ? { ...EVENT_BOARD, ...figures(from, to) } : EVENT_BOARD };
  }
  if (url.pathname === '/api/organiser/v1/organisations/34/dashboard/')
    return { status: 200, body: ORG_BOARD };
  return undefined;
}

const server = consoleTestServer(api);
beforeEach(() => {
  myRole = 'owner';
});

const wait = { timeout: 15_000 };

describe("an event's dashboard", { timeout: 30_000 }, () => {
  it('shows the totals, the funnel, the sources, the campaign tags and the days as a table', async () => {
    renderApp('/organiser/events/5e1a0c3d/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard: Lakeside City Marathon' }, wait),
    ).toBeTruthy();
    const tiles = await screen.findByRole('list', { name: 'Totals of the period' }, wait);
    expect(within(tiles).getByText('Photos matched').textContent).toContain('37');
    expect(within(tiles).getByText('Revenue').textContent).toContain('67.34');
    expect(within(tiles).getByText('Average order').textContent).toContain('22.45');
    expect(screen.getByText(/Also paid in other currencies/).textContent).toContain('8.00');
    expect(
      screen.getByText('2 recent actions are not counted yet (figures are updated every minute).'),
    ).toBeTruthy();
    expect(screen.getByText(/days in the time zone Europe\/Rome/)).toBeTruthy();

    const funnel = screen.getByRole('heading', { name: 'From check-in to purchase' }).closest('section')!;
    expect(within(funnel).getByText('Paid').closest('li')!.textContent).toContain('(20%)');
    const sources = screen
      .getByRole('heading', { name: 'How participants found their photos' })
      .closest('section')!;
    expect(within(sources).getByText('Bib number').closest('li')!.textContent).toContain('5');
    const utm = screen.getByRole('heading', { name: 'Where visitors came from' }).closest('section')!;
    expect(within(within(utm).getByRole('table')).getByText('finish-line')).toBeTruthy();

    // the charts' text alternative: every day, zeros included, revenue as money
    const days = screen.getByRole('table', { name: 'Figures per day' });
    expect(within(days).getAllByRole('row')).toHaveLength(4);
    expect(within(days).getByText('€45.10')).toBeTruthy();
    // the charts load in their own chunk
    expect(await screen.findByRole('heading', { name: 'Orders and revenue per day' }, wait)).toBeTruthy();
  });

  it('asks for the days chosen, and says when the last is before the first', async () => {
    renderApp('/organiser/events/5e1a0c3d/dashboard');
    await screen.findByRole('list', { name: 'Totals of the period' }, wait);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The last day is before the first.', {}, wait)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.path.includes('dashboard/?from=2026-11-10&to=2026-11-20'))).toBe(
        true,
      ),
    );
  });

  it('tells support the figures are not for their role, and asks nothing', async () => {
    myRole = 'support';
    renderApp('/organiser/events/5e1a0c3d/dashboard');
    expect(
      await screen.findByText('Your role may not see the figures: owners and managers can.', {}, wait),
    ).toBeTruthy();
    expect(server.requests.some((r) => r.path.includes('/dashboard/'))).toBe(false);
  });
});

describe("the organisation's dashboard", { timeout: 30_000 }, () => {
  it('is where the former metrics page leads, with a row per event linking to its dashboard', async () => {
    renderApp('/organiser/metrics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, wait)).toBeTruthy();
    const events = (await screen.findByRole('heading', { name: 'Events' }, wait)).closest('section')!;
    const link = within(events).getByRole('link', { name: 'Lakeside City Marathon' });
    expect(link.getAttribute('href')).toBe('/organiser/events/5e1a0c3d/dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });
});
