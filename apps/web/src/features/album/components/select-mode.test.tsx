import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { albumShop } from '../../../test/album-shop';
import { renderApp } from '../../../test/render-app';
// the album screen and the cart come from their features' test helpers
import { fakeCart, makeDigitalItem } from '../../cart/test/fake-cart';
import { makeCheckin } from '../../checkins/test/fixtures';

const shop = albumShop({ album: { count: 12 } });

/** The album's first list, once the cart lines are known (what select mode's cart action needs). */
async function openAlbum() {
  renderApp('/checkins/K7M2Q9P');
  const list = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
  await within(list).findByRole('button', { name: 'Photo 1 of 12' });
  if (shop.checkin.show_prices)
    await waitFor(() =>
      expect(shop.server.requests.some((r) => r.path === '/api/cart/digital-items/')).toBe(true),
    );
  return list;
}

const tile = (list: HTMLElement, n: number) => within(list).getByRole('button', { name: `Photo ${n} of 12` });
const bar = () => screen.getByRole('region', { name: 'Select photos' });
/** The bar's Add to cart, once the cart's lines and the album's prices are known (disabled before). */
async function enabledAddToCart() {
  const button = within(bar()).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}
const tabCount = (name: RegExp) => screen.getByRole('tab', { name }).textContent;
const cartCalls = () =>
  shop.server.requests
    .filter((r) => r.method !== 'GET' && r.path.startsWith('/api/cart/'))
    .map((r) => [r.method, r.path, JSON.parse(r.body || '{}')]);

