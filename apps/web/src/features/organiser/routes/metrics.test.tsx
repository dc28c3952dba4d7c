import { MEDIA_UPLOAD_PERMISSION, type OrganiserMetricsDay } from '@fotodrop/contract/api/organiser';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import type { RecordedRequest } from '../../../test/http-server';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { makeMyOrganisation, makeOrganiserEvent } from '../test/fixtures';

// recharts sizes its charts with ResizeObserver, which jsdom does not have
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let server: Awaited<ReturnType<typeof startTestServer>>;
let perms: string[];
/** An event that has not started, listed first as the server lists the newest first. */
let upcomingFirst = false;
const nightRun = makeOrganiserEvent({
  id: 3,
  slug: 'a1b2c3d4',
  name: 'Winter Night Run',
  start_date: '2099-12-12',
  end_date: '2099-12-12',
});

const day = (d: string, values: Partial<OrganiserMetricsDay> = {}): OrganiserMetricsDay => ({
  day: d,
  views: 0,
  opens: 0,
  downloads: 0,
  shares: 0,
  sales: 0,
  ...values,
});

function api(req: RecordedRequest) {
  if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser({ perms }) };
  if (req.path === '/api/organiser/v1/organisations/') {
    return {
      status: 200,
      body: { results: perms.includes(MEDIA_UPLOAD_PERMISSION) ? [makeMyOrganisation()] : [] },
    };
  }
  if (req.method === 'GET' && req.path === '/api/organiser/v1/events/') {
    return perms.includes(MEDIA_UPLOAD_PERMISSION)
      ? {
          status: 200,
          body: {
            results: [
              ...(upcomingFirst ? [nightRun] : []),
              makeOrganiserEvent(),
              makeOrganiserEvent({ id: 2, slug: '9b4f7e21', name: 'Hotel' }),
            ],
          },
        }
      : { status: 403, body: { code: 'permission_denied', message: 'No.' } };
  }
  const match = /^\/api\/organiser\/v1\/events\/(\w+)\/metrics\/\?days=(\d+)$/.exec(req.path);
  if (req.method === 'GET' && match) {
    const marathon = match[1] === '5e1a0c3d';
    return {
      status: 200,
      body: {
        days: [
          day('2026-05-09'),
          day(
            '2026-05-10',
            marathon ? { views: 1200, opens: 300, downloads: 40, shares: 12, sales: 9 } : { views: 5 },
          ),
        ],
        pending: marathon ? 3 : 0,
      },
    };
  }
  return undefined;
}

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(api, { cors: true });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  perms = [MEDIA_UPLOAD_PERMISSION];
  upcomingFirst = false;
  useAppStore.getState().setAuth('key-1', 'Token');
});
afterEach(cleanup);

describe('the organiser metrics page', () => {
  it('tells an account without the upload permission that it may not see metrics', async () => {
    perms = [];
    renderApp('/organiser/metrics');
    expect(
      await screen.findByText(
        'Your account may not see metrics. Ask your organisation for the upload permission.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  });

  it("shows the chosen event's totals, charts and the figures per day, and follows the event and period", async () => {
    renderApp('/organiser/metrics');
    await screen.findByRole('heading', { level: 1, name: 'Event metrics' }, { timeout: 15_000 });
    const totals = await screen.findByRole('list', { name: 'Totals of the period' }, { timeout: 15_000 });
    expect(within(totals).getByText('1,200')).toBeTruthy();
    expect(within(totals).getByText('Photos viewed')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '3 recent actions are not counted yet (figures are updated every minute).',
    );
    for (const title of ['Views per day', 'Downloads', 'Shares', 'Sales'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    const table = screen.getByRole('table', { hidden: true });
    const may10 = within(table).getByRole('row', { name: /May 10/, hidden: true });
    expect(
      within(may10)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['1,200', '300', '40', '12', '9']);
    expect(server.requests.some((r) => r.path === '/api/organiser/v1/events/5e1a0c3d/metrics/?days=30')).toBe(
      true,
    );

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.path === '/api/organiser/v1/events/5e1a0c3d/metrics/?days=7'),
      ).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: '9b4f7e21' } });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Totals of the period' })).getByText('5')),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('opens on an event that has started, not on one listed first that has not', async () => {
    upcomingFirst = true;
    renderApp('/organiser/metrics');
    const totals = await screen.findByRole('list', { name: 'Totals of the period' }, { timeout: 15_000 });
    expect(within(totals).getByText('1,200')).toBeTruthy();
    expect((screen.getByLabelText('Event') as HTMLSelectElement).value).toBe('5e1a0c3d');
    expect(server.requests.some((r) => r.path.startsWith('/api/organiser/v1/events/a1b2c3d4/'))).toBe(false);
  });
});
