import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import type { Media, mediaEndpoints } from '@fotodrop/contract/api/media';
import { ALL_PHOTOS_PAGE_SIZE } from '@fotodrop/contract/constants';
import { mediaRoutes } from '@fotodrop/contract/routes';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';
import { queryClient } from '../../../shared/api/query-client';

/** The media calls as method and path (the schemas stay out of the print screens' chunk). */
const medias = endpointRoutes<typeof mediaEndpoints>(mediaRoutes);

/** Bought photos the chooser loads at a time ("Show more" loads the next ones). */
export const BOUGHT_PAGE_SIZE = ALL_PHOTOS_PAGE_SIZE;
/** Albums read at a time while walking them (the largest page GET /v3/checkins/ takes). */
const ALBUMS_PAGE_SIZE = 100;
/** Bought photos read at a time when the photobook looks for its own among them. */
const LOOKUP_PAGE_SIZE = 1000;

export const purchaseKeys = {
  all: ['print', 'bought'] as const,
  albums: (page: number) => ['print', 'bought', 'albums', page] as const,
  /** The chooser's pages (an infinite query). */
  pages: ['print', 'bought', 'pages'] as const,
  /** Which of these photos of an album are bought (the photobook's). */
  among: (checkinId: number, photoIds: readonly number[]) =>
    ['print', 'bought', 'among', checkinId, photoIds] as const,
};

/** GET /v3/checkins/: one page of the user's albums, newest first; kept briefly while walking them. */
export function fetchAlbums(page: number) {
  return queryClient.fetchQuery({
    queryKey: purchaseKeys.albums(page),
    // its own signal: a walk that is cancelled must not leave this shared entry failed
    queryFn: ({ signal }) =>
      callEndpoint(checkinEndpoints.listCheckins, { query: { page, page_size: ALBUMS_PAGE_SIZE }, signal }),
    staleTime: 60_000,
  });
}

/** GET /v3/medias/?purchased=true&type=photo&checkin_id=…: one page of an album's bought photos. */
export function fetchBoughtPhotos(checkinId: number, page: number, pageSize: number, signal?: AbortSignal) {
  return callEndpoint(medias.medias, {
    query: { purchased: 'true', type: 'photo', checkin_id: checkinId, page, page_size: pageSize },
    signal,
  });
}

/**
 * Which of `photoIds` (photos of one album) the user bought: the album's bought photos are read
 * page by page until every one of them is found or the list ends.
 */
export async function boughtAmong(checkinId: number, photoIds: readonly number[]): Promise<Set<number>> {
  const wanted = new Set(photoIds);
  const found = new Set<number>();
  for (let page = 1; ; page++) {
    const answer = await fetchBoughtPhotos(checkinId, page, LOOKUP_PAGE_SIZE);
    for (const media of answer.results) if (wanted.has(media.id)) found.add(media.id);
    if (found.size === wanted.size || answer.pagination.page_number >= answer.pagination.num_pages)
      return found;
  }
}

/** Where the walk over the user's albums and their bought photos stands. */
export interface BoughtCursor {
  albumsPage: number;
  /** The album's place in its page of albums. */
  index: number;
  /** The page of that album's bought photos to read. */
  page: number;
}

export const FIRST_BOUGHT: BoughtCursor = { albumsPage: 1, index: 0, page: 1 };

/** One page of bought photos, all of one album; `next` is null when nothing is left. */
export interface BoughtPage {
  album: { checkinId: number; title: string } | null;
  photos: Media[];
  next: BoughtCursor | null;
}

/**
 * The next page of bought photos from `cursor`: the albums newest first, each album's bought
 * photos page by page; albums without any are passed over, so a page is empty only at the end.
 * (The media list does not say which album a photo is of, so it is asked album by album.)
 */
export async function fetchBoughtPage(cursor: BoughtCursor, signal?: AbortSignal): Promise<BoughtPage> {
  let { albumsPage, index, page } = cursor;
  for (;;) {
    const albums = await fetchAlbums(albumsPage);
    const album = albums.results[index];
    if (!album) {
      if (albums.pagination.page_number >= albums.pagination.num_pages)
        return { album: null, photos: [], next: null };
      albumsPage += 1;
      index = 0;
      page = 1;
      continue;
    }
    const bought = await fetchBoughtPhotos(album.id, page, BOUGHT_PAGE_SIZE, signal);
    const more = bought.pagination.page_number < bought.pagination.num_pages;
    const lastAlbum =
      index + 1 >= albums.results.length && albums.pagination.page_number >= albums.pagination.num_pages;
    const next = more
      ? { albumsPage, index, page: page + 1 }
      : lastAlbum
        ? null
        : { albumsPage, index: index + 1, page: 1 };
    if (bought.results.length > 0) {
      const title = album.event_name || album.picacode;
      return { album: { checkinId: album.id, title }, photos: bought.results, next };
    }
    if (!next) return { album: null, photos: [], next: null };
    ({ albumsPage, index, page } = next);
  }
}
