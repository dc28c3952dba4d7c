import type { GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import { makePagination } from '@fotodrop/contract/pagination';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMedia, makeMediaList } from '../test/fake-album';
import {
  hideMedia,
  loadMedia,
  type MediaPage,
  resetAlbumStore,
  toggleFavourite,
  useAlbumStore,
} from './album-store';
import { ALL_PHOTOS_KEY, cacheKey } from './media-cache';

const tree = (favourites: number): GalleryTreeNode => ({
  id: 0,
  name: 'Album',
  num_media: 40,
  sub_gallery: [],
  tabs: [
    { type: 'buyable', count: 40 },
    { type: 'bought', count: 0 },
    { type: 'favourite', count: favourites },
  ],
});
const pageOf = (n: number): MediaPage => ({
  results: makeMediaList(40, (n - 1) * 40 + 1),
  pagination: makePagination(120, n, 40),
});
const store = () => useAlbumStore.getState();
const favouriteCount = () => store().tree?.tabs.find((t) => t.type === 'favourite')?.count;
const mine = cacheKey(0, 'buyable');
const favourites = cacheKey(0, 'favourite');

async function loaded() {
  store().setCheckin(41);
  store().setRootGallery(0);
  useAlbumStore.setState({ tree: tree(1) });
  const fetch = vi.fn(async (n: number) => pageOf(n));
  await loadMedia(mine, 1, 'replace', fetch);
  await loadMedia(favourites, 1, 'replace', async () => ({
    results: [makeMedia(1, { favorite: true })],
    pagination: makePagination(1, 1, 40),
  }));
  return fetch;
}

beforeEach(resetAlbumStore);

describe('check-in and root gallery switching', () => {
  it('another check-in clears root gallery, tree, media cache and price list', async () => {
    await loaded();
    useAlbumStore.setState({ priceList: { galleryId: 0, currency: 'EUR', items: [], packages: [] } });
    store().setCheckin(41);
    expect(store().media[mine]).toBeDefined();
    store().setCheckin(42);
    const s = store();
    expect([s.checkinId, s.rootGalleryId, s.tree, s.priceList, s.media]).toEqual([42, null, null, null, {}]);
  });

  it('another root gallery clears tree and price list, and the media only when the id differs', async () => {
    await loaded();
    store().setRootGallery(0);
    expect([store().tree, store().priceList]).toEqual([null, null]);
    expect(store().media[mine]).toBeDefined();
    store().setRootGallery(5);
    expect(store().media).toEqual({});
    store().setRootGallery(-3);
    expect(store().rootGalleryId).toBe(0);
    store().setRootGallery(null);
    expect(store().rootGalleryId).toBeNull();
  });
});

describe('loading media', () => {
  it('reuses the cache, and fetches when absent, stale, on another page or appending', async () => {
    const fetch = await loaded();
    expect(fetch).toHaveBeenCalledTimes(1);
    await loadMedia(mine, 1, 'replace', fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    await loadMedia(mine, 2, 'append', fetch);
    expect(fetch).toHaveBeenLastCalledWith(2);
    expect(store().media[mine]!.results).toHaveLength(80);
    await loadMedia(mine, 3, 'replace', fetch);
    expect(store().media[mine]!.results.map((m) => m.id)[0]).toBe(81);
    expect(store().media[mine]!.results).toHaveLength(40);
    useAlbumStore.setState((s) => ({ media: { ...s.media, [mine]: { ...s.media[mine]!, stale: true } } }));
    await loadMedia(mine, 3, 'replace', fetch);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('drops an answer that arrives after the check-in changed', async () => {
    store().setCheckin(41);
    store().setRootGallery(0);
    let resolve!: (page: MediaPage) => void;
    const pending = loadMedia(ALL_PHOTOS_KEY, 1, 'replace', () => new Promise((r) => (resolve = r)));
    store().setCheckin(42);
    resolve(pageOf(1));
    await pending;
    expect(store().media[ALL_PHOTOS_KEY]).toBeUndefined();
  });
});

describe('favouriting (albums spec §4)', () => {
  it('add counts one more, sets the flag and marks the favourites stale', async () => {
    await loaded();
    const send = vi.fn(async (id: number, favorite: boolean) => ({ id, favorite }));
    const done = toggleFavourite(store().media[mine]!.results[1]!, true, send);
    expect(favouriteCount()).toBe(2);
    expect(await done).toBe(true);
    expect(send).toHaveBeenCalledWith(2, true);
    expect(favouriteCount()).toBe(2);
    expect(store().media[mine]!.results[1]!.favorite).toBe(true);
    expect(store().media[favourites]!.stale).toBe(true);
    expect(store().media[mine]!.stale).toBe(false);
  });

  it('remove counts one less, never below 0', async () => {
    await loaded();
    useAlbumStore.setState({ tree: tree(0) });
    const send = async (id: number, favorite: boolean) => ({ id, favorite });
    expect(await toggleFavourite(makeMedia(1, { favorite: true }), false, send)).toBe(true);
    expect(favouriteCount()).toBe(0);
    expect(store().media[favourites]!.results[0]!.favorite).toBe(false);
  });

  it('on failure nothing has changed and the result is false', async () => {
    await loaded();
    const before = store().media;
    const media = before[mine]!.results[4]!;
    const failing = toggleFavourite(media, true, async () => {
      throw new Error('offline');
    });
    expect(favouriteCount()).toBe(2);
    expect(await failing).toBe(false);
    expect(favouriteCount()).toBe(1);
    expect(store().media[mine]!.results[4]!.favorite).toBe(false);
    expect(store().media[favourites]!.stale).toBe(false);
    expect(store().favouritePending).toEqual({});
  });
});

describe('hiding', () => {
  it('takes the photo out of every list and the counts once the server agreed', async () => {
    await loaded();
    const media = makeMedia(1, { favorite: true });
    expect(await hideMedia(media, async () => Promise.reject(new Error('no')))).toBe(false);
    expect(store().media[mine]!.results[0]!.id).toBe(1);
    expect(await hideMedia(media, async (id) => ({ id, hidden: true as const }))).toBe(true);
    expect(store().media[mine]!.results[0]!.id).toBe(2);
    expect(store().media[favourites]!.results).toHaveLength(0);
    expect([store().tree?.num_media, favouriteCount()]).toEqual([39, 0]);
  });
});
