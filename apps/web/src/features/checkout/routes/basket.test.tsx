import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart, makeDigitalItem, makePrintItem } from '../../cart/test/fake-cart';
// the print catalogue names the options of print items
import { fakePrint } from '../../print/test/fake-print';
import { fakeCheckout } from '../test/fake-checkout';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cart: ReturnType<typeof fakeCart>;
let print: ReturnType<typeof fakePrint>;
let checkout: ReturnType<typeof fakeCheckout>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/?'))
      return {
        status: 200,
        body: { results: [], pagination: { total: 0, num_pages: 1, page_size: 12, page_number: 1 } },
      };
    return checkout.handler(req) ?? print.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  cart = fakeCart({
    items: [
      makeDigitalItem({ id: 1, media_ids: [1, 2, 3] }),
      makeDigitalItem({
        id: 2,
        checkin_id: 77,
        picacode: 'ROOM204B',
        event_name: 'Hotel Bellevue',
        order_type: 'ALL_PHOTOS',
        medias: [],
      }),
    ],
    albumNames: { 41: 'Alpine Marathon 2026', 77: 'Hotel Bellevue' },
  });
  print = fakePrint({ cart });
  checkout = fakeCheckout(cart);
});
afterEach(cleanup);

async function openCart() {
  const router = renderApp('/checkout');
  await screen.findByRole('heading', { level: 1, name: 'Your cart' }, { timeout: 5000 });
  return router;
}

async function lines() {
  const list = await screen.findByRole('list', { name: 'Digital photos and videos' });
  return within(list).getAllByRole('listitem');
}

const summary = () => screen.getByRole('region', { name: 'Summary' });

