import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart } from '../../cart/test/fake-cart';
import { makeCheckin } from '../../checkins/test/fixtures';
import { fakeAlbum } from '../test/fake-album';

let server: Awaited<ReturnType<typeof startTestServer>>;
let album: ReturnType<typeof fakeAlbum>;
let cart: ReturnType<typeof fakeCart>;
let checkin: Checkin;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${checkin.picacode}/`))
      return { status: 200, body: checkin };
    return album.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  useAppStore.getState().setAuth('k1');
  album = fakeAlbum({ count: 4 });
  cart = fakeCart();
  checkin = makeCheckin();
});
afterEach(cleanup);

/** jsdom lays nothing out: the row's widths and scroll position as a browser would measure them. */
function layOut(
  row: HTMLElement,
  { content, shown, scrolled }: { content: number; shown: number; scrolled: number },
) {
  Object.defineProperty(row, 'scrollWidth', { configurable: true, value: content });
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: shown });
  Object.defineProperty(row, 'scrollLeft', { configurable: true, value: scrolled, writable: true });
  fireEvent.scroll(row);
}

describe('the album’s tab row', () => {
  it('shows a fade on each side that hides tabs (a longer language, another font), and none when they fit', async () => {
    renderApp('/checkins/K7M2Q9P');
    const row = await screen.findByRole('tablist', { name: 'Photo lists' }, { timeout: 20_000 });
    const hints = () => [row.classList.contains('has-more-start'), row.classList.contains('has-more-end')];

    layOut(row, { content: 358, shown: 358, scrolled: 0 });
    await waitFor(() => expect(hints()).toEqual([false, false]));
    // wider than the phone: more to the right
    layOut(row, { content: 420, shown: 358, scrolled: 0 });
    await waitFor(() => expect(hints()).toEqual([false, true]));
    // scrolled half way: both sides
    layOut(row, { content: 420, shown: 358, scrolled: 30 });
    await waitFor(() => expect(hints()).toEqual([true, true]));
    // at the end: only what is left behind
    layOut(row, { content: 420, shown: 358, scrolled: 62 });
    await waitFor(() => expect(hints()).toEqual([true, false]));
  });
});
