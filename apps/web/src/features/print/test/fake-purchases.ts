import type { CheckinListItem } from '@fotodrop/contract/api/checkin-schemas';
import { makePagination } from '@fotodrop/contract/pagination';
import type { RecordedRequest } from '../../../test/http-server';
import { cartMedia } from '../../cart/test/fake-cart';

type Answer = { status: number; body?: unknown } | undefined;

/** An album as GET /v3/checkins/ lists it. */
export function listedAlbum(id: number, eventName: string): CheckinListItem {
  return {
    id,
    picacode: `CODE${id}`,
    event_name: eventName,
    event_date: '2026-05-10',
    media_count: 60,
    photos: [],
    created_at: '2026-05-11T08:00:00Z',
  };
}

/**
 * The user's albums and what they bought earlier, as the server lists them: GET /v3/checkins/
 * (newest first, paged) and GET /v3/medias/ with `purchased`, `type` and `checkin_id` (paged;
 * bought photos come clean, `is_purchased`). `bought` maps an album to its bought photo ids;
 * `failMedias` refuses the media list (a 400: the client retries a GET after server errors).
 */
export function fakePurchases({
  albums = [],
  bought = {},
}: {
  albums?: CheckinListItem[];
  bought?: Record<number, number[]>;
} = {}) {
  const state = { albums, bought, failMedias: false };
  const paged = <T>(items: T[], url: URL, defaultSize: number) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? defaultSize);
    return {
      status: 200,
      body: {
        results: items.slice((page - 1) * size, page * size),
        pagination: makePagination(items.length, page, size),
      },
    };
  };

  /** Every photo the user bought. */
  function boughtPhotos(): Set<number> {
    return new Set(Object.values(state.bought).flat());
  }

  function handler(req: RecordedRequest): Answer {
    if (req.method !== 'GET') return undefined;
    const url = new URL(req.path, 'http://test');
    if (url.pathname === '/api/v3/checkins/') return paged(state.albums, url, 12);
    if (url.pathname !== '/api/v3/medias/') return undefined;
    if (state.failMedias) return { status: 400, body: { code: 'bad_request', message: 'Refused.' } };
    const checkin = url.searchParams.get('checkin_id');
    if (checkin !== null && !state.albums.some((album) => album.id === Number(checkin)))
      return { status: 404, body: { code: 'not_found', message: 'Not found.' } };
    // the fake answers only what the print screens ask: bought photos
    if (url.searchParams.get('purchased') !== 'true' || url.searchParams.get('type') !== 'photo')
      return { status: 400, body: { code: 'bad_request', message: 'Only bought photos.' } };
    const ids = checkin === null ? [...boughtPhotos()] : [...new Set(state.bought[Number(checkin)] ?? [])];
    const medias = ids.map((id) => ({
      ...cartMedia(id),
      quality: 'HD' as const,
      is_purchased: true,
      thumbnail_url: `https://cdn.example/${id}/clean-thumb`,
    }));
    return paged(medias, url, 40);
  }

  return { state, handler, boughtPhotos };
}
