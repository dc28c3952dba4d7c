import { makePagination } from '@fotodrop/contract/pagination';
import { describe, expect, it } from 'vitest';
import { makeMedia, makeMediaList } from '../test/fake-album';
import {
  ALL_PHOTOS_KEY,
  adjustTab,
  cacheKey,
  type MediaEntry,
  markFavouritesStale,
  mergePage,
  pageModeOf,
  parseCacheKey,
  removeFromEntries,
  setFavouriteFlag,
  shouldFetch,
  treeWithoutMedia,
} from './media-cache';

const page = (from: number, n: number, pageNumber: number, total = 100) => ({
  results: makeMediaList(n, from),
  pagination: makePagination(total, pageNumber, 40),
});
const entry = (overrides: Partial<MediaEntry> = {}): MediaEntry => ({
  ...mergePage(undefined, page(1, 40, 1), false),
  ...overrides,
});

describe('the media cache rules (albums spec §4)', () => {
  it('is keyed by gallery and tab', () => {
    expect(cacheKey(0, 'buyable')).toBe('0:buyable');
    expect(parseCacheKey('12:favourite')).toEqual({ galleryId: 12, tab: 'favourite' });
    expect(parseCacheKey(ALL_PHOTOS_KEY)).toBeNull();
  });

  it('reuses an entry unless it is absent, stale, for another page, or a page is appended', () => {
    expect(shouldFetch(undefined, 1, false)).toBe(true);
    expect(shouldFetch(entry(), 1, false)).toBe(false);
    expect(shouldFetch(entry({ stale: true }), 1, false)).toBe(true);
    expect(shouldFetch(entry(), 2, false)).toBe(true);
    expect(shouldFetch(entry(), 1, true)).toBe(true);
  });

  it('appends pages in infinite mode and replaces them in pagination mode', () => {
    expect(pageModeOf('infinite')).toBe('append');
    expect(pageModeOf('number')).toBe('replace');
    const appended = mergePage(entry(), page(41, 40, 2), true);
    expect(appended.results.map((m) => m.id)).toEqual(makeMediaList(80).map((m) => m.id));
    expect([appended.page, appended.stale]).toEqual([2, false]);
    const replaced = mergePage(entry(), page(41, 40, 2), false);
    expect(replaced.results[0]!.id).toBe(41);
    expect(replaced.results).toHaveLength(40);
    // a page seen twice adds nothing twice
    expect(mergePage(appended, page(41, 40, 2), true).results).toHaveLength(80);
  });

  it('marks only the favourites lists stale after a favourite change, and sets the flag everywhere', () => {
    const entries = {
      '0:buyable': entry(),
      '0:favourite': entry(),
      [ALL_PHOTOS_KEY]: entry(),
      '5:favourite': entry(),
    };
    const stale = markFavouritesStale(entries);
    expect(Object.fromEntries(Object.entries(stale).map(([k, e]) => [k, e.stale]))).toEqual({
      '0:buyable': false,
      '0:favourite': true,
      all: false,
      '5:favourite': true,
    });
    const flagged = setFavouriteFlag(entries, 3, true);
    expect(flagged['0:buyable']!.results[2]!.favorite).toBe(true);
    expect(flagged[ALL_PHOTOS_KEY]!.results[2]!.favorite).toBe(true);
    expect(flagged['0:buyable']!.results[3]).toBe(entries['0:buyable']!.results[3]);
    // an entry without the media stays the same object
    expect(setFavouriteFlag({ a: entry() }, 999, true).a).toBeDefined();
  });

  it('takes a hidden photo out of every list with one less in its total', () => {
    const out = removeFromEntries({ a: entry(), b: mergePage(undefined, page(200, 2, 1, 2), false) }, 3);
    expect(out.a!.results.some((m) => m.id === 3)).toBe(false);
    expect(out.a!.pagination.total).toBe(99);
    expect(out.b!.pagination.total).toBe(2);
  });

  it('never counts favourites below 0', () => {
    const tabs = [
      { type: 'buyable' as const, count: 3 },
      { type: 'favourite' as const, count: 0 },
    ];
    expect(adjustTab(tabs, 'favourite', -1)[1]!.count).toBe(0);
    expect(adjustTab(tabs, 'favourite', 1)[1]!.count).toBe(1);
    const tree = {
      id: 0,
      name: 'Album',
      num_media: 3,
      sub_gallery: [{ id: 5, name: 'Start', num_media: 2 }],
      tabs,
    };
    const after = treeWithoutMedia(tree, makeMedia(1, { favorite: true, gallery_id: 5 }));
    expect([
      after.num_media,
      after.sub_gallery[0]!.num_media,
      after.tabs[0]!.count,
      after.tabs[1]!.count,
    ]).toEqual([2, 1, 2, 0]);
  });
});
