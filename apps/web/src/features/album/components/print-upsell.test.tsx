import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { albumShop } from '../../../test/album-shop';
import { here, renderApp } from '../../../test/render-app';
import { resetApp } from '../../../test/setup';
import { makeCheckin } from '../../checkins/test/fixtures';
import { fakePrint } from '../../print/test/fake-print';

const shop = albumShop({ album: { count: 6 }, print: (cart) => fakePrint({ cart }) });

async function openAlbum() {
  const router = renderApp('/checkins/K7M2Q9P');
  const list = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
  await waitFor(() => expect(within(list).getAllByRole('img').length).toBeGreaterThan(0));
  return router;
}

const catalogueFetched = () =>
  shop.server.requests.some((r) => r.path.startsWith('/api/print/api/v1/products/'));

describe('the print upsell banner', () => {
  it("offers prints from the catalogue's lowest price, leading to the print chooser of the album's offer", async () => {
    const router = await openAlbum();
    const banner = await screen.findByRole('region', { name: 'Print your photos' });
    expect(within(banner).getByText('Prints, canvas and photobook from €1.90')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('link', { name: 'Order prints' }));
    // the chooser shows the offer of the album's organisation, as the banner priced it
    await waitFor(() => expect(here(router)).toBe('/print?checkin_id=41'));
  });

  it('follows the catalogue: its cheapest product, in the album currency', async () => {
    shop.print!.state.products = shop.print!.state.products.filter((p) => p.id !== 1);
    await openAlbum();
    const banner = await screen.findByRole('region', { name: 'Print your photos' });
    expect(within(banner).getByText('Prints, canvas and photobook from €39.00')).toBeTruthy();
    cleanup();

    resetApp(`${shop.server.url}/api`);
    useAppStore.getState().setAuth('k1');
    shop.checkin = makeCheckin({ currency: 'CHF' });
    await openAlbum();
    await waitFor(() => expect(catalogueFetched()).toBe(true));
    expect(screen.queryByRole('region', { name: 'Print your photos' })).toBeNull();
  });

  it('is not there without products, nor where the album does not sell', async () => {
    shop.print!.state.products = [];
    await openAlbum();
    await waitFor(() => expect(catalogueFetched()).toBe(true));
    expect(screen.queryByRole('region', { name: 'Print your photos' })).toBeNull();
    cleanup();

    resetApp(`${shop.server.url}/api`);
    shop.server.requests.length = 0;
    useAppStore.getState().setAuth('k1');
    shop.print = fakePrint({ cart: shop.cart });
    shop.checkin = makeCheckin({ show_prices: false });
    await openAlbum();
    // what waits for the first photos has been asked for (the tree; no price list where prices are hidden)
    await waitFor(() => expect(shop.server.requests.some((r) => r.path.includes('/tree/'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Print your photos' })).toBeNull();
    // the catalogue is not even fetched
    expect(catalogueFetched()).toBe(false);
  });
});
