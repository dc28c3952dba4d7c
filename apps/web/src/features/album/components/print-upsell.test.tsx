import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
// the album screen, the cart and the print catalogue come from their features' test helpers
import { fakeCart } from '../../cart/test/fake-cart';
import { makeCheckin } from '../../checkins/test/fixtures';
import { fakePrint } from '../../print/test/fake-print';
import { fakeAlbum } from '../test/fake-album';

let server: Awaited<ReturnType<typeof startTestServer>>;
let album: ReturnType<typeof fakeAlbum>;
let cart: ReturnType<typeof fakeCart>;
let print: ReturnType<typeof fakePrint>;
let checkin: Checkin;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${checkin.picacode}/`))
      return { status: 200, body: checkin };
    return album.handler(req) ?? print.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  album = fakeAlbum({ count: 6 });
  cart = fakeCart();
  print = fakePrint({ cart });
  checkin = makeCheckin();
});
afterEach(cleanup);

async function openAlbum() {
  const router = renderApp('/checkins/K7M2Q9P');
  const list = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
  await waitFor(() => expect(within(list).getAllByRole('img').length).toBeGreaterThan(0));
  return router;
}

const catalogueFetched = () => server.requests.some((r) => r.path.startsWith('/api/print/api/v1/products/'));

describe('the print upsell banner', () => {
  it("offers prints from the catalogue's lowest price, leading to the print chooser", async () => {
    const router = await openAlbum();
    const banner = await screen.findByRole('region', { name: 'Print your photos' });
    expect(within(banner).getByText('Prints, canvas and photobook from €1.90')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('link', { name: 'Order prints' }));
    await waitFor(() => expect(here(router)).toBe('/print'));
  });

  it('follows the catalogue: its cheapest product, in the album currency', async () => {
    print.state.products = print.state.products.filter((p) => p.id !== 1);
    await openAlbum();
    const banner = await screen.findByRole('region', { name: 'Print your photos' });
    expect(within(banner).getByText('Prints, canvas and photobook from €39.00')).toBeTruthy();
    cleanup();

    resetApp(`${server.url}/api`);
    useAppStore.getState().setAuth('k1');
    checkin = makeCheckin({ currency: 'CHF' });
    await openAlbum();
    await waitFor(() => expect(catalogueFetched()).toBe(true));
    expect(screen.queryByRole('region', { name: 'Print your photos' })).toBeNull();
  });

  it('is not there without products, nor where the album does not sell', async () => {
    print.state.products = [];
    await openAlbum();
    await waitFor(() => expect(catalogueFetched()).toBe(true));
    expect(screen.queryByRole('region', { name: 'Print your photos' })).toBeNull();
    cleanup();

    resetApp(`${server.url}/api`);
    server.requests.length = 0;
    useAppStore.getState().setAuth('k1');
    print = fakePrint({ cart });
    checkin = makeCheckin({ show_prices: false });
    await openAlbum();
    // what waits for the first photos has been asked for (the tree; no price list where prices are hidden)
    await waitFor(() => expect(server.requests.some((r) => r.path.includes('/tree/'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Print your photos' })).toBeNull();
    // the catalogue is not even fetched
    expect(catalogueFetched()).toBe(false);
  });
});
