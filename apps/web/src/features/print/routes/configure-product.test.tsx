import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart, makeDigitalItem } from '../../cart/test/fake-cart';
import { fakePrint } from '../test/fake-print';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cart: ReturnType<typeof fakeCart>;
let print: ReturnType<typeof fakePrint>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith('/api/v3/checkins/?'))
      return {
        status: 200,
        body: { results: [], pagination: { total: 0, num_pages: 1, page_size: 12, page_number: 1 } },
      };
    return print.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  cart = fakeCart({ items: [makeDigitalItem({ id: 1, media_ids: [1, 2, 3] })] });
  print = fakePrint({ cart });
});
afterEach(cleanup);

async function open(productId: number, title: string) {
  const router = renderApp(`/print/${productId}`);
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
  return router;
}

const summary = () => screen.getByRole('region', { name: 'Your print product' });
const figure = (label: string) => within(summary()).getByText(label).nextElementSibling?.textContent;
const photo = (n: number, album = 'Alpine Marathon 2026') =>
  screen.findByRole('button', { name: `Photo ${n} of ${album}` });
const addButton = () => within(summary()).getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
const decorations = () =>
  server.requests
    .filter((r) => r.method === 'POST' && r.path === '/api/print/api/v1/decorate-product-configuration/')
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('configuring a print product', () => {
  it('prices the chosen variant, then the server prices the photos and copies', async () => {
    await open(1, 'Photo prints');
    // the cheapest variant to start with
    expect((screen.getByRole('radio', { name: '10×15 cm' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Glossy' }) as HTMLInputElement).checked).toBe(true);
    await photo(1);
    expect(figure('Price per copy')).toBe('€1.90');
    fireEvent.click(screen.getByRole('radio', { name: '13×18 cm' }));
    expect(figure('Price per copy')).toBe('€2.90');
    expect(figure('Total price')).toBe('—');
    expect(addButton().disabled).toBe(true);
    expect(decorations()).toEqual([]);

    fireEvent.click(await photo(1));
    expect((await photo(1)).getAttribute('aria-pressed')).toBe('true');
    expect(within(summary()).getByText(/^1 of up to 100 photos/).textContent).toBe(
      '1 of up to 100 photos · 1 copy',
    );
    await waitFor(() => expect(figure('Total price')).toBe('€2.90'));
    expect(decorations()).toEqual([
      {
        product_id: 1,
        variant_option_ids: [2, 4],
        photos: [{ photo_id: 1, quantity: 1 }],
        add_to_cart: false,
      },
    ]);

    const copies = screen.getByRole('group', { name: 'Copies of Photo 1 of Alpine Marathon 2026' });
    fireEvent.click(within(copies).getByRole('button', { name: 'More copies' }));
    expect(within(copies).getByText('2 copies')).toBeTruthy();
    await waitFor(() => expect(figure('Total price')).toBe('€5.80'));
    fireEvent.click(screen.getByRole('radio', { name: '20×30 cm' }));
    await waitFor(() => expect(figure('Total price')).toBe('€13.80'));
    expect(figure('Price per copy')).toBe('€6.90');
    expect(addButton().disabled).toBe(false);
  });

  it('counts the photos against what the product takes, and takes no more', async () => {
    cart = fakeCart({
      items: [makeDigitalItem({ id: 1, media_ids: Array.from({ length: 26 }, (_, i) => i + 1) })],
    });
    print = fakePrint({ cart });
    await open(3, 'Photobook');
    await photo(1);
    expect(screen.getByText('Choose 24 photos.')).toBeTruthy();
    expect(within(summary()).getByText('0 of 24 photos')).toBeTruthy();
    for (let n = 1; n <= 23; n++) fireEvent.click(await photo(n));
    expect(within(summary()).getByText('23 of 24 photos')).toBeTruthy();
    expect(addButton().disabled).toBe(true);
    fireEvent.click(await photo(24));
    expect(within(summary()).getByText('24 of 24 photos')).toBeTruthy();
    // full: the other photos cannot be chosen, and a photobook takes no copies
    expect(((await photo(25)) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You have chosen as many photos as it takes\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More copies' })).toBeNull();
    await waitFor(() => expect(addButton().disabled).toBe(false));

    fireEvent.click(await photo(3));
    expect(within(summary()).getByText('23 of 24 photos')).toBeTruthy();
    expect(((await photo(25)) as HTMLButtonElement).disabled).toBe(false);
    expect(addButton().disabled).toBe(true);
  });

  it('says when the cart holds fewer photos than the product takes', async () => {
    await open(3, 'Photobook');
    await photo(3);
    expect(
      screen.getByText(
        'Your cart and your earlier purchases hold fewer photos than this product takes: add more photos to your cart first.',
      ),
    ).toBeTruthy();
    cleanup();
    renderApp('/print/1');
    await screen.findByRole('heading', { level: 1, name: 'Photo prints' }, { timeout: 5000 });
    await photo(3);
    expect(screen.queryByText(/Your cart holds fewer photos/)).toBeNull();
  });

  it('swaps the photo of a product that takes one', async () => {
    await open(2, 'Canvas');
    fireEvent.click(await photo(1));
    fireEvent.click(await photo(2));
    expect((await photo(1)).getAttribute('aria-pressed')).toBe('false');
    expect((await photo(2)).getAttribute('aria-pressed')).toBe('true');
    expect(within(summary()).getByText('1 of 1 photo')).toBeTruthy();
    await waitFor(() => expect(figure('Total price')).toBe('€39.00'));
    expect(figure('Price')).toBe('€39.00');
  });

  it('adds the configuration to the cart and shows it on the finished page', async () => {
    const router = await open(1, 'Photo prints');
    fireEvent.click(await photo(1));
    fireEvent.click(await photo(3));
    const copies = screen.getByRole('group', { name: 'Copies of Photo 3 of Alpine Marathon 2026' });
    fireEvent.click(within(copies).getByRole('button', { name: 'More copies' }));
    await waitFor(() => expect(figure('Total price')).toBe('€5.70'));
    fireEvent.click(addButton());

    await waitFor(() => expect(here(router)).toBe('/print/added?item=500'));
    const page = await screen.findByRole('region', { name: 'Added to your cart' });
    expect(await within(page).findByText('10×15 cm · Glossy')).toBeTruthy();
    expect(within(page).getByText('With 2 photos · 3 copies')).toBeTruthy();
    // the whole price (issue 17): the prints, the 2 photos the cart buys for them, both together
    const rows = [...page.querySelectorAll('.whole-price > div')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Photo prints', '€5.70'],
      ['Photos not bought yet (2)', '+ €19.80'],
      ['Total with the photos', '€25.50'],
    ]);
    expect(decorations().at(-1)).toEqual({
      product_id: 1,
      variant_option_ids: [1, 4],
      photos: [
        { photo_id: 1, quantity: 1 },
        { photo_id: 3, quantity: 2 },
      ],
      add_to_cart: true,
    });
    expect(cart.state.printItems.map((item) => item.title)).toEqual(['Photo prints']);

    expect(within(page).getByRole('link', { name: 'Add another product' }).getAttribute('href')).toBe(
      '/print',
    );
    fireEvent.click(within(page).getByRole('link', { name: 'Proceed to checkout' }));
    await waitFor(() => expect(here(router)).toBe('/checkout'));
    const prints = await screen.findByRole('list', { name: 'Print products' });
    expect(within(prints).getByText('Photo prints')).toBeTruthy();
  });

  it("shows the server's refusal in words, and adds nothing", async () => {
    await open(1, 'Photo prints');
    fireEvent.click(await photo(2));
    await waitFor(() => expect(figure('Total price')).toBe('€1.90'));
    // the photo left the cart meanwhile (in another tab)
    cart.state.items = [makeDigitalItem({ id: 1, media_ids: [1, 3] })];
    fireEvent.click(screen.getByRole('radio', { name: 'Matt' }));
    expect(
      await within(summary()).findByText(
        'A chosen photo is no longer in your cart: choose from the photos in your cart.',
      ),
    ).toBeTruthy();
    expect(addButton().disabled).toBe(true);

    print.state.refuse = {
      status: 400,
      body: {
        code: 'validation_error',
        message: 'x',
        data: { fields: { photos: ['print.too_many_photos'] } },
      },
    };
    fireEvent.click(await photo(1));
    expect(await within(summary()).findByText('Choose at most 100 photos.')).toBeTruthy();
    expect(cart.state.printItems).toEqual([]);
  });

  it('opens the currency mismatch dialog when the cart holds another currency', async () => {
    const router = await open(1, 'Photo prints');
    fireEvent.click(await photo(1));
    await waitFor(() => expect(addButton().disabled).toBe(false));
    cart.state.refuse = 'currency_mismatch';
    fireEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Unable to add photos to the cart' });
    expect(within(dialog).getByRole('link', { name: 'Go to the cart' })).toBeTruthy();
    expect(here(router)).toBe('/print/1');
  });

  it('offers the photos of the cart by album, without videos', async () => {
    cart = fakeCart({
      items: [
        makeDigitalItem({ id: 1, media_ids: [1, 2, 9] }),
        makeDigitalItem({
          id: 2,
          checkin_id: 77,
          picacode: 'ROOM204B',
          event_name: 'Hotel Bellevue',
          order_type: 'ALL_PHOTOS',
        }),
        makeDigitalItem({ id: 3, checkin_id: 78, event_name: 'Kayak Day', order_type: 'VIDEOS' }),
      ],
      videos: [9],
      packagePhotos: { 77: [20, 21, 22] },
    });
    print = fakePrint({ cart });
    await open(1, 'Photo prints');
    const alpine = await screen.findByRole('region', { name: 'Alpine Marathon 2026 2 photos in the cart' });
    expect(within(alpine).getAllByRole('button', { pressed: false })).toHaveLength(2);
    const hotel = screen.getByRole('region', { name: 'Hotel Bellevue 3 photos in the cart' });
    expect(within(hotel).getByRole('button', { name: 'Photo 3 of Hotel Bellevue' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Kayak Day/ })).toBeNull();
  });

  it('explains that prints are made from the photos in the cart when it holds none', async () => {
    cart.state.items = [makeDigitalItem({ id: 1, media_ids: [9] })];
    cart.state.videos.add(9);
    const router = await open(1, 'Photo prints');
    expect(
      await screen.findByText(
        /Prints are made from the photos in your cart or bought earlier, and you have none yet\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to My albums' }));
    await waitFor(() => expect(here(router)).toBe('/checkins'));
  });

  it('says when the product does not exist', async () => {
    renderApp('/print/99');
    expect(await screen.findByText('This print product does not exist.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All print products' }).getAttribute('href')).toBe('/print');
  });
});
