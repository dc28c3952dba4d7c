import { ALL_PHOTOS_PAGE_SIZE, type GalleryTreeNode, type MediaType } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { checkinsRepository } from '../../repositories/checkins.repository';
import type { AuthContext, Caller } from '../accounts/auth.service';
import type { MediaFilesService } from '../media/media-files.service';
import { albumGroupedViews } from './album-grouped';
import { type AlbumWithCounts, albumMediaPages, sumCounts, type Tab, totalFrom } from './album-media-pages';
import type { AlbumPurchasesView } from './album-purchases';
import { subtreeIds } from './gallery-tree';

export type AlbumMediaService = ReturnType<typeof albumMediaService>;

export function albumMediaService(deps: {
  db: Db;
  mediaFiles: MediaFilesService;
  purchases: AlbumPurchasesView;
  now: () => Date;
}) {
  const pages = albumMediaPages(deps);

  const service = {
    async tree(caller: Caller, checkinId: number, galleryId: number): Promise<GalleryTreeNode> {
      const { auth, context } = await pages.albumWithGalleries(caller, checkinId, true);
      // The counts per gallery serve the node, every sub-gallery (summed over its subtree) and the tabs.
      const { all, node, ids } = pages.galleryScope(context, galleryId);
      const own = sumCounts(context.counts, ids);
      const children = all
        .filter((g) => g.parentId === (node?.id ?? null))
        .map((g) => ({
          id: g.id,
          name: g.name,
          num_media: sumCounts(context.counts, subtreeIds(all, g.id)).total,
        }));
      return {
        id: node?.id ?? 0,
        name: node?.name ?? context.serviceName,
        num_media: own.total,
        // A participant sees the galleries that hold their photos, not the empty ones.
        sub_gallery: children.filter((g) => g.num_media > 0),
        tabs: await pages.tabsWithBought(pages.baseQuery(auth, context, ids), context, own),
      };
    },

    async galleryMedia(
      caller: Caller,
      checkinId: number,
      galleryId: number,
      query: { tab?: Tab; page: number; page_size: number; extras?: 'true' | 'false' },
    ) {
      const { auth, context, ids, read } = await pages.albumAt(
        caller,
        checkinId,
        galleryId,
        query.extras === 'true',
        { tab: query.tab, number: query.page, size: query.page_size },
      );
      const base = pages.baseQuery(auth, context, ids);
      const q = await pages.byPurchase(
        { ...base, favouritesOnly: query.tab === 'favourite' },
        [context],
        query.tab,
      );
      if (query.extras !== 'true')
        return pages.albumPage(context, q, query.page, query.page_size, false, read);
      // The counts first: when nothing here is bought the page needs no purchase lookup.
      const tabs = await pages.tabsWithBought(base, context, sumCounts(context.counts, ids));
      const bought = tabs.find((t) => t.type === 'bought')?.count ?? 0;
      const result = await pages.albumPage(context, q, query.page, query.page_size, bought === 0, read);
      return { ...result, tabs };
    },

    /**
     * The page an album opens on (the whole album, no tab, page 1, with the tab counts), sent with
     * the album lookup by code (issue 20): the gallery media call's own answer.
     */
    firstPage(caller: Caller, checkinId: number) {
      return service.galleryMedia(caller, checkinId, 0, {
        page: 1,
        page_size: ALL_PHOTOS_PAGE_SIZE,
        extras: 'true',
      });
    },

    /** The all-photos tab: the whole event when the event shows all photos, else the album's own. */
    async allMedias(caller: Caller, checkinId: number, pageNumber: number, pageSize: number) {
      // The album's scope already widens to the whole event when the event shows all photos.
      const { auth, context } = await pages.album(caller, checkinId);
      return pages.albumPage(context, pages.baseQuery(auth, context, null), pageNumber, pageSize);
    },

    async checkinMedias(
      auth: AuthContext,
      checkinId: number,
      query: { page: number; page_size: number; category?: Tab; type?: MediaType },
    ) {
      const { context } = await pages.album(auth, checkinId);
      const q = await pages.byPurchase(
        {
          ...pages.baseQuery(auth, context, null),
          favouritesOnly: query.category === 'favourite',
          ...(query.type ? { type: query.type } : {}),
        },
        [context],
        query.category,
      );
      return pages.albumPage(context, q, query.page, query.page_size);
    },

    /**
     * GET /v3/medias/: the media of all the user's albums, each once, newest first. `checkin_id`
     * must be one of the user's albums; `event_id` narrows to one event; `purchased` to what the
     * user bought or did not.
     */
    async medias(
      auth: AuthContext,
      query: {
        checkin_id?: number;
        event_id?: number;
        purchased?: 'true' | 'false';
        type?: MediaType;
        page: number;
        page_size: number;
      },
    ) {
      let albums: AlbumWithCounts[];
      if (query.checkin_id !== undefined) albums = [(await pages.album(auth, query.checkin_id)).context];
      else albums = await checkinsRepository(deps.db).allCompleteAlbums(auth.user.id, { counts: true });
      albums = albums.filter((a) => query.event_id === undefined || a.serviceId === query.event_id);
      if (albums.length === 0) return pages.emptyPage(query.page, query.page_size);
      const q = await pages.byPurchase(
        {
          userId: auth.user.id,
          scopes: albums.map((a) => a.scope),
          galleryIds: null,
          favouritesOnly: false,
          ...(query.type ? { type: query.type } : {}),
        },
        albums,
        query.purchased === undefined ? undefined : query.purchased === 'true' ? 'bought' : 'buyable',
      );
      // Albums of different events show different media, so their counts add up; two albums of
      // one event may show the same medium, listed once: then it is counted.
      const events = new Set(albums.map((a) => a.serviceId));
      const total =
        events.size === albums.length && !q.purchased
          ? albums.reduce((n, a) => n + (totalFrom(a.counts, q) ?? 0), 0)
          : null;
      return pages.page(
        q,
        query.page,
        query.page_size,
        total,
        albums.map((a) => a.version),
        albums,
      );
    },

    ...albumGroupedViews(deps, pages),

    async setFavourite(auth: AuthContext, mediaId: number, favourite: boolean) {
      if ((await pages.repo().albumShowing(auth.user.id, mediaId)) === null)
        throw new NotFoundError('Photo not found.');
      await pages.repo().setFavourite(auth.user.id, mediaId, favourite);
      return { id: mediaId, favorite: favourite };
    },

    async hide(auth: AuthContext, mediaId: number) {
      if ((await pages.repo().albumShowing(auth.user.id, mediaId)) === null)
        throw new NotFoundError('Photo not found.');
      await pages.repo().hide(auth.user.id, mediaId);
      return { id: mediaId, hidden: true as const };
    },
  };
  return service;
}
