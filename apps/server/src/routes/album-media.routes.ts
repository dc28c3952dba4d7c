import { galleryEndpoints as g, mediaEndpoints as m } from '@fotodrop/contract';
import type { RouteContext } from './context';

export function albumMediaRoutes({ route, sessionRoute, services }: RouteContext): void {
  const { albumMedia } = services;
  // The album's busiest reads check the session in their album lookup: one round trip fewer.
  sessionRoute(g.galleryTree, async ({ caller, params }) =>
    albumMedia.tree(caller, params.checkin_id, params.gallery_id),
  );
  sessionRoute(g.galleryMedia, async ({ caller, params, query }) =>
    albumMedia.galleryMedia(caller, params.checkin_id, params.gallery_id, query),
  );
  route(g.priceList, async ({ auth, params, query }) =>
    albumMedia.priceList(auth, params.checkin_id, params.gallery_id, query.media_type),
  );
  route(g.groupedGalleries, async ({ auth, params }) => albumMedia.grouped(auth, params.checkin_id));
  route(g.groupedGalleryMedias, async ({ auth, params, query }) =>
    albumMedia.groupedMedias(auth, params.checkin_id, params.gallery_id, query.page, query.page_size),
  );
  sessionRoute(m.allMedias, async ({ caller, params, query }) =>
    albumMedia.allMedias(caller, params.checkin_id, query.page, query.page_size),
  );
  route(m.medias, async ({ auth, query }) => albumMedia.medias(auth, query));
  route(m.checkinMedias, async ({ auth, params, query }) => albumMedia.checkinMedias(auth, params.id, query));
  route(m.addFavorite, async ({ auth, params }) => albumMedia.setFavourite(auth, params.media_id, true));
  route(m.removeFavorite, async ({ auth, params }) => albumMedia.setFavourite(auth, params.media_id, false));
  route(m.hideMedia, async ({ auth, params }) => albumMedia.hide(auth, params.id));
}
