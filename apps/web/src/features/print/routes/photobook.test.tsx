import type { Photobook } from '@fotodrop/contract/api/photobook';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart } from '../../cart/test/fake-cart';
import { fakePrint } from '../test/fake-print';
import { fakePurchases, listedAlbum } from '../test/fake-purchases';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cart: ReturnType<typeof fakeCart>;
let print: ReturnType<typeof fakePrint>;
let purchases: ReturnType<typeof fakePurchases>;
/** What GET /photobook-preview/ answers for the key 'k3y'; any other key is refused as expired. */
let book: Photobook;

const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: 500 + i, url: `https://cdn.example/${500 + i}/preview` }));
const makeBook = (n: number): Photobook => ({
  front_cover_url: 'https://cdn.example/500/preview',
  back_cover_url: `https://cdn.example/${500 + n - 1}/preview`,
  photos: photos(n),
  price: '49.90',
  currency: 'EUR',
  offer_until: '2027-01-22',
  event_name: 'Alpine Marathon 2026',
  photo_count: 24,
  product_id: 3,
  variant_option_ids: [8],
  // the server's whole price: 24 photos by the marathon list and the book
  photos_to_buy: n,
  photos_price: '119.70',
  total_price: '169.60',
});

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.path.startsWith('/api/photobook-preview/')) {
      const query = new URL(req.path, 'http://test').searchParams;
      if (query.get('checkin_id') !== '12')
        return { status: 404, body: { code: 'not_found', message: 'No.' } };
      if (query.get('key') !== 'k3y')
        return {
          status: 410,
          body: {
            code: 'photobook_offer_unavailable',
            message: 'This photobook offer is no longer available for sale.',
          },
        };
      return { status: 200, body: { photobook: book } };
    }
    return purchases.handler(req) ?? print.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  cart = fakeCart({ items: [] });
  purchases = fakePurchases({ albums: [listedAlbum(12, 'Alpine Marathon 2026')], bought: { 12: [] } });
  print = fakePrint({ cart, bought: () => purchases.boughtPhotos() });
  book = makeBook(24);
});
afterEach(() => {
  cleanup();
  Object.assign(globalThis, { innerWidth: 1024, innerHeight: 768 });
});

const open = (query = 'checkin_id=12&key=k3y') => renderApp(`/photobook?${query}`);
const preview = () => screen.findByRole('region', { name: 'Photobook preview' }, { timeout: 5000 });
const shown = (region: HTMLElement) =>
  within(region)
    .getAllByRole('img')
    .map((p) => p.getAttribute('aria-label'));
/** Every page of the book, turned spread by spread with "Next pages" as a reader would. */
const pageNames = async () => {
  const region = await preview();
  const names: (string | null)[] = [];
  for (;;) {
    names.push(...shown(region));
    const next = within(region).getByRole('button', { name: 'Next pages' }) as HTMLButtonElement;
    if (next.disabled) return names;
    fireEvent.click(next);
  }
};

