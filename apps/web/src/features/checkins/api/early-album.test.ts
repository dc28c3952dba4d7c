import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../shared/api/query-client';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { initTestI18n, resetApp } from '../../../test/setup';
import { makeMediaList } from '../../album/test/fake-album';
import { makeCheckin } from '../test/fixtures';
import { checkinByCodeQuery } from './checkin-queries';
import { startAlbumLookup, takeAlbumLookup } from './early-album';

let server: Awaited<ReturnType<typeof startTestServer>>;
const album = {
  ...makeCheckin(),
  first_page: {
    results: makeMediaList(8),
    pagination: { total: 8, num_pages: 1, page_size: 40, page_number: 1 },
  },
};

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) =>
    req.path.startsWith('/api/v3/checkins/by-code/K7M2Q9P/') ? { status: 200, body: album } : undefined,
  );
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  for (const link of document.head.querySelectorAll('link[rel=preload]')) link.remove();
});

const lookups = () => server.requests.filter((r) => r.path.startsWith('/api/v3/checkins/by-code/'));

describe('the album lookup of a page opened on the album (issue 20)', () => {
  it('starts at once for a logged-in user, with the first page, and its first photos start with the answer', async () => {
    useAppStore.getState().setAuth('k1');
    startAlbumLookup('/checkins/k7m2%20q9p');
    const answer = takeAlbumLookup('K7M2Q9P');
    expect(await answer).toEqual(album);
    expect(lookups().map((r) => r.path)).toEqual([
      '/api/v3/checkins/by-code/K7M2Q9P/?expand_pica_service=true&include_photos_summary=true&include_first_page=true',
    ]);
    const preloaded = [...document.head.querySelectorAll('link[rel=preload][as=image]')];
    expect(preloaded.map((l) => l.getAttribute('href'))).toEqual(
      album.first_page.results.slice(0, 6).map((m) => m.thumbnail_url),
    );
    // taken once: a later look at the album asks the server again
    expect(takeAlbumLookup('K7M2Q9P')).toBeNull();
  });

  it('is what the album screen query gets, without a second call', async () => {
    useAppStore.getState().setAuth('k1');
    startAlbumLookup('/checkins/K7M2Q9P');
    const checkin = await queryClient.fetchQuery(checkinByCodeQuery('K7M2Q9P'));
    expect(checkin).toMatchObject({ id: album.id, picacode: 'K7M2Q9P' });
    expect(checkin).not.toHaveProperty('first_page');
    expect(lookups()).toHaveLength(1);
  });

  it('asks nothing for a visitor, another page, or a path that holds no album code', async () => {
    for (const path of [
      '/checkins/K7M2Q9P',
      '/checkins',
      '/checkins/K7M2Q9P/gallery_tree/5',
      '/checkins/%E0%A4%A',
    ]) {
      if (path !== '/checkins/K7M2Q9P') useAppStore.getState().setAuth('k1');
      startAlbumLookup(path);
      expect(takeAlbumLookup('K7M2Q9P')).toBeNull();
    }
    startAlbumLookup('/checkins/x');
    expect(lookups()).toHaveLength(0);
  });
});
