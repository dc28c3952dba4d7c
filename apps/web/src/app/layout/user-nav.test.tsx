import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeCart, makeDigitalItem } from '../../features/cart/test/fake-cart';
import { queryClient } from '../../shared/api/query-client';
import { DEFAULT_APP_CONFIG } from '../../shared/config/default-config';
import { useAppStore } from '../../shared/store/app-store';
import { startTestServer } from '../../test/http-server';
import { renderApp } from '../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../test/setup';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cart: ReturnType<typeof fakeCart>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    return cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  useAppStore.getState().setAuth('k1');
});
afterEach(cleanup);

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe("the header's cart link", () => {
  it('counts the items in the cart', async () => {
    cart = fakeCart({
      items: [1, 2, 3].map((id) => makeDigitalItem({ id, checkin_id: id, media_ids: [id] })),
    });
    renderApp('/profile/resume');
    const link = await screen.findByRole('link', { name: 'Cart, 3 items' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/checkout');
    expect(link.querySelector('.nav-badge')?.textContent).toBe('3');
    expect(nav().contains(link)).toBe(true);
  });

  it('follows the cart, and is just "Cart" once it is empty', async () => {
    cart = fakeCart({ items: [makeDigitalItem({ id: 1, media_ids: [1] })] });
    renderApp('/profile/resume');
    const link = await screen.findByRole('link', { name: 'Cart, 1 item' }, { timeout: 5000 });
    cart.state.items = [];
    // what every cart change does afterwards
    await act(() => queryClient.invalidateQueries({ queryKey: ['cart'] }));
    await waitFor(() => expect(link.querySelector('.nav-badge')).toBeNull());
    expect(screen.getByRole('link', { name: 'Cart' })).toBe(link);
  });

  it('is not shown on the basket itself', async () => {
    cart = fakeCart({ items: [makeDigitalItem({ id: 1, media_ids: [1] })] });
    renderApp('/checkout');
    await screen.findByRole('heading', { level: 1, name: 'Your cart' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });
});

describe('the cart link on a site that hides the cart', () => {
  const hidingSite = () =>
    useAppStore.setState({
      appConfig: { ...DEFAULT_APP_CONFIG, id: 901, name: 'Alpine Run Club', hide_cart: true },
    });

  it('shows while the cart holds items, wherever they were added', async () => {
    // the one cart of the account, filled on the main site in another currency
    cart = fakeCart({ items: [makeDigitalItem({ id: 1, media_ids: [1] })] });
    hidingSite();
    renderApp('/profile/resume');
    const link = await screen.findByRole('link', { name: 'Cart, 1 item' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/checkout');
  });

  it('is not shown while the cart is empty', async () => {
    cart = fakeCart({ items: [] });
    hidingSite();
    renderApp('/profile/resume');
    await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 5000 });
    await waitFor(() =>
      expect(server.requests.some((r) => r.path.startsWith('/api/cart/totals/'))).toBe(true),
    );
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
  });
});
