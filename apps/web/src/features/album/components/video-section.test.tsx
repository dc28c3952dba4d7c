import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
// the album screen around the section comes from the checkins feature; its fixture makes the album
import { makeCheckin } from '../../checkins/test/fixtures';
import { fakeAlbum } from '../test/fake-album';

let server: Awaited<ReturnType<typeof startTestServer>>;
let album: ReturnType<typeof fakeAlbum>;
const checkin = makeCheckin();

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
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openAlbum(path = '/checkins/K7M2Q9P') {
  renderApp(path);
  const photos = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
  await waitFor(() => expect(within(photos).getAllByRole('img').length).toBeGreaterThan(0));
  await waitFor(() => expect(server.requests.some((r) => r.path.includes('/medias/?type=video'))).toBe(true));
  return photos;
}

describe('the video clip section', () => {
  it("lists the album's videos above the photos and opens them in the viewer", async () => {
    album = fakeAlbum({ count: 30, videoIds: [4, 9, 17] });
    const photos = await openAlbum();
    const section = await screen.findByRole('region', { name: 'Video clips 3' });
    expect(
      server.requests.some((r) => r.path === '/api/v3/checkins/41/medias/?type=video&page=1&page_size=40'),
    ).toBe(true);
    const strip = within(section).getByRole('list', { name: 'Video clips' });
    const tiles = within(strip).getAllByRole('button', { name: /^Video \d of 3, 1 minute, 15 seconds$/ });
    expect(tiles.map((tile) => within(tile).getByRole('img').getAttribute('src'))).toEqual([
      'https://cdn.example/4/thumb',
      'https://cdn.example/9/thumb',
      'https://cdn.example/17/thumb',
    ]);
    // it comes before the photos
    expect(section.compareDocumentPosition(photos) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // the grid shows the videos among the photos too
    expect(within(photos).getByRole('button', { name: 'Video 4 of 30, 1 minute, 15 seconds' })).toBeTruthy();

    fireEvent.click(tiles[1]!);
    const viewer = await screen.findByRole('dialog', { name: 'Viewer' });
    expect(within(viewer).getByText('2 / 3')).toBeTruthy();
    expect(
      within(viewer).getByText('This video plays after you buy photos and videos, or videos.'),
    ).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText('3 / 3')).toBeTruthy();
  });

  it('is not there when the album has no videos', async () => {
    album = fakeAlbum({ count: 30 });
    await openAlbum();
    // the (empty) answer has arrived: still no section
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /^Video clips/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Video clips/ })).toBeNull();
  });

  it('is not asked for when the album says it has no videos', async () => {
    album = fakeAlbum({ count: 30 });
    const summary = checkin.photos_summary;
    checkin.photos_summary = { total: 30, photos: 30, videos: 0, purchased: 0, favourites: 0 };
    try {
      renderApp('/checkins/K7M2Q9P');
      const photos = await screen.findByRole('list', { name: 'My photos' }, { timeout: 5000 });
      await waitFor(() => expect(within(photos).getAllByRole('img').length).toBeGreaterThan(0));
      // what waits for the first photos (the tree) has been asked for: the videos were not
      await waitFor(() => expect(server.requests.some((r) => r.path.includes('/tree/'))).toBe(true));
      expect(server.requests.some((r) => r.path.includes('/medias/?type=video'))).toBe(false);
    } finally {
      checkin.photos_summary = summary;
    }
  });

  it('shows in the grouped view too', async () => {
    album = fakeAlbum({ count: 10, videoIds: [2] });
    renderApp('/checkins/K7M2Q9P?view=grouped');
    const section = await screen.findByRole('region', { name: 'Video clips 1' }, { timeout: 5000 });
    expect(within(section).getByRole('button', { name: 'Video 1 of 1, 1 minute, 15 seconds' })).toBeTruthy();
  });
});
