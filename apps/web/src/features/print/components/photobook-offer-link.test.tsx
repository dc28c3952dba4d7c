import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import type { PhotobookOffer } from '@fotodrop/contract/api/photobook';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
// the album screen and the cart come from their features' test helpers
import { fakeAlbum } from '../../album/test/fake-album';
import { fakeCart } from '../../cart/test/fake-cart';
import { makeCheckin } from '../../checkins/test/fixtures';
import { fakePrint } from '../test/fake-print';

let server: Awaited<ReturnType<typeof startTestServer>>;
let album: ReturnType<typeof fakeAlbum>;
let cart: ReturnType<typeof fakeCart>;
let print: ReturnType<typeof fakePrint>;
let checkin: Checkin;
/** What GET /photobook-offer/ answers for album 41. */
let offer: PhotobookOffer | null;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${checkin.picacode}/`))
      return { status: 200, body: checkin };
    if (req.path === '/api/photobook-offer/?checkin_id=41') return { status: 200, body: { offer } };
    if (req.path.startsWith('/api/photobook-preview/'))
      return {
        status: 410,
        body: { code: 'photobook_offer_unavailable', message: 'No longer available for sale.' },
      };
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
  offer = { checkin_id: 41, key: 'k3y/+=', offer_until: '2027-01-22' };
});
afterEach(cleanup);

const banner = () => screen.findByRole('region', { name: 'Print your photos' }, { timeout: 5000 });

describe("the album's photobook offer link", () => {
  it("sits in the print banner with the offer's last day and opens the offer page with its key", async () => {
    const router = renderApp('/checkins/K7M2Q9P');
    const region = await banner();
    const link = await within(region).findByRole('link', { name: 'See your photobook' });
    expect(link.parentElement?.textContent).toBe(
      'Your photos in an A4 hardcover book, offer valid until January 22, 2027. See your photobook',
    );
    fireEvent.click(link);
    await waitFor(() => expect(here(router)).toBe('/photobook?checkin_id=41&key=k3y%2F%2B%3D'));
    await screen.findByText('This photobook offer is no longer available for sale.');
    const asked = server.requests.find((r) => r.path.startsWith('/api/photobook-preview/'));
    expect(new URL(asked!.path, 'http://test').searchParams.get('key')).toBe('k3y/+=');
  });

  it('is not there while the album has no offer', async () => {
    offer = null;
    renderApp('/checkins/K7M2Q9P');
    const region = await banner();
    await waitFor(() =>
      expect(server.requests.some((r) => r.path.startsWith('/api/photobook-offer/'))).toBe(true),
    );
    expect(within(region).queryByRole('link', { name: 'See your photobook' })).toBeNull();
  });
});
