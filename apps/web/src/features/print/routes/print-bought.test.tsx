import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart, makeDigitalItem } from '../../cart/test/fake-cart';
import { fakePrint } from '../test/fake-print';
import { fakePurchases, listedAlbum } from '../test/fake-purchases';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cart: ReturnType<typeof fakeCart>;
let print: ReturnType<typeof fakePrint>;
let purchases: ReturnType<typeof fakePurchases>;

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    return purchases.handler(req) ?? print.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  cart = fakeCart({ items: [makeDigitalItem({ id: 1, checkin_id: 41, media_ids: [1, 2, 3] })] });
  // newest album first; the album of the cart's line bought photo 3 earlier (the cart offers it)
  purchases = fakePurchases({
    albums: [
      listedAlbum(43, 'Lakeside Triathlon 2026'),
      listedAlbum(42, 'City Night Run 2026'),
      listedAlbum(41, 'Alpine Marathon 2026'),
    ],
    bought: { 43: [301, 302], 42: [], 41: [3, 7] },
  });
  print = fakePrint({ cart, bought: () => purchases.boughtPhotos() });
});
afterEach(cleanup);

async function open(productId: number, title: string) {
  const router = renderApp(`/print/${productId}`);
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
  return router;
}

const group = (name: string | RegExp) => screen.findByRole('region', { name });
const tileNames = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button', { pressed: false })
    .concat(within(region).queryAllByRole('button', { pressed: true }))
    .map((button) => button.getAttribute('aria-label'));
const boughtRequests = () =>
  server.requests
    .filter((r) => r.path.startsWith('/api/v3/medias/'))
    .map((r) => Object.fromEntries(new URL(r.path, 'http://test').searchParams));
const posts = () => server.requests.filter((r) => r.method !== 'GET').map((r) => r.path);

describe('the print photo chooser with photos bought earlier', () => {
  it('lists the bought photos by event below the cart, without the ones the cart offers, and prints one without a cart line', async () => {
    const router = await open(2, 'Canvas');
    const cartGroup = await group(/^Alpine Marathon 2026/);
    const lakeside = await group(/^Bought earlier — Lakeside Triathlon 2026/);
    expect(within(lakeside).getByRole('heading').textContent).toBe(
      'Bought earlier — Lakeside Triathlon 2026 2 photos bought',
    );
    expect(tileNames(lakeside)).toEqual([
      'Bought photo 1 of Lakeside Triathlon 2026',
      'Bought photo 2 of Lakeside Triathlon 2026',
    ]);
    expect(tileNames(cartGroup)).toHaveLength(3);
    // the groups in order: the cart's, then the bought ones, newest album first; photo 3 once
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Alpine Marathon 2026 3 photos in the cart',
      'Bought earlier — Lakeside Triathlon 2026 2 photos bought',
    ]);
    // the page of the first album with bought photos, then the next album, are loaded; no more
    expect(boughtRequests().map((q) => [q.checkin_id, q.page, q.purchased, q.type])).toEqual([
      ['43', '1', 'true', 'photo'],
    ]);
    const image = within(lakeside).getAllByRole('button')[1]!.querySelector('img');
    expect(image?.getAttribute('src')).toBe('https://cdn.example/302/clean-thumb');

    fireEvent.click(await screen.findByRole('button', { name: 'Show more bought photos' }));
    const alpine = await group(/^Bought earlier — Alpine Marathon 2026/);
    expect(tileNames(alpine)).toEqual(['Bought photo 1 of Alpine Marathon 2026']);
    // the album without bought photos is passed over; the walk has ended
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more bought photos' })).toBeNull());

    fireEvent.click(
      within(lakeside).getByRole('button', { name: 'Bought photo 2 of Lakeside Triathlon 2026' }),
    );
    const summary = screen.getByRole('region', { name: 'Your print product' });
    const add = within(summary).getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() => expect(here(router)).toBe('/print/added?item=500'));
    expect(
      server.requests
        .filter((r) => r.path === '/api/print/api/v1/decorate-product-configuration/')
        .map((r) => JSON.parse(r.body))
        .at(-1),
    ).toEqual({
      product_id: 2,
      variant_option_ids: [6],
      photos: [{ photo_id: 302, quantity: 1 }],
      add_to_cart: true,
    });
    expect(cart.state.items.map((item) => item.media_ids)).toEqual([[1, 2, 3]]);
    expect(posts().filter((path) => path.startsWith('/api/cart/'))).toEqual([]);
  });

  it('loads the bought photos a page at a time', async () => {
    purchases.state.bought = { 43: range(1000, 45), 42: [], 41: [] };
    cart = fakeCart({ items: [] });
    print = fakePrint({ cart, bought: () => purchases.boughtPhotos() });
    await open(1, 'Photo prints');
    const lakeside = await group(/^Bought earlier — Lakeside Triathlon 2026/);
    expect(tileNames(lakeside)).toHaveLength(40);
    expect(boughtRequests().map((q) => [q.checkin_id, q.page, q.page_size])).toEqual([['43', '1', '40']]);

    fireEvent.click(screen.getByRole('button', { name: 'Show more bought photos' }));
    await waitFor(() => expect(tileNames(lakeside)).toHaveLength(45));
    expect(within(lakeside).getByRole('heading').textContent).toContain('45 photos bought');
    expect(boughtRequests().map((q) => [q.checkin_id, q.page])).toEqual([
      ['43', '1'],
      ['43', '2'],
    ]);
    // the next click walks the remaining albums and finds nothing: the button goes
    fireEvent.click(screen.getByRole('button', { name: 'Show more bought photos' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more bought photos' })).toBeNull());
    expect(
      boughtRequests()
        .map((q) => [q.checkin_id, q.page])
        .slice(2),
    ).toEqual([
      ['42', '1'],
      ['41', '1'],
    ]);
    expect(tileNames(lakeside)).toHaveLength(45);
  });

  it('keeps the photos shown when "Show more" fails, and loads them on the next try', async () => {
    purchases.state.bought = { 43: range(1000, 45), 42: [], 41: [] };
    await open(1, 'Photo prints');
    const lakeside = await group(/^Bought earlier — Lakeside Triathlon 2026/);
    fireEvent.click(
      within(lakeside).getByRole('button', { name: 'Bought photo 2 of Lakeside Triathlon 2026' }),
    );
    purchases.state.failMedias = true;
    fireEvent.click(screen.getByRole('button', { name: 'Show more bought photos' }));
    expect(
      await screen.findByText('More of your bought photos could not be loaded. Try again.'),
    ).toBeTruthy();
    expect(tileNames(lakeside)).toHaveLength(40);
    expect(
      within(lakeside)
        .getByRole('button', { name: 'Bought photo 2 of Lakeside Triathlon 2026' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    purchases.state.failMedias = false;
    fireEvent.click(screen.getByRole('button', { name: 'Show more bought photos' }));
    await waitFor(() => expect(tileNames(lakeside)).toHaveLength(45));
    expect(screen.queryByText('More of your bought photos could not be loaded. Try again.')).toBeNull();
  });

  it('explains that there is nothing to print when neither the cart nor earlier purchases hold photos', async () => {
    purchases.state.bought = {};
    cart = fakeCart({ items: [] });
    print = fakePrint({ cart, bought: () => purchases.boughtPhotos() });
    await open(1, 'Photo prints');
    expect(await screen.findByText(/in your cart or bought earlier, and you have none yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more bought photos' })).toBeNull();
  });
});