describe('the basket', () => {
  it('lists each line with its album, what it buys and its price, then the totals', async () => {
    cart.state.discounted.add(2);
    await openCart();
    const [pick, album] = await lines();
    await waitFor(() =>
      expect(within(pick!).getByRole('link', { name: 'Alpine Marathon 2026' })).toBeTruthy(),
    );
    expect(within(pick!).getByRole('link', { name: 'Alpine Marathon 2026' }).getAttribute('href')).toBe(
      '/checkins/K7M2Q9P',
    );
    expect(pick!.textContent).toContain('K7M2Q9P');
    expect(within(pick!).getByText('3 photos')).toBeTruthy();
    expect(pick!.querySelectorAll('img')).toHaveLength(3);
    await waitFor(() => expect(within(pick!).getByText('€29.70')).toBeTruthy());
    expect(pick!.querySelector('del')).toBeNull();

    await waitFor(() => expect(within(album!).getByRole('link', { name: 'Hotel Bellevue' })).toBeTruthy());
    expect(within(album!).getByText('All photos of the album')).toBeTruthy();
    // the discounted package: the undiscounted price crossed out before the price to pay
    expect(within(album!).getByText('€19.95')).toBeTruthy();
    expect(album!.querySelector('del')?.textContent).toBe('Original price: €39.90');

    const figure = (label: string) => within(summary()).getByText(label).nextElementSibling?.textContent;
    // three photos picked and a package: four items
    await waitFor(() => expect(figure('4 digital items')).toBe('€49.65'));
    expect(figure('Grand total')).toBe('€49.65');
    expect(within(summary()).getByText('Prices include VAT.')).toBeTruthy();
    // the pay button charges the server's grand total
    expect(within(summary()).getByRole('button', { name: 'Pay €49.65' })).toBeTruthy();
  });

  it('removes a line after the confirmation, and keeps it when cancelled', async () => {
    await openCart();
    const [pick] = await lines();
    fireEvent.click(within(pick!).getByRole('button', { name: 'Remove' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove from the cart?' });
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        '“3 photos” (Alpine Marathon 2026) will be removed from your cart.',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await lines()).toHaveLength(2);
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(within(pick!).getByRole('button', { name: 'Remove' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove from the cart?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/cart/digital-items/1/'),
    ).toBe(true);
    await waitFor(async () => expect(await lines()).toHaveLength(1));
    await waitFor(() => expect(within(summary()).getByText('1 digital item')).toBeTruthy());
    expect(within(summary()).getByText('Grand total').nextElementSibling?.textContent).toBe('€39.90');
  });

  it('says why a line cannot be removed, and keeps it', async () => {
    cart.state.fail.add('delete');
    await openCart();
    const [pick] = await lines();
    fireEvent.click(within(pick!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the cart?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText(
        'These photos are used by print products in your cart: remove those first.',
      ),
    ).toBeTruthy();
    expect(await lines()).toHaveLength(2);
  });

  it('empties the whole cart after the confirmation', async () => {
    await openCart();
    await lines();
    fireEvent.click(screen.getByRole('button', { name: 'Empty cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty the cart?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Empty cart' }));
    expect(
      await screen.findByText('Your cart is empty. Open one of your albums to choose photos and videos.'),
    ).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/cart/')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
  });

  it('shows an empty cart with a way to the albums', async () => {
    cart.state.items = [];
    const router = await openCart();
    const link = await screen.findByRole('link', { name: 'Go to My albums' });
    expect(
      screen.getByText('Your cart is empty. Open one of your albums to choose photos and videos.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Empty cart' })).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(here(router)).toBe('/checkins'));
  });
});

describe('the print products in the basket', () => {
  beforeEach(() => {
    cart.state.printItems = [
      makePrintItem({
        id: 5,
        variant_option_ids: [2, 5],
        unit_price: '2.90',
        photos: [
          { photo_id: 1, quantity: 1, thumbnail_url: 'https://cdn.example/1/thumb' },
          { photo_id: 2, quantity: 2, thumbnail_url: 'https://cdn.example/2/thumb' },
        ],
      }),
      makePrintItem({ id: 6, product_id: 2, title: 'Canvas', variant_option_ids: [6], unit_price: '39.00' }),
    ];
  });

  const prints = () => screen.findByRole('list', { name: 'Print products' });

  it('lists each with its options, photos, copies and price, and counts them in the totals', async () => {
    await openCart();
    const [photoPrints, canvas] = within(await prints()).getAllByRole('listitem');
    expect(within(photoPrints!).getByText('Photo prints')).toBeTruthy();
    expect(await within(photoPrints!).findByText('13×18 cm · Matt')).toBeTruthy();
    expect(within(photoPrints!).getByText('With 2 photos · 3 copies')).toBeTruthy();
    expect(within(photoPrints!).getByText('€8.70')).toBeTruthy();
    expect(photoPrints!.querySelectorAll('img')).toHaveLength(2);
    expect(within(canvas!).getByText('30×40 cm')).toBeTruthy();
    expect(within(canvas!).getByText('With 1 photo')).toBeTruthy();
    expect(within(canvas!).getByText('€39.00')).toBeTruthy();

    const figure = (label: string) => within(summary()).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(figure('2 print products')).toBe('€47.70'));
    expect(figure('Grand total')).toBe('€117.30');
    expect(screen.getByRole('link', { name: 'Order prints' }).getAttribute('href')).toBe('/print');
  });

  it('removes one after the confirmation, and the totals follow', async () => {
    await openCart();
    const [photoPrints] = within(await prints()).getAllByRole('listitem');
    fireEvent.click(within(photoPrints!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this print product?' });
    expect(dialog.textContent).toContain('“Photo prints” will be removed from your cart.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/cart/print-items/5/')).toBe(
      true,
    );
    await waitFor(async () => expect(within(await prints()).getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() => expect(within(summary()).getByText('1 print product')).toBeTruthy());
    expect(within(summary()).getByText('Grand total').nextElementSibling?.textContent).toBe('€108.60');
  });

  it('says why a removal failed, and keeps the item', async () => {
    cart.state.fail.add('delete-print');
    await openCart();
    const [photoPrints] = within(await prints()).getAllByRole('listitem');
    fireEvent.click(within(photoPrints!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this print product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(await prints()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('marks a print product its organiser no longer offers, to be removed (issue 19)', async () => {
    cart.state.printItems[1] = { ...cart.state.printItems[1]!, offered: false };
    await openCart();
    const [photoPrints, canvas] = within(await prints()).getAllByRole('listitem');
    expect(within(canvas!).getByText('No longer offered: remove it to place your order.')).toBeTruthy();
    expect(within(photoPrints!).queryByText('No longer offered: remove it to place your order.')).toBeNull();
  });

  it('offers prints while the cart holds photos, and not for videos alone', async () => {
    cart.state.printItems = [];
    await openCart();
    await lines();
    const offer = await screen.findByRole('region', { name: 'Print products' });
    expect(
      within(offer).getByText('Turn the photos in your cart into prints, a canvas or a photobook.'),
    ).toBeTruthy();
    expect(within(offer).getByRole('link', { name: 'Order prints' }).getAttribute('href')).toBe('/print');
    cleanup();

    resetApp(`${server.url}/api`);
    useAppStore.getState().setAuth('k1');
    cart.state.items = [makeDigitalItem({ id: 3, order_type: 'VIDEOS' })];
    await openCart();
    await lines();
    expect(screen.queryByRole('region', { name: 'Print products' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Order prints' })).toBeNull();
  });

  it('offers the cheaper package of an album and switches to it in one click (issue 17)', {
    timeout: 30_000,
  }, async () => {
    cart.state.suggestions = [
      {
        checkin_id: 41,
        event_name: 'Alpine Marathon 2026',
        order_type: 'ALL_PHOTOS',
        media_count: 50,
        price: '39.90',
        picks_total: '119.50',
        saving: '79.60',
      },
    ];
    await openCart();
    const offer = await screen.findByRole('region', { name: 'Cheaper as a package' }, { timeout: 10_000 });
    expect(within(offer).getByText('All photos of this album for €39.90')).toBeTruthy();
    expect(within(offer).getByText('Alpine Marathon 2026 · In the album: 50')).toBeTruthy();
    expect(
      within(offer).getByText(
        '€79.60 less than the photos you picked (€119.50), and it covers the photos that arrive later.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Switch to the package' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cheaper as a package' })).toBeNull(), {
      timeout: 10_000,
    });
    expect(
      server.requests.filter((r) => r.method === 'POST').map((r) => [r.path, JSON.parse(r.body)]),
    ).toEqual([
      [
        '/api/cart/digital-items/',
        { checkin_id: 41, gallery_id: null, order_type: 'ALL_PHOTOS', media_ids: [] },
      ],
    ]);
    expect(cart.state.items.map((i) => [i.checkin_id, i.order_type])).toEqual([
      [41, 'ALL_PHOTOS'],
      [77, 'ALL_PHOTOS'],
    ]);
  });

  it('offers no package while the server suggests none', async () => {
    await openCart();
    await lines();
    expect(screen.queryByRole('region', { name: 'Cheaper as a package' })).toBeNull();
  });
});
