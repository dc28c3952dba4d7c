import type {
  GalleryTreeNode,
  GroupedGallery,
  PackageOffer,
  PriceListItem,
} from '@fotodrop/contract/api/galleries';
import type { Media } from '@fotodrop/contract/api/media';
import { makePagination } from '@fotodrop/contract/pagination';
import type { RecordedRequest } from '../../../test/http-server';

/** A media item as the API sends it; overrides in one line. */
export function makeMedia(id: number, overrides: Partial<Media> = {}): Media {
  return {
    id,
    type: 'photo',
    quality: 'SD',
    favorite: false,
    is_purchased: false,
    gallery_id: 5,
    thumbnail_url: `https://cdn.example/${id}/thumb`,
    preview_url: `https://cdn.example/${id}/preview`,
    download_url: null,
    share_hash: `share-hash-${id}`,
    video_url: null,
    width: 1600,
    height: 1067,
    duration_seconds: null,
    taken_at: '2026-05-10T08:00:00Z',
    ...overrides,
  };
}

export function makeMediaList(count: number, from = 1): Media[] {
  return Array.from({ length: count }, (_, i) => makeMedia(from + i));
}

export const PRICE_ITEMS: PriceListItem[] = [
  {
    media_type: 'photo',
    qty: 1,
    from_qty: null,
    to_qty: null,
    unit_price: null,
    price: '9.90',
    price_original: null,
  },
  {
    media_type: 'photo',
    qty: 5,
    from_qty: null,
    to_qty: null,
    unit_price: null,
    price: '29.90',
    price_original: '49.50',
  },
];

type Answer = { status: number; body?: unknown } | undefined;

/** A video of 1:15 as the API sends it; with `video_url` when the user may play it. */
export function makeVideo(id: number, overrides: Partial<Media> = {}): Media {
  return makeMedia(id, { type: 'video', duration_seconds: 75, width: 1920, height: 1080, ...overrides });
}

/**
 * A small in-memory album server for route tests: check-in 41 with `count` photos (ids 1…count;
 * the first `favourites` are favourites; those in `videoIds` are videos) in galleries 5 "Start"
 * (odd ids) and 6 "Finish" (even ids); favourites and hiding change its state; `fail` makes the
 * named calls answer 500.
 */