describe('select mode', () => {
  it('picks several photos and puts them in the cart in one call, leaving out those it holds or that are bought', async () => {
    shop.cart = fakeCart({ items: [makeDigitalItem({ id: 9, media_ids: [2] })] });
    shop.album.state.media[3]!.is_purchased = true;
    const list = await openAlbum();
    const select = screen.getByRole('button', { name: 'Select' });
    fireEvent.click(select);

    // the bar takes the toolbar's place, with the focus; tiles now pick instead of opening
    expect(document.activeElement).toBe(within(bar()).getByRole('button', { name: 'Cancel' }));
    expect(within(bar()).getByText('Tap photos to select them')).toBeTruthy();
    expect(tile(list, 1).getAttribute('aria-pressed')).toBe('false');
    expect(within(list).queryByRole('button', { name: 'Add to favourites' })).toBeNull();
    for (const n of [1, 2, 3, 4]) fireEvent.click(tile(list, n));
    expect(within(bar()).getByText('4 selected')).toBeTruthy();
    expect(tile(list, 3).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Viewer' })).toBeNull();
    // pressed again, a photo is unpicked
    fireEvent.click(tile(list, 3));
    expect(within(bar()).getByText('3 selected')).toBeTruthy();
    fireEvent.click(tile(list, 3));

    fireEvent.click(await enabledAddToCart());
    expect(await screen.findByText('2 photos added to your cart.')).toBeTruthy();
    expect(cartCalls()).toEqual([
      [
        'POST',
        '/api/cart/digital-items/',
        { checkin_id: 41, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [1, 3] },
      ],
    ]);
    // select mode is over; the photos carry the cart mark; the header counts three photos
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Select photos' })).toBeNull());
    expect(tile(list, 1).hasAttribute('aria-pressed')).toBe(false);
    const tiles = within(list).getAllByRole('listitem');
    for (const i of [0, 1, 2])
      await waitFor(() => expect(within(tiles[i]!).getByRole('img', { name: 'In your cart' })).toBeTruthy());
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  }, 15_000);

  it('says so when nothing selected can be added, and sends nothing', async () => {
    shop.cart = fakeCart({ items: [makeDigitalItem({ id: 9, media_ids: [2] })] });
    const list = await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(tile(list, 2));
    fireEvent.click(await enabledAddToCart());
    expect(
      await screen.findByText('The selected photos are in your cart already or cannot be bought one by one.'),
    ).toBeTruthy();
    expect(cartCalls()).toEqual([]);
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
  });

  it('opens the currency mismatch dialog when the cart holds another currency, and keeps the selection', async () => {
    shop.cart.state.refuse = 'currency_mismatch';
    const list = await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(tile(list, 1));
    fireEvent.click(tile(list, 5));
    fireEvent.click(await enabledAddToCart());
    const dialog = await screen.findByRole('dialog', { name: 'Unable to add photos to the cart' });
    expect(within(dialog).getByRole('link', { name: 'Go to the cart' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(bar()).getByText('2 selected')).toBeTruthy();
  });

  it('adds the selection to the favourites, and undoes and says it when the server refuses', async () => {
    const list = await openAlbum();
    await waitFor(() => expect(tabCount(/^Favourites/)).toBe('Favourites 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    shop.album.state.fail.add('favourite');
    for (const n of [3, 4, 5]) fireEvent.click(tile(list, n));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Add to favourites' }));
    expect(
      await screen.findByText('3 photos could not be added to your favourites. Please try again.'),
    ).toBeTruthy();
    await waitFor(() => expect(tabCount(/^Favourites/)).toBe('Favourites 2'));
    expect(within(bar()).getByText('3 selected')).toBeTruthy();

    shop.album.state.fail.delete('favourite');
    // photo 1 is a favourite already: it is not sent again
    fireEvent.click(tile(list, 1));
    shop.server.requests.length = 0;
    fireEvent.click(within(bar()).getByRole('button', { name: 'Add to favourites' }));
    expect(await screen.findByText('4 photos added to your favourites.')).toBeTruthy();
    expect(
      shop.server.requests
        .filter((r) => r.method === 'POST')
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      '/api/v3/medias/3/add-favorite/',
      '/api/v3/medias/4/add-favorite/',
      '/api/v3/medias/5/add-favorite/',
    ]);
    expect(tabCount(/^Favourites/)).toBe('Favourites 5');
    expect(screen.queryByRole('region', { name: 'Select photos' })).toBeNull();
  });

  it('offers only the favourites where the album hides its prices', async () => {
    shop.checkin = makeCheckin({ show_prices: false });
    const list = await openAlbum();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(tile(list, 1));
    expect(within(bar()).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'Add to favourites' })).toBeTruthy();
  });

  it('is left with Cancel or Escape (the focus back on Select), and by changing tab', async () => {
    const list = await openAlbum();
    const select = screen.getByRole('button', { name: 'Select' });
    fireEvent.click(select);
    fireEvent.click(tile(list, 1));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Select photos' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Select' }));

    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(tile(list, 1));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Select photos' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Select' }));
    // a fresh start: nothing picked from before
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(tile(list, 1).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tile(list, 1));

    fireEvent.click(screen.getByRole('tab', { name: /^All photos/ }));
    await screen.findByRole('list', { name: 'All photos' });
    expect(screen.queryByRole('region', { name: 'Select photos' })).toBeNull();
  });

  it('starts with a long press on a touch screen, on the photo pressed', async () => {
    const list = await openAlbum();
    const first = tile(list, 1);
    fireEvent.pointerDown(first, { pointerType: 'touch', clientX: 10, clientY: 10 });
    await waitFor(() => expect(within(bar()).getByText('1 selected')).toBeTruthy());
    // lifting the finger does not also unpick it or open the viewer
    fireEvent.pointerUp(first, { pointerType: 'touch', clientX: 11, clientY: 10 });
    fireEvent.click(first);
    expect(tile(list, 1).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('dialog', { name: 'Viewer' })).toBeNull();
    fireEvent.click(tile(list, 2));
    expect(within(bar()).getByText('2 selected')).toBeTruthy();
  });

  it('keeps the toolbar in its place while selecting (the bar lies over the page: nothing above the photos moves)', async () => {
    const list = await openAlbum();
    const toolbar = document.querySelector('.gallery-toolbar');
    fireEvent.pointerDown(tile(list, 1), { pointerType: 'touch', clientX: 10, clientY: 10 });
    await waitFor(() => expect(within(bar()).getByText('1 selected')).toBeTruthy());
    fireEvent.pointerUp(tile(list, 1), { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.click(tile(list, 1));
    // the same toolbar is still there (not replaced by the bar), its Select pressed
    expect(document.querySelector('.gallery-toolbar')).toBe(toolbar);
    const select = screen.getByRole('button', { name: 'Select' });
    expect(select.getAttribute('aria-pressed')).toBe('true');
    // pressed again, Select leaves select mode
    fireEvent.click(select);
    expect(screen.queryByRole('region', { name: 'Select photos' })).toBeNull();
    expect(select.getAttribute('aria-pressed')).toBe('false');
  });

  it('ignores the click that ends a long press, on whichever photo it lands', async () => {
    const list = await openAlbum();
    fireEvent.pointerDown(tile(list, 1), { pointerType: 'touch', clientX: 10, clientY: 10 });
    await waitFor(() => expect(within(bar()).getByText('1 selected')).toBeTruthy());
    fireEvent.pointerUp(tile(list, 1), { pointerType: 'touch', clientX: 10, clientY: 10 });
    // the click of the lifted finger reaches another photo (had anything moved): still one picked
    fireEvent.click(tile(list, 2));
    expect(within(bar()).getByText('1 selected')).toBeTruthy();
    expect(tile(list, 2).getAttribute('aria-pressed')).toBe('false');
    // the next tap is a tap again
    fireEvent.pointerDown(tile(list, 2), { pointerType: 'touch', clientX: 60, clientY: 10 });
    fireEvent.pointerUp(tile(list, 2), { pointerType: 'touch', clientX: 60, clientY: 10 });
    fireEvent.click(tile(list, 2));
    expect(within(bar()).getByText('2 selected')).toBeTruthy();
  });
});
