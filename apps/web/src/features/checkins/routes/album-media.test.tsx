import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { NEW_MEDIA_CHECK_MS } from '../../album/lib/new-media';
import { fakeAlbum, makeMediaList } from '../../album/test/fake-album';
import { makeCheckin } from '../test/fixtures';

/** One turn of the event loop: what the query cache changed is on screen, no answer has arrived. */
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

let server: Awaited<ReturnType<typeof startTestServer>>;
let album: ReturnType<typeof fakeAlbum>;
let checkin: Checkin;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => {
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.method === 'GET' && req.path.startsWith(`/api/v3/checkins/by-code/${checkin.picacode}/`))
      return { status: 200, body: checkin };
    return album.handler(req);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  useAppStore.getState().setAuth('k1');
  album = fakeAlbum();
  checkin = makeCheckin();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const requested = (part: string) => server.requests.some((r: RecordedRequest) => r.path.includes(part));
const waitForRequest = (part: string) => waitFor(() => expect(requested(part)).toBe(true));

async function openAlbum(path = '/checkins/K7M2Q9P') {
  const router = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' }, { timeout: 5000 });
  return router;
}

/** The photo grid of a tab, once its first page is there. */
async function grid(name = 'My photos') {
  const list = await screen.findByRole('list', { name }, { timeout: 5000 });
  await waitFor(() => expect(within(list).getAllByRole('img').length).toBeGreaterThan(0));
  return list;
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('the album media', () => {
  it('shows my photos with the tree counts, and each tab and filter fetches its own list', async () => {
    const router = await openAlbum();
    const list = await grid();
    await waitForRequest('/api/v3/checkins/41/gallery_tree/0/tree/');
    await waitFor(() => expect(tab(/^My photos/).textContent).toBe('My photos 60'));
    expect(tab(/^Favourites/).textContent).toBe('Favourites 2');
    expect(tab(/^My photos/).getAttribute('aria-selected')).toBe('true');
    expect(requested('/api/v3/checkins/41/gallery_tree/0/media/?page=1&page_size=40&extras=true')).toBe(true);
    const first = within(list).getAllByRole('img')[0]!;
    expect(first.getAttribute('alt')).toBe('Photo 1 of 60');
    // the first screen's photos load at once, first in line; the rest as they come near
    expect([first.getAttribute('loading'), first.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    // the first two rows (3–8 columns) are eager, every later tile lazy
    const loading = within(list)
      .getAllByRole('img')
      .map((img) => img.getAttribute('loading'));
    const eager = loading.filter((l) => l === 'eager').length;
    expect(eager).toBeGreaterThanOrEqual(6);
    expect(eager).toBeLessThanOrEqual(16);
    expect(loading.slice(eager).every((l) => l === 'lazy')).toBe(true);
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['1600', '1067']);
    // the sub-galleries of the tree, with their counts
    const galleries = screen.getByRole('navigation', { name: 'Galleries' });
    expect(within(galleries).getByRole('link', { name: 'Start 30' }).getAttribute('href')).toBe(
      '/checkins/K7M2Q9P/gallery_tree/5',
    );
    // the price list of the gallery, behind "Prices" so the photos come first
    expect(screen.queryByRole('region', { name: 'Prices' })).toBeNull();
    // the prices arrive after the first photos
    fireEvent.click(await screen.findByRole('button', { name: 'Prices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prices' });
    const prices = within(dialog).getByRole('region', { name: 'Prices' });
    expect(prices.textContent).toContain('5 pictures');
    expect(prices.textContent).toContain('Original price: €49.50');
    expect(prices.textContent).toContain('€29.90');
    expect(within(prices).getByText('Prices include VAT.')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Prices' })).toBeNull());

    fireEvent.click(tab(/^All photos/));
    await grid('All photos');
    expect(requested('/api/v3/checkins/41/all-medias/?page=1&page_size=40')).toBe(true);
    expect(here(router)).toBe('/checkins/K7M2Q9P?tab=all');
    await waitFor(() => expect(tab(/^All photos/).textContent).toBe('All photos 60'));

    fireEvent.click(tab(/^Favourites/));
    const favourites = await grid('Favourites');
    expect(requested('gallery_tree/0/media/?tab=favourite&page=1')).toBe(true);
    expect(within(favourites).getAllByRole('img')).toHaveLength(2);

    fireEvent.click(tab(/^My photos/));
    fireEvent.click(await screen.findByRole('button', { name: 'Purchased 0' }));
    expect(await screen.findByText('You have not purchased any photos from this album yet.')).toBeTruthy();
    expect(requested('gallery_tree/0/media/?tab=bought&page=1')).toBe(true);
    expect(here(router)).toBe('/checkins/K7M2Q9P?filter=bought');
    expect(screen.getByRole('button', { name: 'Purchased 0' }).getAttribute('aria-pressed')).toBe('true');
  }, 15_000);

  it('shows the first page that came with the album lookup, without asking for it again (issue 20)', async () => {
    const page = album.handler({
      method: 'GET',
      path: '/api/v3/checkins/41/gallery_tree/0/media/?page=1&page_size=40&extras=true',
      headers: {},
      body: '',
    });
    checkin = { ...makeCheckin(), first_page: page?.body } as Checkin;
    await openAlbum();
    const list = await grid();
    expect(within(list).getAllByRole('img')[0]!.getAttribute('alt')).toBe('Photo 1 of 60');
    await waitFor(() => expect(tab(/^My photos/).textContent).toBe('My photos 60'));
    expect(requested('/api/v3/checkins/by-code/K7M2Q9P/?')).toBe(true);
    expect(server.requests.find((r) => r.path.includes('by-code'))!.path).toContain(
      'include_first_page=true',
    );
    expect(requested('gallery_tree/0/media/')).toBe(false);
  });

  it('moves between tabs with the arrow keys', async () => {
    await openAlbum();
    await grid();
    fireEvent.keyDown(tab(/^My photos/), { key: 'ArrowRight' });
    await waitFor(() => expect(tab(/^All photos/).getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tab(/^All photos/));
    expect(tab(/^All photos/).tabIndex).toBe(0);
    expect(tab(/^My photos/).tabIndex).toBe(-1);
    fireEvent.keyDown(tab(/^All photos/), { key: 'End' });
    await waitFor(() => expect(tab(/^Favourites/).getAttribute('aria-selected')).toBe('true'));
  });

  it('counts a favourite at once, and undoes it when the server refuses', async () => {
    await openAlbum();
    const list = await grid();
    await waitFor(() => expect(tab(/^Favourites/).textContent).toBe('Favourites 2'));
    // photos 1 and 2 are favourites already
    expect(within(list).getAllByRole('button', { name: 'Remove from favourites' })).toHaveLength(2);

    fireEvent.click(within(list).getAllByRole('button', { name: 'Add to favourites' })[0]!);
    // before the server has answered (the cache tells the screen on its next tick)
    await nextTick();
    expect(tab(/^Favourites/).textContent).toBe('Favourites 3');
    expect(within(list).getAllByRole('button', { name: 'Remove from favourites' })).toHaveLength(3);
    await waitForRequest('/api/v3/medias/3/add-favorite/');

    album.state.fail.add('favourite');
    // the refusal may come back within a tick: every count the tab showed is recorded
    const seen: string[] = [];
    const favouritesTab = tab(/^Favourites/);
    const watch = new MutationObserver(() => seen.push(favouritesTab.textContent ?? ''));
    watch.observe(favouritesTab, { subtree: true, childList: true, characterData: true });
    fireEvent.click(within(list).getAllByRole('button', { name: 'Add to favourites' })[0]!);
    expect(await screen.findByText('Your favourite could not be saved. Please try again.')).toBeTruthy();
    watch.disconnect();
    expect(seen[0]).toBe('Favourites 4');
    expect(tab(/^Favourites/).textContent).toBe('Favourites 3');
    expect(within(list).getAllByRole('button', { name: 'Remove from favourites' })).toHaveLength(3);

    album.state.fail.delete('favourite');
    fireEvent.click(within(list).getAllByRole('button', { name: 'Remove from favourites' })[0]!);
    await nextTick();
    expect(tab(/^Favourites/).textContent).toBe('Favourites 2');
    await waitForRequest('/api/v3/medias/1/remove-favorite/');

    // the favourites list was marked stale: opening it loads it again
    server.requests.length = 0;
    fireEvent.click(tab(/^Favourites/));
    const favourites = await grid('Favourites');
    await waitForRequest('tab=favourite');
    await waitFor(() =>
      expect(
        within(favourites)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual(['https://cdn.example/2/thumb', 'https://cdn.example/3/thumb']),
    );
  });

  it('opens a photo large and moves with the keyboard, then gives the focus back to its tile', async () => {
    await openAlbum();
    const list = await grid();
    fireEvent.click(within(list).getByRole('button', { name: 'Photo 1 of 60' }));
    const viewer = await screen.findByRole('dialog', { name: 'Viewer' });
    expect(document.activeElement).toBe(viewer);
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('https://cdn.example/1/preview');
    expect(within(viewer).getByText(/^Taken on May 10, 2026/)).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Photo 2 of 60');
    expect(within(viewer).getByText('2 / 60')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Next' }));
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Photo 3 of 60');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Photo 2 of 60');

    // Tab stays inside the viewer
    const close = within(viewer).getByRole('button', { name: 'Close' });
    const last = within(viewer).getByRole('button', { name: 'Next' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(viewer.contains(document.activeElement)).toBe(true);

    // a long tap shows the photo's details
    const stage = viewer.querySelector('.lightbox-stage')!;
    fireEvent.pointerDown(stage, { clientX: 100, clientY: 100, pointerType: 'touch' });
    await waitFor(() => expect(within(viewer).getByText('1600 by 1067 pixels')).toBeTruthy());
    fireEvent.pointerUp(stage, { clientX: 102, clientY: 101, pointerType: 'touch' });
    // a swipe to the left goes to the next photo
    fireEvent.pointerDown(stage, { clientX: 200, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { clientX: 150, clientY: 104, pointerType: 'touch' });
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Photo 3 of 60');

    expect(close).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Viewer' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.getAttribute('data-media-index')).toBe('2'));
  });

  it("queues the album's metrics: viewer opened and each photo viewed, the banner seen and clicked, time in album", async () => {
    const queued = () =>
      (JSON.parse(localStorage.getItem('metric_queue') ?? '[]') as Record<string, unknown>[]).map(
        ({ type, event_id, album_id, media_id, media_type, banner_id }) => ({
          type,
          event_id,
          album_id,
          media_id,
          media_type,
          banner_id,
        }),
      );
    checkin = makeCheckin({
      banner: {
        id: 7,
        image_url: 'https://cdn.example/banner.jpg',
        link_url: 'https://shop.example',
        position: 't',
      },
    });
    const ids = { event_id: checkin.event.id, album_id: checkin.id };
    await openAlbum();
    const list = await grid();
    const banner = { ...ids, media_id: undefined, media_type: undefined, banner_id: 7 };
    await waitFor(() => expect(queued()).toContainEqual({ type: 'banner_viewed', ...banner }));
    fireEvent.click(within(list).getByRole('button', { name: 'Photo 1 of 60' }));
    const viewer = await screen.findByRole('dialog', { name: 'Viewer' });
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    const photo = (n: number) => ({ ...ids, media_id: n, media_type: 'p', banner_id: undefined });
    await waitFor(() =>
      expect(queued().filter((m) => String(m.type).startsWith('media_'))).toEqual([
        { type: 'media_opened', ...photo(1) },
        { type: 'media_viewed', ...photo(1) },
        { type: 'media_viewed', ...photo(2) },
      ]),
    );
    fireEvent.keyDown(viewer, { key: 'Escape' });
    fireEvent.click(screen.getByRole('link', { name: /Announcement from/ }));
    expect(queued()).toContainEqual({ type: 'banner_clicked', ...banner });
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 95_000);
    cleanup();
    const time = (JSON.parse(localStorage.getItem('metric_queue') ?? '[]') as Record<string, unknown>[]).find(
      (m) => m.type === 'time_in_album',
    );
    expect(time).toMatchObject({ ...ids, platform: 's' });
    expect(Number(time?.time_in_seconds)).toBeGreaterThanOrEqual(95);
  });

  it('queues "anonymized viewed" once when an album in anonymous mode is opened', async () => {
    checkin = makeCheckin({ anonymization: { state: 'on', kind: 'blur' } });
    await openAlbum();
    await grid();
    const types = () =>
      (
        JSON.parse(localStorage.getItem('metric_queue') ?? '[]') as { type: string; event_id: number }[]
      ).filter((m) => m.type === 'anonymized_viewed');
    await waitFor(() => expect(types()).toEqual([expect.objectContaining({ event_id: checkin.event.id })]));
  });

  it('removes a photo after the confirmation: it leaves the lists and the counts', async () => {
    await openAlbum();
    const list = await grid();
    await waitFor(() => expect(tab(/^My photos/).textContent).toBe('My photos 60'));
    fireEvent.click(within(list).getByRole('button', { name: 'Photo 1 of 60' }));
    const viewer = await screen.findByRole('dialog', { name: 'Viewer' });
    fireEvent.click(within(viewer).getByRole('button', { name: 'Remove photo' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove this photo?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));

    album.state.fail.add('hide');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove photo' }));
    expect(
      await within(confirm).findByText('The selected photo could not be removed. Please try again.'),
    ).toBeTruthy();
    expect(tab(/^My photos/).textContent).toBe('My photos 60');

    album.state.fail.delete('hide');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove this photo?' })).toBeNull());
    expect(requested('/api/v3/medias/1/hide/')).toBe(true);
    // the viewer shows the next photo; the counts are one less
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('https://cdn.example/2/preview');
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Photo 1 of 59');
    expect(tab(/^My photos/).textContent).toBe('My photos 59');
    // photo 1 was a favourite
    expect(tab(/^Favourites/).textContent).toBe('Favourites 1');
    expect(screen.getByText('The photo has been removed.')).toBeTruthy();

    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    const first = within(list).getAllByRole('img')[0]!;
    expect(first.getAttribute('src')).toBe('https://cdn.example/2/thumb');
    expect(first.getAttribute('alt')).toBe('Photo 1 of 59');
  });

  it('appends pages with "load more" (counter_type infinite)', async () => {
    album = fakeAlbum({ count: 100 });
    await openAlbum();
    const list = await grid();
    expect(list.querySelector('[role="listitem"]')?.getAttribute('aria-setsize')).toBe('100');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitForRequest('media/?page=2&page_size=40');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Load more' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitForRequest('media/?page=3&page_size=40');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(requested('media/?page=4')).toBe(false);
  });

  it('replaces the page with numbered pages (counter_type number)', async () => {
    album = fakeAlbum({ count: 100 });
    checkin = makeCheckin({ counter_type: 'number' });
    await openAlbum();
    const list = await grid();
    const pager = screen.getByRole('navigation', { name: 'Page navigation' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(pager).getByText('Page 2 of 3')).toBeTruthy());
    expect(requested('media/?page=2&page_size=40')).toBe(true);
    await waitFor(() =>
      expect(within(list).getAllByRole('img')[0]!.getAttribute('alt')).toBe('Photo 41 of 100'),
    );
    expect(within(list).queryByRole('img', { name: 'Photo 1 of 100' })).toBeNull();
  });

  it('opens a sub-gallery with its own tabs and a way back', async () => {
    const router = await openAlbum();
    await grid();
    fireEvent.click(await screen.findByRole('link', { name: 'Start 30' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Start' }, { timeout: 5000 })).toBeTruthy();
    expect(here(router)).toBe('/checkins/K7M2Q9P/gallery_tree/5');
    await grid();
    expect(requested('/api/v3/checkins/41/gallery_tree/5/tree/')).toBe(true);
    expect(requested('/api/v3/checkins/41/gallery_tree/5/media/?page=1')).toBe(true);
    expect(requested('/api/v3/checkins/41/gallery_tree/5/price_list/')).toBe(true);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['My photos 30', 'Favourites 1']);
    fireEvent.click(screen.getByRole('link', { name: 'Back to Alpine Marathon 2026' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpine Marathon 2026' })).toBeTruthy();
    expect(here(router)).toBe('/checkins/K7M2Q9P');
  });

  it('shows the welcome popup once per photo service, the fixed one until dismissed, and the banner', async () => {
    checkin = makeCheckin({
      popup: {
        welcome: { active: true, title: 'Hello runners', text: 'Your photos are here.' },
        fixed: { active: true, title: null, text: 'Prints ship in two days.' },
      },
      banner: {
        id: 7,
        image_url: 'https://cdn.example/banner.jpg',
        link_url: 'https://shop.example',
        position: 'b',
      },
    });
    await openAlbum();
    const welcome = await screen.findByRole('dialog', { name: 'Hello runners' });
    expect(within(welcome).getByText('Your photos are here.')).toBeTruthy();
    // the fixed popup waits for the welcome popup
    expect(screen.queryByRole('complementary', { name: 'Please note' })).toBeNull();
    fireEvent.click(within(welcome).getByRole('button', { name: 'Got it' }));
    expect(JSON.parse(localStorage.getItem('popups_viewed') ?? 'null')).toEqual({ welcome: [3], fixed: [] });

    const fixed = await screen.findByRole('complementary', { name: 'Please note' });
    expect(within(fixed).getByText('Prints ship in two days.')).toBeTruthy();
    const banner = screen.getByRole('link', { name: 'Announcement from Alpine Photo (opens in a new tab)' });
    expect(banner.getAttribute('href')).toBe('https://shop.example');
    fireEvent.click(within(fixed).getByRole('button', { name: 'Dismiss the message' }));
    expect(screen.queryByRole('complementary', { name: 'Please note' })).toBeNull();
    cleanup();

    // next visit in this session: neither popup again
    await openAlbum();
    await grid();
    expect(screen.queryByRole('dialog', { name: 'Hello runners' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Please note' })).toBeNull();
  });

  it('shows the galleries grouped, with placeholders while more photos load', async () => {
    await openAlbum('/checkins/K7M2Q9P?view=grouped');
    const unlocked = await screen.findByRole('region', { name: 'Your galleries' }, { timeout: 5000 });
    const start = within(unlocked).getByRole('article', { name: 'Start 30' });
    expect(within(start).getAllByRole('img')).toHaveLength(20);
    expect(within(start).getByRole('link', { name: 'Open Start' }).getAttribute('href')).toBe(
      '/checkins/K7M2Q9P/gallery_tree/5',
    );
    const favourites = screen.getByRole('region', { name: 'Favourites' });
    // photo 1 (Start) and 2 (Finish) are favourites
    expect(within(favourites).getAllByRole('img')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'By gallery' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(start).getByRole('button', { name: 'Show more – Start' }));
    await nextTick();
    // 10 more to come: 10 placeholders until they are there
    expect(start.querySelectorAll('.is-placeholder')).toHaveLength(10);
    await waitFor(() => expect(within(start).getAllByRole('img')).toHaveLength(30));
    expect(start.querySelectorAll('.is-placeholder')).toHaveLength(0);
    expect(requested('/api/v3/checkins/41/galleries/5/medias/?page=2&page_size=20')).toBe(true);
    expect(within(start).queryByRole('button', { name: 'Show more – Start' })).toBeNull();

    // favouriting from the grouped view counts too
    fireEvent.click(within(start).getAllByRole('button', { name: 'Add to favourites' })[0]!);
    await waitForRequest('/add-favorite/');
  });

  it('offers the new photos the minute check found, and loads them', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await openAlbum();
    await grid();
    await waitFor(() => expect(tab(/^My photos/).textContent).toBe('My photos 60'));
    // the check compares with the tree, which comes after the first photos (its sub-galleries show)
    await screen.findByRole('link', { name: 'Start 30' });
    vi.advanceTimersByTime(NEW_MEDIA_CHECK_MS);
    // vi.waitFor polls with real timers (testing-library's interval is faked here)
    await vi.waitFor(() =>
      expect(server.requests.filter((r) => r.path.endsWith('/gallery_tree/0/tree/'))).toHaveLength(2),
    );
    expect(screen.queryByRole('complementary', { name: 'New photos' })).toBeNull();

    album.state.media.push(...makeMediaList(3, 61).map((m) => ({ ...m, gallery_id: 5 })));
    vi.advanceTimersByTime(NEW_MEDIA_CHECK_MS);
    const notice = await screen.findByRole('complementary', { name: 'New photos' });
    expect(within(notice).getByText('New photos have arrived in your album.')).toBeTruthy();
    // nothing changes until the user asks
    expect(tab(/^My photos/).textContent).toBe('My photos 60');
    fireEvent.click(within(notice).getByRole('button', { name: 'Show new photos' }));
    await waitFor(() => expect(tab(/^My photos/).textContent).toBe('My photos 63'));
    expect(screen.queryByRole('complementary', { name: 'New photos' })).toBeNull();
  });

  it('refreshes the grouped view by itself when new photos come and nothing was loaded yet', async () => {
    album = fakeAlbum({ count: 0, favourites: 0, prices: false });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await openAlbum('/checkins/K7M2Q9P?view=grouped');
    expect(
      await screen.findByText('There are no galleries to show yet.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitForRequest('/api/v3/checkins/41/gallery_tree/0/tree/');

    album.state.media.push(...makeMediaList(4).map((m) => ({ ...m, gallery_id: 5 })));
    vi.advanceTimersByTime(NEW_MEDIA_CHECK_MS);
    const unlocked = await screen.findByRole('region', { name: 'Your galleries' });
    expect(within(unlocked).getByRole('article', { name: 'Start 4' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'New photos' })).toBeNull();
  });
});