export function fakeAlbum({
  checkinId = 41,
  count = 60,
  favourites = 2,
  allCount,
  prices = true,
  packages = [],
  videoIds = [],
  splitPurchased = false,
}: {
  checkinId?: number;
  count?: number;
  favourites?: number;
  /** Media of the all-photos tab (the whole event), default `count`. */
  allCount?: number;
  /** false: the galleries have no price list. */
  prices?: boolean;
  /** Whole-album packages the price list offers. */
  packages?: PackageOffer[];
  videoIds?: readonly number[];
  /**
   * The "not purchased" / "purchased" tabs hold the unbought / bought media as the server's do;
   * off, every media is "not purchased" (tests that mark a photo bought in place keep finding it).
   */
  splitPurchased?: boolean;
} = {}) {
  const media = makeMediaList(count).map((m) => ({
    ...(videoIds.includes(m.id) ? makeVideo(m.id) : m),
    favorite: m.id <= favourites,
    gallery_id: m.id % 2 ? 5 : 6,
  }));
  const state = {
    media,
    hidden: new Set<number>(),
    fail: new Set<'favourite' | 'hide' | 'tree' | 'videos'>(),
  };
  const galleries = [
    { id: 5, name: 'Start' },
    { id: 6, name: 'Finish' },
  ];
  const visible = (galleryId: number) =>
    state.media.filter((m) => !state.hidden.has(m.id) && (galleryId === 0 || m.gallery_id === galleryId));
  const bought = (m: Media) => splitPurchased && m.is_purchased;
  const tabs = (galleryId: number) => [
    { type: 'buyable' as const, count: visible(galleryId).filter((m) => !bought(m)).length },
    { type: 'bought' as const, count: visible(galleryId).filter(bought).length },
    { type: 'favourite' as const, count: visible(galleryId).filter((m) => m.favorite).length },
  ];
  const tree = (galleryId: number): GalleryTreeNode => ({
    id: galleryId,
    name: galleryId === 0 ? 'Alpine Marathon 2026' : (galleries.find((g) => g.id === galleryId)?.name ?? ''),
    num_media: visible(galleryId).length,
    sub_gallery: galleryId === 0 ? galleries.map((g) => ({ ...g, num_media: visible(g.id).length })) : [],
    tabs: tabs(galleryId),
  });
  const page = (items: Media[], url: URL) => {
    const number = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 40);
    return {
      results: items.slice((number - 1) * size, number * size),
      pagination: makePagination(items.length, number, size),
    };
  };
  const grouped = (favouritesOnly: boolean): GroupedGallery[] =>
    galleries.map((g) => {
      const items = visible(g.id).filter((m) => !favouritesOnly || m.favorite);
      return {
        ...g,
        layout: 'h' as const,
        media_count: items.length,
        price_list: prices ? PRICE_ITEMS : [],
        refresh_time: null,
        medias: { results: items.slice(0, 20), pagination: makePagination(items.length, 1, 20) },
        sub_galleries: [],
      };
    });

  const base = `/api/v3/checkins/${checkinId}/`;
  function handler(req: RecordedRequest): Answer {
    const url = new URL(req.path, 'http://test');
    const path = url.pathname;
    let match = /^\/api\/v3\/medias\/(\d+)\/(add-favorite|remove-favorite|hide)\/$/.exec(path);
    if (match && req.method === 'POST') {
      const item = state.media.find((m) => m.id === Number(match![1]));
      if (!item) return { status: 404, body: { code: 'not_found', message: 'Not found.' } };
      if (match[2] === 'hide') {
        if (state.fail.has('hide')) return { status: 500, body: { code: 'server_error', message: 'Boom.' } };
        state.hidden.add(item.id);
        return { status: 200, body: { id: item.id, hidden: true } };
      }
      if (state.fail.has('favourite'))
        return { status: 500, body: { code: 'server_error', message: 'Boom.' } };
      item.favorite = match[2] === 'add-favorite';
      return { status: 200, body: { id: item.id, favorite: item.favorite } };
    }
    if (req.method !== 'GET' || !path.startsWith(base)) return undefined;
    const rest = path.slice(base.length);
    match = /^gallery_tree\/(\d+)\/(tree|media|price_list)\/$/.exec(rest);
    if (match) {
      const galleryId = Number(match[1]);
      if (galleryId !== 0 && !galleries.some((g) => g.id === galleryId))
        return { status: 404, body: { code: 'not_found', message: 'Gallery not found.' } };
      if (match[2] === 'tree') {
        if (state.fail.has('tree')) return { status: 500, body: { code: 'server_error', message: 'Boom.' } };
        return { status: 200, body: tree(galleryId) };
      }
      if (match[2] === 'price_list')
        return { status: 200, body: { currency: 'EUR', items: prices ? PRICE_ITEMS : [], packages } };
      const tab = url.searchParams.get('tab');
      const items = visible(galleryId).filter((m) =>
        tab === 'bought' ? bought(m) : tab === 'favourite' ? m.favorite : !bought(m),
      );
      return { status: 200, body: { ...page(items, url), tabs: tabs(galleryId) } };
    }
    if (rest === 'medias/') {
      if (state.fail.has('videos')) return { status: 500, body: { code: 'server_error', message: 'Boom.' } };
      const type = url.searchParams.get('type');
      return {
        status: 200,
        body: page(
          visible(0).filter((m) => !type || m.type === type),
          url,
        ),
      };
    }
    if (rest === 'all-medias/') {
      const extra = makeMediaList(Math.max(0, (allCount ?? count) - count), 10_001);
      return { status: 200, body: page([...visible(0), ...extra], url) };
    }
    if (rest === 'galleries/')
      return {
        status: 200,
        body: { paid_galleries: [], unlocked_galleries: grouped(false), favorite_galleries: grouped(true) },
      };
    match = /^galleries\/(\d+)\/medias\/$/.exec(rest);
    if (match) return { status: 200, body: page(visible(Number(match[1])), url) };
    return undefined;
  }
  return { state, handler, tree };
}
