import {
  type GalleryTab,
  type GalleryTreeNode,
  type GroupedGalleries,
  type GroupedGallery,
  MAX_PLACEHOLDERS,
  type MediaType,
  makePagination,
  type PackageOffer,
} from '@fotodrop/contract';
import type { Db } from '../db/client';
import { NotFoundError } from '../http/errors';
import {
  type AlbumMediaQuery,
  type AlbumMediaRow,
  albumMediaRepository,
  type GalleryCount,
} from '../repositories/album-media.repository';
import { type AlbumContext, checkinsRepository } from '../repositories/checkins.repository';
import { photoServicesRepository } from '../repositories/photo-services.repository';
import { priceListFor, priceListsRepository } from '../repositories/price-lists.repository';
import type { AuthContext } from './auth.service';
import { offeredPackages } from './cart-album';
import { subtreeIds } from './gallery-tree';
import { mediaDto } from './media-dto';
import type { MediaFilesService } from './media-files.service';

type Tab = GalleryTab['type'];

/** Totals of the per-gallery counts over some galleries (null: the whole album). */
function sumCounts(counts: GalleryCount[], galleryIds: number[] | null) {
  let total = 0;
  let favourites = 0;
  for (const c of counts) {
    if (galleryIds !== null && (c.galleryId === null || !galleryIds.includes(c.galleryId))) continue;
    total += c.total;
    favourites += c.favourites;
  }
  return { total, favourites };
}

