import type { galleryEndpoints } from '@fotodrop/contract/api/galleries';
import type { mediaEndpoints } from '@fotodrop/contract/api/media';
import { ALL_PHOTOS_PAGE_SIZE, type MediaCategory } from '@fotodrop/contract/constants';
import { galleryRoutes, mediaRoutes } from '@fotodrop/contract/routes';
import { callEndpoint } from '../../../shared/api/client';
import { endpointRoutes } from '../../../shared/api/endpoint-routes';

/** The album's calls (albums spec §7), typed by the contract. */

type Galleries = typeof galleryEndpoints;
type Medias = typeof mediaEndpoints;

/** The album's endpoints as method and path only: the endpoint objects would bring their zod schemas. */
export const albumEndpoints = {
  ...endpointRoutes<Galleries>(galleryRoutes),
  ...endpointRoutes<Medias>(mediaRoutes),
};

/** GET …/gallery_tree/{gallery_id}/tree/: a gallery (0 = the album root), its sub-galleries and tab counts. */
export function fetchTree(checkinId: number, galleryId: number, signal?: AbortSignal) {
  return callEndpoint(albumEndpoints.galleryTree, {
    params: { checkin_id: checkinId, gallery_id: galleryId },
    signal,
  });
}

/** GET …/gallery_tree/{gallery_id}/media/: one page of one tab, with fresh tab counts (extras). */
/** A page of a gallery's media, of one category (null: all of them). */
export function fetchGalleryMedia(
  checkinId: number,
  galleryId: number,
  tab: MediaCategory | null,
  page: number,
) {
  return callEndpoint(albumEndpoints.galleryMedia, {
    params: { checkin_id: checkinId, gallery_id: galleryId },
    query: { ...(tab ? { tab } : {}), page, page_size: ALL_PHOTOS_PAGE_SIZE, extras: 'true' },
  });
}

/** GET /v3/checkins/{id}/all-medias/: the all-photos tab. */
export function fetchAllMedias(checkinId: number, page: number, pageSize: number = ALL_PHOTOS_PAGE_SIZE) {
  return callEndpoint(albumEndpoints.allMedias, {
    params: { checkin_id: checkinId },
    query: { page, page_size: pageSize },
  });
}

/**
 * GET /v3/checkins/{id}/medias/?type=video: the album's own videos, in every gallery. The tab
 * endpoints cannot filter by media type; this one can.
 */
export function fetchAlbumVideos(checkinId: number, page: number) {
  return callEndpoint(albumEndpoints.checkinMedias, {
    params: { id: checkinId },
    query: { type: 'video', page, page_size: ALL_PHOTOS_PAGE_SIZE },
  });
}

/** GET …/gallery_tree/{gallery_id}/price_list/: prices in the event currency, VAT included. */
export function fetchPriceList(checkinId: number, galleryId: number) {
  return callEndpoint(albumEndpoints.priceList, { params: { checkin_id: checkinId, gallery_id: galleryId } });
}

/** GET /v3/checkins/{id}/galleries/: paid, unlocked and favourite galleries with their first media. */
export function fetchGroupedGalleries(checkinId: number) {
  return callEndpoint(albumEndpoints.groupedGalleries, { params: { checkin_id: checkinId } });
}

/** GET /v3/checkins/{id}/galleries/{gallery_id}/medias/: a further page of one grouped gallery. */
export function fetchGroupedGalleryMedias(
  checkinId: number,
  galleryId: number,
  page: number,
  pageSize: number,
) {
  return callEndpoint(albumEndpoints.groupedGalleryMedias, {
    params: { checkin_id: checkinId, gallery_id: galleryId },
    query: { page, page_size: pageSize },
  });
}

/** POST /v3/medias/{id}/add-favorite/ or /remove-favorite/: answers the new flag. */
export function sendFavourite(mediaId: number, favourite: boolean) {
  return callEndpoint(favourite ? albumEndpoints.addFavorite : albumEndpoints.removeFavorite, {
    params: { media_id: mediaId },
  });
}

/** POST /v3/medias/{id}/hide/: removes the photo from the user's album. */
export function sendHide(mediaId: number) {
  return callEndpoint(albumEndpoints.hideMedia, { params: { id: mediaId } });
}
