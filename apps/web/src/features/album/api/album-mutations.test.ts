import type { GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import { makePagination } from '@fotodrop/contract/pagination';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shared/api/query-client';
import type { MediaPage, MediaPages } from '../lib/media-pages';
import { useFavouritePending } from '../store/favourite-pending';
import { makeMedia, makeMediaList } from '../test/fake-album';
import { hideMedia, reloadAlbum, toggleFavourite } from './album-mutations';
import { albumKeys, type MediaList } from './album-queries';

const ALBUM = 41;
const OTHER_ALBUM = 42;
const tree = (favourites: number): GalleryTreeNode => ({
  id: 0,
  name: 'Album',
  num_media: 40,
  sub_gallery: [{ id: 5, name: 'Start', num_media: 20 }],
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
const mine: MediaList = { kind: 'gallery', gallery: 0, tab: 'buyable' };
const favourites: MediaList = { kind: 'gallery', gallery: 0, tab: 'favourite' };

const mineData = () => queryClient.getQueryData<MediaPages>(albumKeys.list(ALBUM, mine))!;
const favouritesKey = albumKeys.list(ALBUM, favourites, 1);
const favouriteCount = () =>
  queryClient
    .getQueryData<GalleryTreeNode>(albumKeys.tree(ALBUM, 0))
    ?.tabs.find((t) => t.type === 'favourite')?.count;
const mediaOf = (id: number) =>
  mineData()
    .pages.flatMap((p) => p.results)
    .find((m) => m.id === id);

/** An album with two loaded pages of my photos (infinite), its favourites (numbered) and its tree. */
function loaded() {
  queryClient.setQueryData<MediaPages>(albumKeys.list(ALBUM, mine), {
    pages: [pageOf(1), pageOf(2)],
    pageParams: [1, 2],
  });
  queryClient.setQueryData<MediaPage>(favouritesKey, {
    results: [makeMedia(1, { favorite: true })],
    pagination: makePagination(1, 1, 40),
  });
  queryClient.setQueryData(albumKeys.tree(ALBUM, 0), tree(1));
}

beforeEach(() => {
  queryClient.clear();
  loaded();
});

describe('favouriting (albums spec §4)', () => {
  it('add counts one more and sets the flag at once; once agreed the favourites are stale', async () => {
    const send = vi.fn(async (id: number, favorite: boolean) => ({ id, favorite }));
    const done = toggleFavourite(ALBUM, mediaOf(2)!, true, send);
    expect(favouriteCount()).toBe(2);
    expect(mediaOf(2)!.favorite).toBe(true);
    expect(useFavouritePending.getState().ids.has(2)).toBe(true);
    expect(await done).toBe(true);
    expect(send).toHaveBeenCalledWith(2, true);
    expect(favouriteCount()).toBe(2);
    expect(queryClient.getQueryState(favouritesKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(albumKeys.list(ALBUM, mine))?.isInvalidated).toBe(false);
    expect(useFavouritePending.getState().ids.size).toBe(0);
  });

  it('remove counts one less, never below 0', async () => {
    queryClient.setQueryData(albumKeys.tree(ALBUM, 0), tree(0));
    const send = async (id: number, favorite: boolean) => ({ id, favorite });
    expect(await toggleFavourite(ALBUM, makeMedia(1, { favorite: true }), false, send)).toBe(true);
    expect(favouriteCount()).toBe(0);
    expect(queryClient.getQueryData<MediaPage>(favouritesKey)!.results[0]!.favorite).toBe(false);
  });

  it('on failure nothing has changed and the result is false', async () => {
    const media = mediaOf(5)!;
    const failing = toggleFavourite(ALBUM, media, true, async () => {
      throw new Error('offline');
    });
    expect(favouriteCount()).toBe(2);
    expect(await failing).toBe(false);
    expect(favouriteCount()).toBe(1);
    expect(mediaOf(5)!.favorite).toBe(false);
    expect(queryClient.getQueryState(favouritesKey)?.isInvalidated).toBe(false);
    expect(useFavouritePending.getState().ids.size).toBe(0);
  });

  it('a failure undoes its own change only, keeping one another toggle made meanwhile', async () => {
    let refuse!: (error: Error) => void;
    const failing = toggleFavourite(
      ALBUM,
      mediaOf(5)!,
      true,
      () => new Promise((_, reject) => (refuse = reject)),
    );
    await toggleFavourite(ALBUM, mediaOf(6)!, true, async (id, favorite) => ({ id, favorite }));
    expect(favouriteCount()).toBe(3);
    refuse(new Error('offline'));
    expect(await failing).toBe(false);
    expect(favouriteCount()).toBe(2);
    expect([mediaOf(5)!.favorite, mediaOf(6)!.favorite]).toEqual([false, true]);
  });

  it("sets the flag in another album's lists too (a favourite belongs to the photo)", async () => {
    queryClient.setQueryData<MediaPage>(albumKeys.list(OTHER_ALBUM, { kind: 'all' }, 1), pageOf(1));
    await toggleFavourite(ALBUM, mediaOf(3)!, true, async (id, favorite) => ({ id, favorite }));
    const other = queryClient.getQueryData<MediaPage>(albumKeys.list(OTHER_ALBUM, { kind: 'all' }, 1))!;
    expect(other.results.find((m) => m.id === 3)!.favorite).toBe(true);
  });

  it('a second tap while the first is under way does nothing', async () => {
    const send = vi.fn(() => new Promise<{ id: number; favorite: boolean }>(() => {}));
    void toggleFavourite(ALBUM, mediaOf(2)!, true, send);
    expect(await toggleFavourite(ALBUM, mediaOf(2)!, false, send)).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    useFavouritePending.getState().remove(2);
  });
});

describe('hiding', () => {
  it('takes the photo out of every list and the counts once the server agreed', async () => {
    const media = makeMedia(1, { favorite: true, gallery_id: 5 });
    expect(await hideMedia(ALBUM, media, async () => Promise.reject(new Error('no')))).toBe(false);
    expect(mineData().pages[0]!.results[0]!.id).toBe(1);
    expect(await hideMedia(ALBUM, media, async (id) => ({ id, hidden: true as const }))).toBe(true);
    expect(mineData().pages[0]!.results[0]!.id).toBe(2);
    expect(mineData().pages.map((p) => p.pagination.total)).toEqual([119, 119]);
    expect(queryClient.getQueryData<MediaPage>(favouritesKey)!.results).toHaveLength(0);
    const after = queryClient.getQueryData<GalleryTreeNode>(albumKeys.tree(ALBUM, 0))!;
    expect([after.num_media, favouriteCount(), after.sub_gallery[0]!.num_media]).toEqual([39, 0, 19]);
  });
});

describe('new photos', () => {
  it("starts the album's lists again and marks its trees stale, leaving other albums alone", async () => {
    queryClient.setQueryData<MediaPage>(albumKeys.list(OTHER_ALBUM, { kind: 'all' }, 1), pageOf(1));
    await reloadAlbum(ALBUM);
    expect(queryClient.getQueryData(albumKeys.list(ALBUM, mine))).toBeUndefined();
    expect(queryClient.getQueryState(albumKeys.tree(ALBUM, 0))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(albumKeys.list(OTHER_ALBUM, { kind: 'all' }, 1))).toBeDefined();
  });
});
