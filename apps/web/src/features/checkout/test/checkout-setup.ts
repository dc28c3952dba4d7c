import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart, makeDigitalItem } from '../../cart/test/fake-cart';
import { fakePrint } from '../../print/test/fake-print';
import { fakeCheckout } from './fake-checkout';

/**
 * One checkout test file's server: a real local HTTP server answering as the API does (the user,
 * the cart with a pick of three photos at 9.90, the print catalogue, and the checkout's calls).
 * `ctx` is filled anew before each test.
 */
export function setUpCheckoutServer() {
  const ctx = {} as {
    server: Awaited<ReturnType<typeof startTestServer>>;
    cart: ReturnType<typeof fakeCart>;
    print: ReturnType<typeof fakePrint>;
    checkout: ReturnType<typeof fakeCheckout>;
  };
  beforeAll(async () => {
    await initTestI18n();
    ctx.server = await startTestServer((req) => {
      if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
      if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/?'))
        return {
          status: 200,
          body: { results: [], pagination: { total: 0, num_pages: 1, page_size: 12, page_number: 1 } },
        };
      return ctx.checkout.handler(req) ?? ctx.print.handler(req) ?? ctx.cart.handler(req);
    });
  });
  afterAll(() => ctx.server.close());
  beforeEach(() => {
    resetApp(`${ctx.server.url}/api`);
    ctx.server.requests.length = 0;
    useAppStore.getState().setAuth('k1');
    ctx.cart = fakeCart({ items: [makeDigitalItem({ id: 1, media_ids: [1, 2, 3] })] });
    ctx.print = fakePrint({ cart: ctx.cart });
    ctx.checkout = fakeCheckout(ctx.cart);
  });
  afterEach(cleanup);
  return ctx;
}

/** The requests to one API path (query excluded), in order. */
export const callsTo = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path.split('?')[0] === `/api${path}`);

/** Opens /checkout and waits for the basket, the payment methods and the first one's choice. */
export async function openCheckout() {
  const router = renderApp('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Your cart' }, { timeout: 5000 });
  const methods = await screen.findByRole('radiogroup', { name: 'Payment method' }, { timeout: 5000 });
  await waitFor(() =>
    expect(
      within(methods)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(true),
  );
  return router;
}

export const summary = () => screen.getByRole('region', { name: 'Summary' });
/** The summary's submit button: "Pay €…", or "Place order" when nothing is charged now (bank transfer). */
export const payButton = () => within(summary()).getByRole('button', { name: /^(Pay |Place order$)/ });
