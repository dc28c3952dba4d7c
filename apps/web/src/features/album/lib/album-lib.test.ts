import type { GroupedGalleries, GroupedGallery } from '@fotodrop/contract/api/galleries';
import {
  GALLERY_KINDS,
  LONG_TAP_MS,
  MAX_PLACEHOLDERS,
  SWIPE_TOLERANCE,
  TAP_TOLERANCE,
} from '@fotodrop/contract/constants';
import { makePagination } from '@fotodrop/contract/pagination';
import { describe, expect, it, vi } from 'vitest';
import { priceGroups, singlePrice } from '../../../shared/utils/price-groups';
import { makeMediaList, PRICE_ITEMS } from '../test/fake-album';
import { classifyGesture } from './gestures';
import {
  flattenGalleries,
  GROUPED_KINDS,
  isPlaceholder,
  placeholders,
  toGroupedSections,
  withLoadingPage,
  withPage,
} from './grouped';
import { countNewAllPhotos, countNewMedia, hasNewMedia, newMediaAction } from './new-media';
import { createNotificationScheduler } from './notifications';

const gallery = (id: number, media: number, overrides: Partial<GroupedGallery> = {}): GroupedGallery => ({
  id,
  name: `G${id}`,
  layout: 'h',
  media_count: media,
  price_list: [],
  refresh_time: null,
  medias: { results: makeMediaList(Math.min(media, 20), id * 100), pagination: makePagination(media, 1, 20) },
  sub_galleries: [],
  ...overrides,
});

describe('galleries by type (albums spec §3)', () => {
  it('keeps the contract order of gallery kinds', () => {
    expect(GROUPED_KINDS).toEqual(GALLERY_KINDS);
  });

  it('flattens sub-galleries and drops galleries with no media and no price items', () => {
    const answer: GroupedGalleries = {
      paid_galleries: [],
      unlocked_galleries: [
        gallery(1, 0, {
          sub_galleries: [gallery(2, 3, { sub_galleries: [gallery(3, 0, { price_list: PRICE_ITEMS })] })],
        }),
        gallery(4, 0),
      ],
      favorite_galleries: [],
    };
    expect(flattenGalleries(answer.unlocked_galleries).map((g) => g.id)).toEqual([1, 2, 3, 4]);
    const [paid, unlocked, favourite] = toGroupedSections(answer);
    expect(paid!.galleries).toEqual([]);
    expect(unlocked!.galleries.map((g) => g.id)).toEqual([2, 3]);
    expect(favourite!.kind).toBe('favorite_galleries');
  });

  it('creates up to 20 placeholders per gallery, never more than its media count', () => {
    expect(placeholders(1, 3)).toHaveLength(3);
    expect(placeholders(1, 500)).toHaveLength(MAX_PLACEHOLDERS);
    expect(placeholders(1, 500, 15)).toHaveLength(5);
    expect(placeholders(1, 0)).toHaveLength(0);
    const [, unlocked] = toGroupedSections({
      paid_galleries: [],
      unlocked_galleries: [
        gallery(1, 8, { medias: { results: makeMediaList(5), pagination: makePagination(8, 1, 20) } }),
      ],
      favorite_galleries: [],
    });
    expect(unlocked!.galleries[0]!.items.filter(isPlaceholder)).toHaveLength(3);
  });

  it('shows placeholders for the next page while it loads, then the media', () => {
    const sections = toGroupedSections({
      paid_galleries: [],
      unlocked_galleries: [gallery(1, 45)],
      favorite_galleries: [],
    });
    const loading = withLoadingPage(sections, 'unlocked_galleries', 1);
    expect(loading[1]!.galleries[0]!.items.filter(isPlaceholder)).toHaveLength(20);
    const next = { results: makeMediaList(20, 500), pagination: makePagination(45, 2, 20) };
    const done = withPage(loading, 'unlocked_galleries', 1, next);
    expect(done[1]!.galleries[0]!.items).toHaveLength(40);
    expect(done[1]!.galleries[0]!.items.some(isPlaceholder)).toBe(false);
    // a failed page takes the placeholders away again
    expect(withPage(loading, 'unlocked_galleries', 1, null)[1]!.galleries[0]!.items).toHaveLength(20);
  });
});

describe('the new-media check (albums spec §4)', () => {
  const tree = (main: number, subs: [number, number][]) => ({
    id: 0,
    name: 'Album',
    num_media: main,
    sub_gallery: subs.map(([id, n]) => ({ id, name: `G${id}`, num_media: n })),
    tabs: [],
  });

  it('compares the main gallery, existing sub-galleries and brand-new ones', () => {
    const count = countNewMedia(
      tree(10, [
        [1, 6],
        [2, 4],
      ]),
      tree(17, [
        [1, 6],
        [2, 6],
        [3, 5],
      ]),
    );
    expect(count).toEqual({ main: 7, galleries: { 2: 2, 3: 5 } });
    expect(hasNewMedia(count)).toBe(true);
    expect(hasNewMedia(countNewMedia(tree(10, [[1, 6]]), tree(9, [[1, 5]])))).toBe(false);
  });

  it('refreshes by itself when nothing was loaded, and asks otherwise', () => {
    expect(newMediaAction(true, true)).toBe('refresh');
    expect(newMediaAction(true, false)).toBe('popup');
    expect(newMediaAction(false, true)).toBe('none');
  });

  it('counts new all-photos as fresh total minus current total', () => {
    expect(countNewAllPhotos({ total: 40 }, { total: 46 })).toBe(6);
    expect(countNewAllPhotos({ total: 40 }, { total: 39 })).toBe(0);
  });
});

