import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import type { AlbumZip } from '@fotodrop/contract/api/checkins';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { fakeCart } from '../../cart/test/fake-cart';
import { makeCheckin } from '../../checkins/test/fixtures';
import { fakeAlbum } from '../test/fake-album';

/**
 * The album after a purchase: bought media carry a "Purchased" mark and have their own filter,
 * the viewer downloads them (or says when HD comes), and "Download album" asks for a zip, shows
 * its progress and its link — against a local HTTP server answering as the API does.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let album: ReturnType<typeof fakeAlbum>;
let cart: ReturnType<typeof fakeCart>;
let checkin: Checkin;
/** The album's zip as the server knows it; each GET moves a zip under way one step on. */
let zip: AlbumZip | null;
let zipRefusal: { status: number; body: unknown } | null;

const ZIP_URL = 'https://files.example/zips/41.zip?sig=abc';

function zipAnswer() {
  const answer = zip;
  if (zip?.status === 'queued') zip = { ...zip, status: 'building', done: 1 };
  else if (zip?.status === 'building')
    zip = { ...zip, status: 'ready', done: 2, url: ZIP_URL, expires_at: '2099-01-01T10:00:00Z' };
  return { status: 200, body: answer };
}

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${checkin.picacode}/`))
      return { status: 200, body: checkin };
    if (req.path === '/api/v2/checkins/41/download-medias/') {
      if (req.method === 'GET') return zipAnswer();
      if (zipRefusal) return zipRefusal;
      zip = {
        status: 'queued',
        done: 0,
        total: 2,
        url: null,
        expires_at: null,
        created_at: '2026-05-12T10:00:00Z',
      };
      return { status: 202, body: { detail: 'Your zip is being prepared.' } };
    }
    return album.handler(req) ?? cart.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  album = fakeAlbum({ count: 12, splitPurchased: true });
  // photos 2 and 4 are bought; 2 downloads, 4 waits for HD
  Object.assign(album.state.media[1]!, {
    is_purchased: true,
    download_url: 'https://files.example/originals/2.jpg?sig=x',
  });
  Object.assign(album.state.media[3]!, { is_purchased: true, download_url: null });
  cart = fakeCart();
  checkin = makeCheckin();
  zip = null;
  zipRefusal = null;
});
afterEach(cleanup);

const zipCalls = () =>
  server.requests.filter((r) => r.path === '/api/v2/checkins/41/download-medias/').map((r) => r.method);

async function openAlbum() {
  renderApp('/checkins/K7M2Q9P');
  return screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
}

describe('purchased media in the album', () => {
  it('marks bought tiles and filters purchased / not purchased', async () => {
    let list = await openAlbum();
    // "not purchased" first: the ten unbought photos, none marked
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    expect(within(list).queryByText('Purchased')).toBeNull();
    const filter = screen.getByRole('group', { name: 'Show photos' });
    fireEvent.click(await within(filter).findByRole('button', { name: /^Purchased/ }));
    // the list of the other filter replaces this one once its page is there
    await waitFor(() => expect(server.requests.some((r) => r.path.includes('tab=bought'))).toBe(true));
    list = await screen.findByRole('list', { name: 'My photos' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    for (const tile of within(list).getAllByRole('listitem'))
      expect(within(tile).getByText('Purchased')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Photo 1 of 2' })).toBeTruthy();

    // all photos mixes them: only the bought ones carry the mark
    fireEvent.click(screen.getByRole('tab', { name: /All photos/ }));
    const all = await screen.findByRole('list', { name: 'All photos' });
    await waitFor(() => expect(within(all).getAllByRole('listitem')).toHaveLength(12));
    const tiles = within(all).getAllByRole('listitem');
    expect(within(tiles[0]!).queryByText('Purchased')).toBeNull();
    expect(within(tiles[1]!).getByText('Purchased')).toBeTruthy();
    expect(within(tiles[3]!).getByText('Purchased')).toBeTruthy();
  });

  it('offers the download in the viewer only with a download link, and says when HD comes', async () => {
    checkin = makeCheckin({ hd_serving_type: 'delayed', hd_available_from: '2099-06-01T08:00:00Z' });
    await openAlbum();
    fireEvent.click(screen.getByRole('tab', { name: /All photos/ }));
    const all = await screen.findByRole('list', { name: 'All photos' });
    fireEvent.click(await within(all).findByRole('button', { name: 'Photo 2 of 12' }));
    const viewer = await screen.findByRole('dialog', { name: 'Viewer' });
    const link = await within(viewer).findByRole('link', { name: 'Download photo' });
    expect(link.getAttribute('href')).toBe('https://files.example/originals/2.jpg?sig=x');
    expect(link.hasAttribute('download')).toBe(true);

    // not bought: nothing to download
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    await within(viewer).findByText('3 / 12');
    expect(within(viewer).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(within(viewer).queryByText(/HD download/)).toBeNull();

    // bought, HD later: why there is no download yet
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    await within(viewer).findByText('4 / 12');
    expect(within(viewer).getByText('HD download available from June 1, 2099')).toBeTruthy();
    expect(within(viewer).queryByRole('link', { name: /Download/ })).toBeNull();
  });
});

describe('Download album', () => {
  it('confirms that the link comes by e-mail, starts the zip, shows its progress and then its link', async () => {
    await openAlbum();
    const section = await screen.findByRole('region', { name: 'Your purchased photos' }, { timeout: 5000 });
    // nothing asked yet: the server has no zip
    await waitFor(() => expect(zipCalls()).toEqual(['GET']));
    fireEvent.click(within(section).getByRole('button', { name: 'Download album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download the whole album' });
    expect(within(dialog).getByText(/send the download link to .+@/)).toBeTruthy();
    expect(zipCalls()).toEqual(['GET']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare the zip' }));

    expect(
      await within(section).findByText('We are preparing your zip; the link will be e-mailed to you.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Download the whole album' })).toBeNull();
    // the progress while it builds, then the link; the album stops asking once it is ready
    expect(
      await within(section).findByText('Preparing your zip: 1 of 2 files', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(within(section).getByRole('progressbar', { name: 'Progress of the zip' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download album' })).toHaveProperty('disabled', true);
    const ready = await within(section).findByRole('link', { name: 'Download the zip' }, { timeout: 8000 });
    expect(ready.getAttribute('href')).toBe(ZIP_URL);
    expect(within(section).queryByRole('progressbar')).toBeNull();
    const asked = zipCalls().length;
    expect(zipCalls().filter((m) => m === 'POST')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(zipCalls()).toHaveLength(asked);
  }, 20_000);

  it("shows the server's refusal while HD photos are not yet available", async () => {
    zipRefusal = {
      status: 400,
      body: { code: 'hd_not_available', message: 'HD photos not yet available, try in a few days.' },
    };
    await openAlbum();
    const section = await screen.findByRole('region', { name: 'Your purchased photos' }, { timeout: 5000 });
    fireEvent.click(within(section).getByRole('button', { name: 'Download album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download the whole album' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Prepare the zip' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'HD photos are not yet available, try again in a few days.',
    );
    expect(within(section).queryByRole('progressbar')).toBeNull();
  });

  it('is not offered while nothing of the album is bought', async () => {
    for (const media of album.state.media) Object.assign(media, { is_purchased: false, download_url: null });
    const list = await openAlbum();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    await waitFor(() =>
      expect(server.requests.some((r) => r.path.includes('/gallery_tree/0/tree/'))).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Download album' })).toBeNull();
    expect(zipCalls()).toEqual([]);
  });
});
