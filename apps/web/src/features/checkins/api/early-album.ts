import type { CheckinByCode, checkinEndpoints } from '@fotodrop/contract/api/checkins';
import { checkinRoutes } from '@fotodrop/contract/routes';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';
import { useAppStore } from '../../../shared/store/app-store';
import { preloadImages } from '../../../shared/utils/preload-images';
import { startLinkedAlbum } from './early-link';

// one chunk with this module (the route table names it): the preview takes the link's calls from here
export {
  type CreateCheckinAnswer,
  startLinkedAlbum,
  takeEarlyUser,
  takeLinkedCheckin,
} from './early-link';

/**
 * The album lookup of a page opened on /checkins/:picacode, started as soon as the app's script
 * has run instead of once every chunk of the matched routes is in and the album screen's loader
 * runs (~0.7 s later on a phone over 4G, issue 20); the lookup's query function takes this answer.
 * A small chunk of its own without zod (the route table's chunk is on the home route's budget).
 */
const routes = endpointRoutes<Pick<typeof checkinEndpoints, 'checkinByCode'>>(checkinRoutes);

/** What the album screen asks for the first time: the service expanded, the summary, the first page. */
export const FIRST_ALBUM_LOOKUP = {
  expand_pica_service: 'true',
  include_photos_summary: 'true',
  include_first_page: 'true',
} as const;

/** The first photos of the grid start with the answer; the album screen preloads the rest of its first screen. */
const EARLY_PHOTOS = 6;

let early: { code: string; answer: Promise<CheckinByCode> } | null = null;

/** The album's code in a path, as the route reads it (`normalizePicacode`, without its zod module). */
function codeOf(pathname: string): string | null {
  const segment = /^\/checkins\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!segment) return null;
  let code: string;
  try {
    code = decodeURIComponent(segment).replace(/\s+/g, '').toUpperCase();
  } catch {
    return null;
  }
  return /^[A-Z0-9]{4,16}$/.test(code) ? code : null;
}

/** Starts the lookup when this page is a logged-in user's album; otherwise nothing. */
export function startAlbumLookup(pathname: string): void {
  const code = codeOf(pathname);
  if (!code || early || !useAppStore.getState().token) return;
  const answer = callEndpoint(routes.checkinByCode, { params: { code }, query: FIRST_ALBUM_LOOKUP });
  answer.then(
    (album) =>
      preloadImages((album.first_page?.results ?? []).slice(0, EARLY_PHOTOS).map((m) => m.thumbnail_url)),
    // the album screen's own lookup takes the failure and shows it
    () => undefined,
  );
  early = { code, answer };
}

/** The early lookup's answer for this code, once; null when none was started for it. */
export function takeAlbumLookup(code: string): Promise<CheckinByCode> | null {
  if (early?.code !== code) return null;
  const { answer } = early;
  early = null;
  return answer;
}

startAlbumLookup(window.location.pathname);
startLinkedAlbum(window.location.pathname, window.location.search);
