import type { PackageOffer } from '@fotodrop/contract/api/galleries';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { albumShop } from '../../../test/album-shop';
import { here, renderApp } from '../../../test/render-app';
import { resetApp } from '../../../test/setup';
// the album screen and the cart come from their features' test helpers
import { fakeCart, makeDigitalItem } from '../../cart/test/fake-cart';
import { makeCheckin } from '../../checkins/test/fixtures';
import { fakeAlbum } from '../test/fake-album';

const PACKAGES: PackageOffer[] = [
  { order_type: 'ALL_PHOTOS', price: '39.90', price_original: '59.90' },
  { order_type: 'VIDEOS', price: '19.90', price_original: null },
];
/** With 1 photo at €9.90 and 5 at €29.90, the 7th photo of a pick costs €49.70 ≥ €39.90. */
const SUGGESTION = 'One more photo costs as much as all of them — take the whole album for €39.90.';

const shop = albumShop({ album: { count: 12, packages: PACKAGES } });

async function openAlbum() {
  const router = renderApp('/checkins/K7M2Q9P');
  const list = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
  await waitFor(() => expect(within(list).getAllByRole('img').length).toBeGreaterThan(0));
  return { router, list };
}

const banner = () => screen.findByRole('region', { name: 'Buy the whole album' });
const offer = async (text: string) =>
  within(await banner())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(text))!;

describe('the package banner', () => {
  it('offers each package with its price, and shows it added with a way to the cart', async () => {
    const { router, list } = await openAlbum();
    const photos = await offer('All photos of this album for €39.90');
    expect(photos.querySelector('del')?.textContent).toBe('Original price: €59.90');
    const videos = await offer('All videos of this album for €19.90');
    expect(videos.querySelector('del')).toBeNull();
    expect(
      within(await banner()).getByText('A package also covers the photos that arrive later.'),
    ).toBeTruthy();
    expect(screen.queryByText(SUGGESTION)).toBeNull();

    fireEvent.click(within(photos).getByRole('button', { name: 'Add' }));
    expect(await within(photos).findByText('Added')).toBeTruthy();
    expect(within(photos).queryByRole('button', { name: 'Add' })).toBeNull();
    expect(within(videos).getByRole('button', { name: 'Add' })).toBeTruthy();
    const posts = shop.server.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/cart/digital-items/',
    );
    expect(posts.map((r) => JSON.parse(r.body))).toEqual([
      { checkin_id: 41, gallery_id: null, order_type: 'ALL_PHOTOS', media_ids: [] },
    ]);
    // every photo of the album is in the cart now
    await waitFor(() =>
      expect(within(list).getAllByRole('img', { name: 'In your cart' }).length).toBeGreaterThan(0),
    );

    fireEvent.click(within(photos).getByRole('link', { name: 'Go to the cart' }));
    await waitFor(() => expect(here(router)).toBe('/checkout'));
  });

  it('suggests the photo package once one more photo would cost as much', async () => {
    // five photos picked: a sixth costs €39.80, less than the package
    shop.cart = fakeCart({ items: [makeDigitalItem({ id: 3, media_ids: [1, 2, 3, 4, 5] })] });
    const { list } = await openAlbum();
    await offer('All photos of this album');
    // the picks are known: their tiles carry the mark
    await waitFor(() => expect(within(list).getAllByRole('img', { name: 'In your cart' })).toHaveLength(5));
    expect(screen.queryByText(SUGGESTION)).toBeNull();

    // the sixth photo: a seventh would cost €49.70
    fireEvent.click(within(list).getByRole('button', { name: 'Photo 6 of 12' }));
    const viewer = await screen.findByRole('dialog', { name: 'Viewer' });
    fireEvent.click(await within(viewer).findByRole('button', { name: 'Add to cart — €9.90' }));
    await within(viewer).findByRole('button', { name: 'In cart' });
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(await screen.findByText(SUGGESTION)).toBeTruthy();
    expect((await banner()).className).toContain('is-suggested');
  });

  it('explains a cart in another currency', async () => {
    shop.cart.state.refuse = 'currency_mismatch';
    await openAlbum();
    fireEvent.click(within(await offer('All videos')).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unable to add photos to the cart' });
    expect(within(dialog).getByRole('link', { name: 'Go to the cart' }).getAttribute('href')).toBe(
      '/checkout',
    );
    expect(within(await offer('All videos')).getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('is not there when the album hides its prices, nor without packages', async () => {
    shop.checkin = makeCheckin({ show_prices: false });
    await openAlbum();
    // what waits for the first photos has been asked for (the tree; no price list where prices are hidden)
    await waitFor(() => expect(shop.server.requests.some((r) => r.path.includes('/tree/'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Prices' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Buy the whole album' })).toBeNull();
    // prices hidden: the price list is not even asked for
    expect(shop.server.requests.some((r) => r.path.includes('/price_list/'))).toBe(false);
    cleanup();

    resetApp(`${shop.server.url}/api`);
    useAppStore.getState().setAuth('k1');
    shop.checkin = makeCheckin();
    shop.album = fakeAlbum({ count: 12 });
    await openAlbum();
    await screen.findByRole('button', { name: 'Prices' });
    expect(screen.queryByRole('region', { name: 'Buy the whole album' })).toBeNull();
  });

  it('before the event, offers a package at its pre-sale price, in the banner and the "Prices" dialog', async () => {
    shop.album = fakeAlbum({
      count: 12,
      packages: [
        { order_type: 'ALL_PHOTOS', price: '39.90', price_original: null, prepurchase_price: '24.90' },
      ],
    });
    await openAlbum();
    const NOTE =
      'Pre-sale price until the event starts, €39.90 from then on. It covers the photos that arrive later.';
    const photos = await offer('All photos of this album for €24.90');
    expect(within(photos).getByText(NOTE)).toBeTruthy();
    expect(photos.querySelector('del')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Prices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prices' });
    expect(within(dialog).getByText('All photos of this album for €24.90')).toBeTruthy();
    expect(within(dialog).getByText(NOTE)).toBeTruthy();
  });

  it('before the event, offers the packages on pre-sale under "not started", and adds one to the cart', async () => {
    const checkin = makeCheckin();
    shop.checkin = makeCheckin({
      photos_summary: { total: 0, photos: 0, videos: 0, purchased: 0, favourites: 0 },
      event: { ...checkin.event, start_date: '2099-06-01', end_date: '2099-06-01' },
    });
    shop.album = fakeAlbum({
      count: 0,
      packages: [
        { order_type: 'ALL_PHOTOS', price: '39.90', price_original: null, prepurchase_price: '24.90' },
        { order_type: 'VIDEOS', price: '19.90', price_original: null },
      ],
    });
    renderApp('/checkins/K7M2Q9P');
    expect(await screen.findByText('The event has not started yet', {}, { timeout: 5000 })).toBeTruthy();
    const photos = await offer('All photos of this album for €24.90');
    // only the packages on pre-sale: the others wait for the photos
    expect(within(await banner()).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(photos).getByRole('button', { name: 'Add' }));
    expect(await within(photos).findByText('Added')).toBeTruthy();
    const posts = shop.server.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/cart/digital-items/',
    );
    expect(posts.map((r) => JSON.parse(r.body))).toEqual([
      { checkin_id: 41, gallery_id: null, order_type: 'ALL_PHOTOS', media_ids: [] },
    ]);
  });
});