describe('scheduled notifications (albums spec §4)', () => {
  function clock() {
    let now = 1_000;
    const timers: { at: number; fn: () => void; done: boolean }[] = [];
    return {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => {
        const timer = { at: now + ms, fn, done: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer: unknown) => {
        (timer as { done: boolean }).done = true;
      },
      advance(ms: number) {
        now += ms;
        for (const t of timers)
          if (!t.done && t.at <= now) {
            t.done = true;
            t.fn();
          }
      },
    };
  }

  it('becomes ready after refreshTime seconds, merges a repeated schedule, ignores 0', async () => {
    const c = clock();
    const scheduler = createNotificationScheduler(c);
    const ready = vi.fn();
    scheduler.onReady(ready);
    scheduler.schedule(5, { a: 1 }, 0);
    expect(scheduler.get(5)).toBeUndefined();
    scheduler.schedule(5, { a: 1 }, 60);
    c.advance(30_000);
    scheduler.schedule(5, { b: 2 }, 600);
    expect(scheduler.get(5)).toMatchObject({ readyAt: 61_000, notificationData: { a: 1, b: 2 } });
    c.advance(30_000);
    await Promise.resolve();
    expect(ready).toHaveBeenCalledWith(
      expect.objectContaining({ galleryId: 5, notificationData: { a: 1, b: 2 } }),
    );
    expect(scheduler.get(5)).toBeUndefined();
  });

  it('runs every listener even when one fails, and removes the notification anyway', async () => {
    const c = clock();
    const scheduler = createNotificationScheduler(c);
    const second = vi.fn();
    scheduler.onReady(() => {
      throw new Error('listener failed');
    });
    scheduler.onReady(second);
    scheduler.schedule(1, {}, 1);
    c.advance(1000);
    await new Promise((r) => setTimeout(r, 0));
    expect(second).toHaveBeenCalledTimes(1);
    expect(scheduler.get(1)).toBeUndefined();
  });
});

describe('gestures on the viewer', () => {
  it('tells swipes (beyond 30 px), taps (within 10 px) and long taps (400 ms) apart', () => {
    expect(classifyGesture(-(SWIPE_TOLERANCE + 1), 5, 100)).toBe('next');
    expect(classifyGesture(SWIPE_TOLERANCE + 1, 5, 100)).toBe('previous');
    expect(classifyGesture(-SWIPE_TOLERANCE, 0, 100)).toBe('none');
    expect(classifyGesture(TAP_TOLERANCE / 2, 0, 100)).toBe('tap');
    expect(classifyGesture(3, 3, LONG_TAP_MS)).toBe('long-tap');
    expect(classifyGesture(5, 60, 100)).toBe('none');
  });
});

describe('price groups', () => {
  it('normalises photos and videos separately, with the range lists priced each', () => {
    const groups = priceGroups(
      [
        ...PRICE_ITEMS,
        {
          media_type: 'video',
          qty: 1,
          from_qty: null,
          to_qty: null,
          unit_price: '14.90',
          price: null,
          price_original: null,
        },
        {
          media_type: 'photo',
          qty: null,
          from_qty: 20,
          to_qty: null,
          unit_price: '3.50',
          price: null,
          price_original: null,
        },
      ],
      'EUR',
    );
    expect(
      groups.map((g) => [g.mediaType, g.perUnit, g.bundles.map((b) => [b.key, b.price, b.range])]),
    ).toEqual([
      [
        'photo',
        true,
        [
          ['1', 990, false],
          ['5', 2990, false],
          ['20+', 350, true],
        ],
      ],
      ['video', false, [['1', 1490, false]]],
    ]);
  });
});

describe('the price of one media alone', () => {
  const range = (from: number, to: number | null, unit: string) => ({
    media_type: 'photo' as const,
    qty: null,
    from_qty: from,
    to_qty: to,
    unit_price: unit,
    price: null,
    price_original: null,
  });

  it('is the single item of a bundle list, or the first range of a volume list', () => {
    // PRICE_ITEMS: one photo 9.90, five 29.90
    expect(singlePrice(PRICE_ITEMS, 'EUR', 'photo')).toBe(990);
    expect(singlePrice([range(20, null, '3.50'), range(1, 19, '4.90')], 'EUR', 'photo')).toBe(490);
  });

  it('is unknown for a type the list does not price, or does not sell one by one', () => {
    expect(singlePrice(PRICE_ITEMS, 'EUR', 'video')).toBeNull();
    expect(singlePrice([PRICE_ITEMS[1]!], 'EUR', 'photo')).toBeNull();
    expect(singlePrice([], 'EUR', 'photo')).toBeNull();
  });
});
