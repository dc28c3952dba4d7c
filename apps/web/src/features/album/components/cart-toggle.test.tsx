import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { albumShop } from '../../../test/album-shop';
import { here, renderApp } from '../../../test/render-app';
// the album screen and the cart come from their features' test helpers
import { fakeCart, makeDigitalItem } from '../../cart/test/fake-cart';
import { makeCheckin } from '../../checkins/test/fixtures';

const shop = albumShop({ album: { count: 12 } });

async function openPhoto(name = 'Photo 1 of 12') {
  const router = renderApp('/checkins/K7M2Q9P');
  const list = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
  await waitFor(() =>
    expect(shop.server.requests.some((r) => r.path === '/api/cart/digital-items/')).toBe(true),
  );
  fireEvent.click(await within(list).findByRole('button', { name }));
  return { list, router, viewer: await screen.findByRole('dialog', { name: 'Viewer' }) };
}

/** The viewer's button names the price of one photo alone (the fake list: €9.90 a photo). */
const ADD = 'Add to cart — €9.90';

const posted = () =>
  shop.server.requests
    .filter((r) => r.method !== 'GET' && r.path.startsWith('/api/cart/'))
    .map((r) => [r.method, r.path, JSON.parse(r.body || '{}')]);

describe("the viewer's cart button", () => {
  it('adds the photo shown, then takes it out again', async () => {
    const { list, viewer } = await openPhoto();
    fireEvent.click(await within(viewer).findByRole('button', { name: ADD }));
    const inCart = await within(viewer).findByRole('button', { name: 'In cart' });
    expect(inCart.getAttribute('aria-describedby')).toBeTruthy();
    expect(posted()).toEqual([
      [
        'POST',
        '/api/cart/digital-items/',
        { checkin_id: 41, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [1] },
      ],
    ]);
    // its tile carries the mark, the others do not
    const tiles = within(list).getAllByRole('listitem');
    expect(within(tiles[0]!).getByRole('img', { name: 'In your cart' })).toBeTruthy();
    expect(within(tiles[1]!).queryByRole('img', { name: 'In your cart' })).toBeNull();
    // the next photo is not in the cart
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(await within(viewer).findByRole('button', { name: ADD })).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });

    fireEvent.click(await within(viewer).findByRole('button', { name: 'In cart' }));
    expect(await within(viewer).findByRole('button', { name: ADD })).toBeTruthy();
    expect(posted()[1]).toEqual([
      'PATCH',
      `/api/cart/digital-items/${shop.cart.state.nextId - 1}/remove-medias/`,
      { media_ids: [1] },
    ]);
    await waitFor(() => expect(within(tiles[0]!).queryByRole('img', { name: 'In your cart' })).toBeNull());
  });

  it('says "In cart (package)" for media a package buys, with nothing to press', async () => {
    shop.cart = fakeCart({ items: [makeDigitalItem({ id: 7, order_type: 'ALL_PHOTOS' })] });
    const { viewer } = await openPhoto();
    expect(await within(viewer).findByText('In cart (package)')).toBeTruthy();
    expect(within(viewer).queryByRole('button', { name: /cart/i })).toBeNull();
  });

  it('offers nothing for bought media', async () => {
    shop.album.state.media[0]!.is_purchased = true;
    const { viewer } = await openPhoto();
    await waitFor(() => expect(within(viewer).queryByText('Taken on', { exact: false })).toBeTruthy());
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    // the album sells, so the next one has the button: the first had none because it is bought
    expect(await within(viewer).findByRole('button', { name: ADD })).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(within(viewer).queryByRole('button', { name: /cart/i })).toBeNull();
  });

  it('offers nothing while the album hides its prices, and does not ask for its cart lines', async () => {
    shop.checkin = makeCheckin({ show_prices: false });
    renderApp('/checkins/K7M2Q9P');
    const list = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
    fireEvent.click(await within(list).findByRole('button', { name: 'Photo 2 of 12' }));
    const viewer2 = await screen.findByRole('dialog', { name: 'Viewer' });
    expect(within(viewer2).getByText(/^Taken on/)).toBeTruthy();
    expect(within(viewer2).queryByRole('button', { name: /cart/i })).toBeNull();
    expect(shop.server.requests.some((r) => r.path.startsWith('/api/cart/digital-items/'))).toBe(false);
  });

  it('explains a cart in another currency, with a way to the cart', async () => {
    shop.cart.state.refuse = 'currency_mismatch';
    const { viewer, router } = await openPhoto();
    fireEvent.click(await within(viewer).findByRole('button', { name: ADD }));
    const dialog = await screen.findByRole('dialog', { name: 'Unable to add photos to the cart' });
    expect(dialog.textContent).toContain('finish your current order first');
    // the viewer waits behind the dialog, unchanged
    expect(viewer.hasAttribute('inert')).toBe(true);
    expect(within(viewer).getByRole('button', { name: ADD })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unable to add photos to the cart' })).toBeNull(),
    );
    expect(viewer.hasAttribute('inert')).toBe(false);

    fireEvent.click(within(viewer).getByRole('button', { name: ADD }));
    const again = await screen.findByRole('dialog', { name: 'Unable to add photos to the cart' });
    fireEvent.click(within(again).getByRole('link', { name: 'Go to the cart' }));
    await waitFor(() => expect(here(router)).toBe('/checkout'));
  });

  it('says so when the media is not for sale', async () => {
    shop.cart.state.refuse = 'not_for_sale';
    const { viewer } = await openPhoto();
    fireEvent.click(await within(viewer).findByRole('button', { name: ADD }));
    expect(await within(viewer).findByText('This is not for sale at the moment.')).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: ADD })).toBeTruthy();
  });

  it('prices a pick by the gallery it was added in', async () => {
    renderApp('/checkins/K7M2Q9P');
    fireEvent.click(await screen.findByRole('link', { name: 'Start 6' }, { timeout: 5000 }));
    await screen.findByRole('heading', { level: 1, name: 'Start' }, { timeout: 5000 });
    const list = await screen.findByRole('list', { name: 'My photos' });
    fireEvent.click(await within(list).findByRole('button', { name: 'Photo 1 of 6' }));
    const viewer = await screen.findByRole('dialog', { name: 'Viewer' });
    fireEvent.click(await within(viewer).findByRole('button', { name: ADD }));
    await within(viewer).findByRole('button', { name: 'In cart' });
    expect(posted()[0]?.[2]).toMatchObject({ gallery_id: 5, media_ids: [1] });
  });
});