describe('the photobook offer page', () => {
  it('shows the front cover first, the pages in two-page spreads, and the back cover last, with price and offer date', async () => {
    open();
    expect(await pageNames()).toEqual([
      'Front cover',
      ...Array.from({ length: 24 }, (_, i) => `Page ${i + 1}`),
      'Back cover',
    ]);
    const region = await preview();
    const spreads = [...region.querySelectorAll('.photobook-spread')].map(
      (spread) => within(spread as HTMLElement).getAllByRole('img', { hidden: true }).length,
    );
    expect(spreads).toEqual([1, ...Array(12).fill(2), 1]);
    const front = within(region).getByRole('img', { name: 'Front cover', hidden: true });
    expect(front.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/500/preview');
    expect(front.textContent).toBe('Alpine Marathon 2026');
    expect(
      within(region)
        .getByRole('img', { name: 'Page 3', hidden: true })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe('https://cdn.example/502/preview');
    const summary = screen.getByRole('complementary', { name: 'Your offer' });
    expect(within(summary).getByText('€49.90')).toBeTruthy();
    expect(within(summary).getByText('Offer valid until January 22, 2027')).toBeTruthy();
    expect(screen.queryByText('Rotate your phone to landscape to see your photobook')).toBeNull();
  });

  it('lists the countries prints are delivered to, as the checkout does (Switzerland included)', async () => {
    open();
    const summary = await screen.findByRole('complementary', { name: 'Your offer' }, { timeout: 20_000 });
    expect(
      await within(summary).findByText('Delivered to: Austria, Germany, Switzerland.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/api/print/api/v1/countries/')).toBe(true);
  });

  it('shows the rendered covers as they are, the event name printed on them', async () => {
    const cover = (side: string) => `/api/photobook-covers/12-${side}-${'a'.repeat(32)}.jpg?exp=1&sig=s`;
    book = { ...makeBook(24), front_cover_url: cover('front'), back_cover_url: cover('back') };
    open();
    const region = await preview();
    const front = within(region).getByRole('img', { name: 'Front cover' });
    expect(front.querySelector('img')?.getAttribute('src')).toBe(cover('front'));
    expect(front.textContent).toBe('');
    const back = within(region).getByRole('img', { name: 'Back cover', hidden: true });
    expect(back.querySelector('img')?.getAttribute('src')).toBe(cover('back'));
  });

  it('opens at the front cover and turns spread by spread with the arrow keys and with a swipe', async () => {
    open();
    const region = await preview();
    expect(shown(region)).toEqual(['Front cover']);
    expect(within(region).getByText('1 of 14')).toBeTruthy();
    expect(
      (within(region).getByRole('button', { name: 'Previous pages' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shown(region)).toEqual(['Page 1', 'Page 2']);
    fireEvent.keyDown(window, { key: 'End' });
    expect(shown(region)).toEqual(['Back cover']);
    expect(within(region).getByText('14 of 14')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shown(region)).toEqual(['Back cover']);
    fireEvent.keyDown(window, { key: 'Home' });
    const stage = region.querySelector('.photobook-stage') as HTMLElement;
    // a swipe to the left turns forward, a mostly vertical one (scrolling) does not
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 200, clientY: 110 });
    expect(shown(region)).toEqual(['Page 1', 'Page 2']);
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 250, clientY: 300 });
    expect(shown(region)).toEqual(['Page 1', 'Page 2']);
    fireEvent.pointerDown(stage, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 300, clientY: 100 });
    expect(shown(region)).toEqual(['Front cover']);
  });

  it('puts a blank filler page before the back cover when the photo count is odd, and says how many photos are missing', async () => {
    book = makeBook(5);
    open();
    expect(await pageNames()).toEqual([
      'Front cover',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 5',
      'Blank page',
      'Back cover',
    ]);
    expect(
      screen.getByText(
        'Your album needs 19 more photos for this book (photos in the book: 24). You can order it once it has enough.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Order photobook' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('asks a phone held upright to turn to landscape', async () => {
    Object.assign(globalThis, { innerWidth: 390, innerHeight: 844 });
    open();
    await preview();
    expect(screen.getByText('Rotate your phone to landscape to see your photobook')).toBeTruthy();
    act(() => {
      Object.assign(globalThis, { innerWidth: 844, innerHeight: 390 });
      globalThis.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByText('Rotate your phone to landscape to see your photobook')).toBeNull();
  });

  it('orders the book through the print flow: its photos into the cart, then the photobook itself', async () => {
    const router = open();
    await preview();
    fireEvent.click(screen.getByRole('button', { name: 'Order photobook' }));
    await waitFor(() => expect(here(router)).toMatch(/^\/print\/added\?item=\d+$/));
    const posted = server.requests
      .filter((r) => r.method === 'POST')
      .map((r) => [r.path, JSON.parse(r.body)]);
    const ids = book.photos.map((p) => p.id);
    expect(posted).toEqual([
      [
        '/api/cart/digital-items/',
        { checkin_id: 12, gallery_id: null, order_type: 'PHOTOLIST', media_ids: ids },
      ],
      [
        '/api/print/api/v1/decorate-product-configuration/',
        {
          product_id: 3,
          variant_option_ids: [8],
          photos: ids.map((photo_id) => ({ photo_id, quantity: 1 })),
          add_to_cart: true,
        },
      ],
    ]);
  });

  it('puts only the photos not bought yet into the cart, and the book with all of them', async () => {
    const ids = book.photos.map((p) => p.id);
    // bought earlier, among other photos of the album
    purchases.state.bought = { 12: [900, ids[0]!, ids[5]!, 901] };
    book = { ...book, photos_to_buy: 22 };
    const router = open();
    await preview();
    expect(await screen.findByText("Ordering it also adds the book's 22 photos to your cart.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Order photobook' }));
    await waitFor(() => expect(here(router)).toMatch(/^\/print\/added\?item=\d+$/));
    const posted = server.requests
      .filter((r) => r.method === 'POST')
      .map((r) => [r.path, JSON.parse(r.body)]);
    expect(posted.map(([path]) => path)).toEqual([
      '/api/cart/digital-items/',
      '/api/print/api/v1/decorate-product-configuration/',
    ]);
    expect(posted[0]![1].media_ids).toEqual(ids.filter((id) => id !== ids[0] && id !== ids[5]));
    expect(posted[1]![1].photos).toEqual(ids.map((photo_id) => ({ photo_id, quantity: 1 })));
  });

  it('orders the book without touching the cart when every photo of it is bought', async () => {
    purchases.state.bought = { 12: book.photos.map((p) => p.id) };
    book = { ...book, photos_to_buy: 0, photos_price: '0.00', total_price: '49.90' };
    const router = open();
    await preview();
    expect(
      await screen.findByText(
        'You already bought every photo of this book: ordering it adds only the book to your cart.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Order photobook' }));
    await waitFor(() => expect(here(router)).toMatch(/^\/print\/added\?item=\d+$/));
    const posted = server.requests.filter((r) => r.method !== 'GET').map((r) => r.path);
    expect(posted).toEqual(['/api/print/api/v1/decorate-product-configuration/']);
    expect(cart.state.items).toEqual([]);
    expect(cart.state.printItems.map((item) => item.title)).toEqual(['Photobook']);
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')!.body).photos).toHaveLength(24);
  });

  it('shows the whole price before and after ordering: the book, its photos not bought yet, and both (issue 17)', async () => {
    const router = open();
    await preview();
    const summary = screen.getByRole('complementary', { name: 'Your offer' });
    const rows = () =>
      [...document.querySelectorAll('.whole-price > div')].map((row) =>
        [...row.children].map((cell) => cell.textContent),
      );
    expect(within(summary).getByText('Total with the photos')).toBeTruthy();
    expect(rows()).toEqual([
      ['The book', '€49.90'],
      ['Photos not bought yet (24)', '+ €119.70'],
      ['Total with the photos', '€169.60'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Order photobook' }));
    await waitFor(() => expect(here(router)).toMatch(/^\/print\/added\?item=\d+$/), { timeout: 5000 });
    // the "added" page: the book and the photos it put in the cart (the fake's 9.90 a photo)
    await screen.findByRole('heading', { name: 'Added to your cart' }, { timeout: 10_000 });
    await waitFor(
      () =>
        expect(rows()).toEqual([
          // the print fake prices each photo of the book as a copy (24 × 49.90)
          ['Photobook', '€1,197.60'],
          ['Photos not bought yet (24)', '+ €237.60'],
          ['Total with the photos', '€1,435.20'],
        ]),
      { timeout: 10_000 },
    );
  }, 60_000);

  it('says the offer is no longer available for an expired or forged link, and for a link without its key', async () => {
    open('checkin_id=12&key=old');
    expect(
      await screen.findByText('This photobook offer is no longer available for sale.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Photobook preview' })).toBeNull();
    cleanup();
    server.requests.length = 0;
    open('checkin_id=12');
    expect(await screen.findByText('This photobook offer is no longer available for sale.')).toBeTruthy();
    expect(server.requests.filter((r) => r.path.startsWith('/api/photobook-preview/'))).toEqual([]);
  });
});
