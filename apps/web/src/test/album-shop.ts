import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { fakeAlbum } from '../features/album/test/fake-album';
import { fakeCart } from '../features/cart/test/fake-cart';
import { makeCheckin } from '../features/checkins/test/fixtures';
import type { fakePrint } from '../features/print/test/fake-print';
import { useAppStore } from '../shared/store/app-store';
import { startTestServer } from './http-server';
import { initTestI18n, makeUser, resetApp } from './setup';

export interface AlbumShop {
  server: Awaited<ReturnType<typeof startTestServer>>;
  album: ReturnType<typeof fakeAlbum>;
  cart: ReturnType<typeof fakeCart>;
  /** The print catalogue, when a test sets one (`shop.print = fakePrint({ cart: shop.cart })`). */
  print: ReturnType<typeof fakePrint> | null;
  checkin: Checkin;
}

/**
 * The album shop as the album, cart and print screens meet it: a logged-in user, one album (by its
 * code) with its media, the cart and, when set, the print catalogue, on one test server. Each test
 * starts from a fresh album, cart and check-in; a test replaces any of them by assigning to the shop.
 */
export function albumShop(
  options: {
    album?: Parameters<typeof fakeAlbum>[0];
    print?: (cart: AlbumShop['cart']) => AlbumShop['print'];
  } = {},
): AlbumShop {
  const shop = { print: null } as AlbumShop;
  beforeAll(async () => {
    await initTestI18n();
    shop.server = await startTestServer((req) => {
      if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
      if (req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${shop.checkin.picacode}/`))
        return { status: 200, body: shop.checkin };
      return shop.album.handler(req) ?? shop.print?.handler(req) ?? shop.cart.handler(req);
    });
  });
  afterAll(() => shop.server.close());
  beforeEach(() => {
    resetApp(`${shop.server.url}/api`);
    shop.server.requests.length = 0;
    useAppStore.getState().setAuth('k1');
    shop.album = fakeAlbum(options.album ?? {});
    shop.cart = fakeCart();
    shop.print = options.print?.(shop.cart) ?? null;
    shop.checkin = makeCheckin();
  });
  afterEach(cleanup);
  return shop;
}