export function albumMediaService(deps: { db: Db; mediaFiles: MediaFilesService }) {
  const repo = () => albumMediaRepository(deps.db);

  async function album(auth: AuthContext, checkinId: number): Promise<AlbumContext> {
    const found = await checkinsRepository(deps.db).findCompleteAlbum(auth.user.id, checkinId);
    if (!found) throw new NotFoundError('Album not found.');
    return found;
  }

  const toMedia = (row: AlbumMediaRow) => mediaDto(row, deps.mediaFiles);

  /** The whole-album packages this album offers (cart-album.ts `offeredPackages`). */
  async function packagesOf(auth: AuthContext, context: AlbumContext): Promise<PackageOffer[]> {
    const service = await photoServicesRepository(deps.db).findById(context.serviceId);
    const offers = service?.packagePrices ?? [];
    if (offers.length === 0) return [];
    const q = { userId: auth.user.id, scopes: [context.scope], galleryIds: null, favouritesOnly: false };
    const [photos, videos] = await Promise.all([
      repo().count({ ...q, type: 'photo' }),
      repo().count({ ...q, type: 'video' }),
    ]);
    return service ? offeredPackages(service, { photos, videos }) : [];
  }

  /** One page; the total is counted alongside unless the caller already has it. */
  async function page(
    q: AlbumMediaQuery,
    pageNumber: number,
    pageSize: number,
    total: number | Promise<number> = repo().count(q),
  ) {
    const [n, rows] = await Promise.all([total, repo().page(q, pageNumber, pageSize)]);
    return { results: rows.map(toMedia), pagination: makePagination(n, pageNumber, pageSize) };
  }

  const emptyPage = (pageNumber: number, pageSize: number) => ({
    results: [],
    pagination: makePagination(0, pageNumber, pageSize),
  });

  // Nothing is bought before checkout exists: every photo is buyable.
  const tabsOf = ({ total, favourites }: { total: number; favourites: number }): GalleryTab[] => [
    { type: 'buyable', count: total },
    { type: 'bought', count: 0 },
    { type: 'favourite', count: favourites },
  ];

  /** Gallery 0 is the album itself; another id must be a gallery of the album's event. */
  async function galleryScope(context: AlbumContext, galleryId: number) {
    const all = await repo().galleriesOf(context.serviceId);
    if (galleryId === 0) return { all, node: null, ids: null };
    const node = all.find((g) => g.id === galleryId);
    if (!node) throw new NotFoundError('Gallery not found.');
    return { all, node, ids: subtreeIds(all, node.id) };
  }

  /** The galleries a gallery id stands for: null for the album root, which needs no lookup. */
  const galleryIdsOf = async (context: AlbumContext, galleryId: number) =>
    galleryId === 0 ? null : (await galleryScope(context, galleryId)).ids;

  const baseQuery = (
    auth: AuthContext,
    context: AlbumContext,
    galleryIds: number[] | null,
  ): AlbumMediaQuery => ({
    userId: auth.user.id,
    scopes: [context.scope],
    galleryIds,
    favouritesOnly: false,
  });

  /** The album's media counts per gallery (kept between requests while nothing changes). */
  const countsOf = (auth: AuthContext, context: AlbumContext) =>
    repo().albumCounts(context.checkinId, auth.user.id, context.scope);

  const totalIn = (counts: GalleryCount[], q: AlbumMediaQuery) =>
    sumCounts(counts, q.galleryIds)[q.favouritesOnly ? 'favourites' : 'total'];

  /** A page of one album; its total comes from the album's counts unless a media type narrows it. */
  const albumPage = (
    auth: AuthContext,
    context: AlbumContext,
    q: AlbumMediaQuery,
    pageNumber: number,
    pageSize: number,
  ) =>
    page(
      q,
      pageNumber,
      pageSize,
      q.type ? repo().count(q) : countsOf(auth, context).then((counts) => totalIn(counts, q)),
    );

  return {
    async tree(auth: AuthContext, checkinId: number, galleryId: number): Promise<GalleryTreeNode> {
      const context = await album(auth, checkinId);
      // The counts per gallery serve the node, every sub-gallery (summed over its subtree) and the tabs.
      const [{ all, node, ids }, counts] = await Promise.all([
        galleryScope(context, galleryId),
        countsOf(auth, context),
      ]);
      const own = sumCounts(counts, ids);
      const children = all
        .filter((g) => g.parentId === (node?.id ?? null))
        .map((g) => ({ id: g.id, name: g.name, num_media: sumCounts(counts, subtreeIds(all, g.id)).total }));
      return {
        id: node?.id ?? 0,
        name: node?.name ?? context.serviceName,
        num_media: own.total,
        // A participant sees the galleries that hold their photos, not the empty ones.
        sub_gallery: children.filter((g) => g.num_media > 0),
        tabs: tabsOf(own),
      };
    },

    async galleryMedia(
      auth: AuthContext,
      checkinId: number,
      galleryId: number,
      query: { tab?: Tab; page: number; page_size: number; extras?: 'true' | 'false' },
    ) {
      const context = await album(auth, checkinId);
      const [ids, counts] = await Promise.all([galleryIdsOf(context, galleryId), countsOf(auth, context)]);
      const q = { ...baseQuery(auth, context, ids), favouritesOnly: query.tab === 'favourite' };
      const result =
        query.tab === 'bought'
          ? emptyPage(query.page, query.page_size)
          : await page(q, query.page, query.page_size, totalIn(counts, q));
      return query.extras === 'true' ? { ...result, tabs: tabsOf(sumCounts(counts, ids)) } : result;
    },

    /** The all-photos tab: the whole event when the event shows all photos, else the album's own. */
    async allMedias(auth: AuthContext, checkinId: number, pageNumber: number, pageSize: number) {
      // The album's scope already widens to the whole event when the event shows all photos.
      const context = await album(auth, checkinId);
      return albumPage(auth, context, baseQuery(auth, context, null), pageNumber, pageSize);
    },

    async checkinMedias(
      auth: AuthContext,
      checkinId: number,
      query: { page: number; page_size: number; category?: Tab; type?: MediaType },
    ) {
      const context = await album(auth, checkinId);
      if (query.category === 'bought') return emptyPage(query.page, query.page_size);
      const q = {
        ...baseQuery(auth, context, null),
        favouritesOnly: query.category === 'favourite',
        ...(query.type ? { type: query.type } : {}),
      };
      return albumPage(auth, context, q, query.page, query.page_size);
    },

    /**
     * GET /v3/medias/: the media of all the user's albums, each once, newest first. `checkin_id`
     * must be one of the user's albums; `event_id` narrows to one event; nothing is purchased
     * before checkout exists, so `purchased=true` is an empty list.
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
      let albums: AlbumContext[];
      if (query.checkin_id !== undefined) albums = [await album(auth, query.checkin_id)];
      else albums = await checkinsRepository(deps.db).allCompleteAlbums(auth.user.id);
      albums = albums.filter((a) => query.event_id === undefined || a.serviceId === query.event_id);
      if (query.purchased === 'true' || albums.length === 0) return emptyPage(query.page, query.page_size);
      const q: AlbumMediaQuery = {
        userId: auth.user.id,
        scopes: albums.map((a) => a.scope),
        galleryIds: null,
        favouritesOnly: false,
        ...(query.type ? { type: query.type } : {}),
      };
      return page(q, query.page, query.page_size);
    },

    /** The prices of a gallery (its own list, an ancestor's, or the event's), optionally of one media type. */
    async priceList(auth: AuthContext, checkinId: number, galleryId: number, mediaType?: MediaType) {
      const context = await album(auth, checkinId);
      const { all, node } = await galleryScope(context, galleryId);
      const lists = await priceListsRepository(deps.db).forService(context.serviceId);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;
      const list = priceListFor(lists, node?.id ?? null, parentOf);
      const items = (list?.items ?? []).filter((i) => !mediaType || i.media_type === mediaType);
      return { currency: context.currency, items, packages: await packagesOf(auth, context) };
    },

    /**
     * The grouped view: galleries with bought photos (none before checkout exists), galleries with
     * photos to unlock, and galleries with favourites, each with its first page of media. A gallery
     * with no photos of its own and no prices of its own is left out; its sub-galleries move up.
     */
    async grouped(auth: AuthContext, checkinId: number): Promise<GroupedGalleries> {
      const context = await album(auth, checkinId);
      const [all, lists, counts] = await Promise.all([
        repo().galleriesOf(context.serviceId),
        priceListsRepository(deps.db).forService(context.serviceId),
        countsOf(auth, context),
      ]);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;

      const build = async (parentId: number | null, favouritesOnly: boolean): Promise<GroupedGallery[]> => {
        const built = await Promise.all(
          all
            .filter((g) => g.parentId === parentId)
            .map(async (gallery): Promise<GroupedGallery[]> => {
              const own = sumCounts(counts, [gallery.id]);
              const n = favouritesOnly ? own.favourites : own.total;
              const q = { ...baseQuery(auth, context, [gallery.id]), favouritesOnly };
              const [medias, subs] = await Promise.all([
                n > 0 ? page(q, 1, MAX_PLACEHOLDERS, n) : emptyPage(1, MAX_PLACEHOLDERS),
                build(gallery.id, favouritesOnly),
              ]);
              const ownList = lists.find((l) => l.galleryId === gallery.id);
              if (n === 0 && !ownList) return subs;
              return [
                {
                  id: gallery.id,
                  name: gallery.name,
                  layout: gallery.layout,
                  media_count: n,
                  price_list: priceListFor(lists, gallery.id, parentOf)?.items ?? [],
                  refresh_time: ownList?.refreshTime ?? null,
                  medias,
                  sub_galleries: subs,
                },
              ];
            }),
        );
        return built.flat();
      };
      const [unlocked, favourites] = await Promise.all([build(null, false), build(null, true)]);
      return { paid_galleries: [], unlocked_galleries: unlocked, favorite_galleries: favourites };
    },

    /** A further page of one gallery of the grouped view (its own photos, not its sub-galleries'). */
    async groupedMedias(
      auth: AuthContext,
      checkinId: number,
      galleryId: number,
      pageNumber: number,
      pageSize: number,
    ) {
      const context = await album(auth, checkinId);
      await galleryScope(context, galleryId);
      return albumPage(auth, context, baseQuery(auth, context, [galleryId]), pageNumber, pageSize);
    },

    async setFavourite(auth: AuthContext, mediaId: number, favourite: boolean) {
      if ((await repo().albumShowing(auth.user.id, mediaId)) === null)
        throw new NotFoundError('Photo not found.');
      await repo().setFavourite(auth.user.id, mediaId, favourite);
      return { id: mediaId, favorite: favourite };
    },

    async hide(auth: AuthContext, mediaId: number) {
      if ((await repo().albumShowing(auth.user.id, mediaId)) === null)
        throw new NotFoundError('Photo not found.');
      await repo().hide(auth.user.id, mediaId);
      return { id: mediaId, hidden: true as const };
    },
  };
}
