import { makePagination } from '@fotodrop/contract/pagination';
import { describe, expect, it } from 'vitest';
import { makeMedia, makeMediaList } from '../test/fake-album';
import {
  countsOfTabs,
  type MediaPage,
  mapMediaList,
  mediaOfPages,
  pageModeOf,
  withFavourite,
  without,
} from './media-pages';

const pageOf = (n: number, total = 120): MediaPage => ({
  results: makeMediaList(40, (n - 1) * 40 + 1),
  pagination: makePagination(total, n, 40),
});

describe('media pages', () => {
  it('infinite lists append, numbered lists replace', () => {
    expect([pageModeOf('infinite'), pageModeOf('number')]).toEqual(['append', 'replace']);
  });

  it('lists the loaded pages in order, a media met twice (pages shifted) once', () => {
    const second = pageOf(2);
    const shifted = { ...second, results: [makeMedia(40), ...second.results.slice(1)] };
    const media = mediaOfPages([pageOf(1), shifted]);
    expect(media).toHaveLength(79);
    expect(media.map((m) => m.id).slice(38, 41)).toEqual([39, 40, 42]);
  });

  it('changes a media where it is and leaves untouched lists as they were', () => {
    const page = pageOf(1);
    expect(mapMediaList(page, withFavourite(99, true))).toBe(page);
    const changed = mapMediaList(page, withFavourite(3, true));
    expect(changed.results[2]!.favorite).toBe(true);
    expect(changed.results[1]).toBe(page.results[1]);
  });

  it('takes a media out: the list and every loaded page count one less', () => {
    const pages = { pages: [pageOf(1, 81), pageOf(2, 81)], pageParams: [1, 2] };
    const after = mapMediaList(pages, without(45));
    expect(after.pages[1]!.results.some((m) => m.id === 45)).toBe(false);
    expect(after.pages.map((p) => [p.pagination.total, p.pagination.num_pages])).toEqual([
      [80, 2],
      [80, 2],
    ]);
  });

  it("a media answer's tab counts stand for the tree: my photos are the buyable and the bought", () => {
    expect(
      countsOfTabs([
        { type: 'buyable', count: 12 },
        { type: 'bought', count: 3 },
        { type: 'favourite', count: 2 },
      ]).numMedia,
    ).toBe(15);
  });
});
