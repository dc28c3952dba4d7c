import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakePurchases, makeOrder } from '../test/fake-purchases';

let server: Awaited<ReturnType<typeof startTestServer>>;
let purchases: ReturnType<typeof fakePurchases>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    return purchases.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  purchases = fakePurchases();
});
afterEach(cleanup);

const orderTitles = () =>
  screen.getAllByRole('heading', { level: 2, name: /^Order #/ }).map((h) => h.textContent);
/** Day n of May 2026, as the server stamps an order. */
const may = (day: number) => `2026-05-${String(day).padStart(2, '0')}T09:30:00Z`;

describe('My orders', () => {
  it('lists the orders newest first with status, lines, totals and links back to their albums', async () => {
    purchases.state.orders = [
      makeOrder(101, { created_at: may(1), paid_at: may(1) }),
      makeOrder(102, {
        created_at: may(3),
        status: 'pending',
        payment_method: 'bank-transfer',
        paid_at: null,
        grand_total: '44.40',
        shipping_costs: '4.50',
        discount_total: '-5.00',
        lines: [
          {
            kind: 'digital',
            order_type: 'ALL_PHOTOS',
            description: 'All photos',
            quantity: 1,
            total: '29.90',
          },
          { kind: 'print', order_type: null, description: 'Print 13 × 18 cm', quantity: 3, total: '15.00' },
        ],
        bank_transfer: {
          beneficiary: 'Fotodrop',
          iban: 'IT60X0542811101000000123456',
          bic: 'BPMOIT22',
          reference: 'FD-102',
          amount: '44.40',
        },
      }),
      makeOrder(103, {
        created_at: may(2),
        status: 'failed',
        paid_at: null,
        failure_message: 'Your card was declined.',
        failure_reason: 'declined',
      }),
    ];
    const router = renderApp('/profile/orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My orders' }, { timeout: 5000 }),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Order #102' });
    expect(orderTitles()).toEqual(['Order #102', 'Order #103', 'Order #101']);

    const pending = screen.getByRole('article', { name: 'Order #102' });
    expect(within(pending).getByText('Pending bank transfer')).toBeTruthy();
    const lines = within(within(pending).getByRole('list', { name: 'What you ordered' })).getAllByRole(
      'listitem',
    );
    expect(lines.map((l) => l.textContent)).toEqual(['All photos€29.90', 'Print 13 × 18 cm × 3€15.00']);
    expect(within(pending).getByText('Shipping').nextElementSibling?.textContent).toBe('€4.50');
    expect(within(pending).getByText('Discount').nextElementSibling?.textContent).toBe('−€5.00');
    expect(within(pending).getByText('Total').nextElementSibling?.textContent).toBe('€44.40');
    expect(within(pending).getByText(/IT60X0542811101000000123456, reference FD-102/)).toBeTruthy();

    const failed = screen.getByRole('article', { name: 'Order #103' });
    expect(within(failed).getByText('Payment failed')).toBeTruthy();
    expect(within(failed).getByText('Your card was declined.')).toBeTruthy();

    const paid = screen.getByRole('article', { name: 'Order #101' });
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).queryByText('Shipping')).toBeNull();
    fireEvent.click(within(paid).getByRole('link', { name: 'Alpine Marathon 2026' }));
    await waitFor(() => expect(here(router)).toBe('/checkins/K7M2Q9P'));
  });

  it('loads further pages with "Show more orders" until all are there', async () => {
    purchases.state.orders = Array.from({ length: 23 }, (_, i) =>
      makeOrder(i + 1, { created_at: may(i + 1) }),
    );
    renderApp('/profile/orders');
    await screen.findByRole('heading', { name: 'Order #23' }, { timeout: 5000 });
    expect(orderTitles()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    await screen.findByRole('heading', { name: 'Order #13' });
    expect(orderTitles()).toHaveLength(20);
    // the focus goes to the first order that arrived
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Order #13' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more orders' }));
    await screen.findByRole('heading', { name: 'Order #1' });
    expect(orderTitles()).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
    expect(server.requests.filter((r) => r.path.startsWith('/api/v3/orders/')).map((r) => r.path)).toEqual([
      '/api/v3/orders/?page=1&page_size=10',
      '/api/v3/orders/?page=2&page_size=10',
      '/api/v3/orders/?page=3&page_size=10',
    ]);
  });

  it('says so when there are no orders yet, and is reached from the profile', async () => {
    const router = renderApp('/profile/resume');
    fireEvent.click(await screen.findByRole('link', { name: 'My orders' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeTruthy();
    expect(here(router)).toBe('/profile/orders');
    expect(screen.getByRole('link', { name: 'Go to my albums' }).getAttribute('href')).toBe('/checkins');
  });

  it('cancels an order stuck in its payment, which then leaves the list; a paid order has no Cancel', async () => {
    purchases.state.orders = [
      makeOrder(201, { created_at: may(1), paid_at: may(1) }),
      makeOrder(202, {
        created_at: may(4),
        status: 'processing',
        paid_at: null,
        thumbnails: [
          { media_id: 7, url: '/api/media/7/thumb?exp=1&sig=a' },
          { media_id: 8, url: '/api/media/8/thumb?exp=1&sig=b' },
        ],
      }),
    ];
    renderApp('/profile/orders');
    const stuck = await screen.findByRole('article', { name: 'Order #202' }, { timeout: 5000 });
    expect(within(stuck).getByText('Processing')).toBeTruthy();
    // the order's first photos, as the server signed them
    const thumbs = within(stuck).getByRole('list', { name: 'Photos of this order' }).querySelectorAll('img');
    expect([...thumbs].map((i) => i.getAttribute('src'))).toEqual([
      '/api/media/7/thumb?exp=1&sig=a',
      '/api/media/8/thumb?exp=1&sig=b',
    ]);
    const paid = screen.getByRole('article', { name: 'Order #201' });
    expect(within(paid).queryByRole('button', { name: 'Cancel order' })).toBeNull();

    fireEvent.click(within(stuck).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order #202' })).toBeNull());
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v3/orders/202/cancel/',
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      'Order #202 cancelled. Nothing was charged; your cart is as you left it.',
    );
    expect(orderTitles()).toEqual(['Order #201']);
  });
});
