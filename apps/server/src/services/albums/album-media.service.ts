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
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import {
  type AlbumMediaQuery,
  type AlbumMediaRow,
  albumMediaRepository,
  type GalleryCount,
} from '../../repositories/album-media.repository';
import { type AlbumContext, checkinsRepository } from '../../repositories/checkins.repository';
import { type GalleryRow, photoServicesRepository } from '../../repositories/photo-services.repository';
import { priceListFor, priceListsRepository } from '../../repositories/price-lists.repository';
import type { AuthContext, Caller } from '../accounts/auth.service';
import { offeredPackages } from '../cart-print/cart-album';
import type { MediaFilesService } from '../media/media-files.service';
import { albumOrderCache } from './album-order-cache';
import type { AlbumPurchasesView } from './album-purchases';
import { subtreeIds } from './gallery-tree';

type Tab = GalleryTab['type'];

/** Totals of the per-gallery counts over some galleries (null: the whole album). */
function sumCounts(counts: GalleryCount[], galleryIds: number[] | null) {
  const sum = { total: 0, photos: 0, videos: 0, favourites: 0 };
  for (const c of counts) {
    if (galleryIds !== null && (c.galleryId === null || !galleryIds.includes(c.galleryId))) continue;
    sum.total += c.total;
    sum.photos += c.photos;
    sum.videos += c.videos;
    sum.favourites += c.favourites;
  }
  return sum;
}

/** A query's total from the album's counts; null when they do not split that way (favourites of one type). */
function totalFrom(counts: GalleryCount[], q: AlbumMediaQuery): number | null {
  const sum = sumCounts(counts, q.galleryIds);
  if (q.favouritesOnly) return q.type ? null : sum.favourites;
  return q.type === 'photo' ? sum.photos : q.type === 'video' ? sum.videos : sum.total;
}

/** Rows before a page up to which it is read straight from the ordered index (ten pages of 40). */
const SHALLOW_ROWS = 400;

type AlbumWithCounts = AlbumContext & { counts: GalleryCount[]; version: number };
type AlbumWithGalleries = AlbumWithCounts & { galleries: GalleryRow[] };

export function albumMediaService(deps: {
  db: Db;
  mediaFiles: MediaFilesService;
  purchases: AlbumPurchasesView;
}) {
  const repo = () => albumMediaRepository(deps.db);

  /**
   * The album with its counts (kept on write, so reading them writes nothing) and, when asked,
   * its event's galleries: one statement. A page then costs one more. A deferred session is
   * checked in the same statement; when it finds nothing, the ordinary check answers 401 or 403
   * before the 404, as it would have before the lookup.
   */
  async function findAlbum<O extends { counts: true; galleries: boolean }>(
    caller: Caller,
    checkinId: number,
    extras: O,
  ) {
    const checkins = checkinsRepository(deps.db);
    if (!('keyHash' in caller)) {
      const found = await checkins.findCompleteAlbum(caller.user.id, checkinId, extras);
      if (!found) throw new NotFoundError('Album not found.');
      return { auth: caller, context: found };
    }
    const found = await checkins.findCompleteAlbumForSession(caller.keyHash, caller.now, checkinId, extras);
    if (!found) {
      await caller.resolve();
      throw new NotFoundError('Album not found.');
    }
    return { auth: caller.admit(found.session), context: found.album };
  }
  const album = (caller: Caller, checkinId: number) =>
    findAlbum(caller, checkinId, { counts: true, galleries: false });
  const albumWithGalleries = (caller: Caller, checkinId: number) =>
    findAlbum(caller, checkinId, { counts: true, galleries: true });

  const toMedia = (q: AlbumMediaQuery, albums: AlbumContext[], rows: AlbumMediaRow[]) =>
    deps.purchases.present(q.userId, albums, rows);

  /** The whole-album packages this album offers (cart-album.ts `offeredPackages`). */
  async function packagesOf(context: AlbumWithCounts): Promise<PackageOffer[]> {
    const service = await photoServicesRepository(deps.db).findById(context.serviceId);
    if (!service || service.packagePrices.length === 0) return [];
    const { photos, videos } = sumCounts(context.counts, null);
    const lists = await priceListsRepository(deps.db).forService(context.serviceId);
    return offeredPackages(service, lists, { photos, videos });
  }

  const orders = albumOrderCache();

  /**
   * One page of a query. A slice of the query's whole order when it is kept for the albums'
   * `versions` (null: not kept), or when the page lies deep enough to be worth reading it; else
   * straight from the ordered index. The total is counted only when the album's counts cannot
   * give it.
   */
  async function page(
    q: AlbumMediaQuery,
    pageNumber: number,
    pageSize: number,
    total: number | null,
    versions: number[] | null,
    albums: AlbumContext[],
  ) {
    const offset = (pageNumber - 1) * pageSize;
    const key = versions && JSON.stringify([q, versions]);
    const kept = key === null ? undefined : orders.peek(key);
    if (key === null || (!kept && offset < SHALLOW_ROWS)) {
      const [n, rows] = await Promise.all([total ?? repo().count(q), repo().page(q, pageNumber, pageSize)]);
      return { results: await toMedia(q, albums, rows), pagination: makePagination(n, pageNumber, pageSize) };
    }
    const order = await (kept ?? orders.get(key, () => repo().orderedIds(q)));
    const ids = Array.from(order.subarray(offset, offset + pageSize));
    const rows = ids.length > 0 ? await repo().rowsOf(q.userId, ids) : [];
    const n = total ?? order.length;
    return { results: await toMedia(q, albums, rows), pagination: makePagination(n, pageNumber, pageSize) };
  }

  const emptyPage = (pageNumber: number, pageSize: number) => ({
    results: [],
    pagination: makePagination(0, pageNumber, pageSize),
  });

  const tabsOf = (
    { total, favourites }: { total: number; favourites: number },
    bought: number,
  ): GalleryTab[] => [
    { type: 'buyable', count: Math.max(0, total - bought) },
    { type: 'bought', count: bought },
    { type: 'favourite', count: favourites },
  ];

  /** Gallery 0 is the album itself; another id must be a gallery of the album's event. */
  function galleryScope(context: AlbumWithGalleries, galleryId: number) {
    const all = context.galleries;
    if (galleryId === 0) return { all, node: null, ids: null };
    const node = all.find((g) => g.id === galleryId);
    if (!node) throw new NotFoundError('Gallery not found.');
    return { all, node, ids: subtreeIds(all, node.id) };
  }

  /** The album and the galleries a gallery id stands for; the root (0) needs no galleries read. */
  async function albumAt(caller: Caller, checkinId: number, galleryId: number) {
    if (galleryId === 0) return { ...(await album(caller, checkinId)), ids: null };
    const { auth, context } = await albumWithGalleries(caller, checkinId);
    return { auth, context, ids: galleryScope(context, galleryId).ids };
  }

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

  /**
   * A page of one album, its total from the album's counts. `nothingBought`: the tab counts just
   * showed the user bought nothing here, so the page's purchase lookup is skipped (albums: none).
   */
  const albumPage = (
    context: AlbumWithCounts,
    q: AlbumMediaQuery,
    pageNumber: number,
    pageSize: number,
    nothingBought = false,
  ) =>
    page(
      q,
      pageNumber,
      pageSize,
      q.purchased ? null : totalFrom(context.counts, q),
      [context.version],
      nothingBought ? [] : [context],
    );

  /** The query narrowed to what the user bought (tab or category `bought`) or did not (`buyable`). */
  async function byPurchase(q: AlbumMediaQuery, albums: AlbumContext[], category: Tab | undefined) {
    if (category !== 'bought' && category !== 'buyable') return q;
    const packages = await deps.purchases.packages(q.userId, albums);
    return { ...q, purchased: { is: category === 'bought', packages } };
  }

  /**
   * Tab counts: what packages cover comes from the album's counts, media bought one by one are
   * counted from the user's entitlements (few), never by scanning the album.
   */
  async function tabsWithBought(q: AlbumMediaQuery, album: AlbumContext, own: ReturnType<typeof sumCounts>) {
    const bought = await repo().purchaseCounts({ ...q, favouritesOnly: false }, album.checkinId);
    const covered = (type: MediaType) => bought.packageTypes.includes(type);
    const byPackage = (covered('photo') ? own.photos : 0) + (covered('video') ? own.videos : 0);
    const singly = (covered('photo') ? 0 : bought.photos) + (covered('video') ? 0 : bought.videos);
    return tabsOf(own, byPackage + singly);
  }

  return {
    async tree(caller: Caller, checkinId: number, galleryId: number): Promise<GalleryTreeNode> {
      const { auth, context } = await albumWithGalleries(caller, checkinId);
      // The counts per gallery serve the node, every sub-gallery (summed over its subtree) and the tabs.
      const { all, node, ids } = galleryScope(context, galleryId);
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
        tabs: await tabsWithBought(baseQuery(auth, context, ids), context, own),
      };
    },

    async galleryMedia(
      caller: Caller,
      checkinId: number,
      galleryId: number,
      query: { tab?: Tab; page: number; page_size: number; extras?: 'true' | 'false' },
    ) {
      const { auth, context, ids } = await albumAt(caller, checkinId, galleryId);
      const base = baseQuery(auth, context, ids);
      const q = await byPurchase(
        { ...base, favouritesOnly: query.tab === 'favourite' },
        [context],
        query.tab,
      );
      if (query.extras !== 'true') return albumPage(context, q, query.page, query.page_size);
      // The counts first: when nothing here is bought the page needs no purchase lookup.
      const tabs = await tabsWithBought(base, context, sumCounts(context.counts, ids));
      const bought = tabs.find((t) => t.type === 'bought')?.count ?? 0;
      const result = await albumPage(context, q, query.page, query.page_size, bought === 0);
      return { ...result, tabs };
    },

    /** The all-photos tab: the whole event when the event shows all photos, else the album's own. */
    async allMedias(caller: Caller, checkinId: number, pageNumber: number, pageSize: number) {
      // The album's scope already widens to the whole event when the event shows all photos.
      const { auth, context } = await album(caller, checkinId);
      return albumPage(context, baseQuery(auth, context, null), pageNumber, pageSize);
    },

    async checkinMedias(
      auth: AuthContext,
      checkinId: number,
      query: { page: number; page_size: number; category?: Tab; type?: MediaType },
    ) {
      const { context } = await album(auth, checkinId);
      const q = await byPurchase(
        {
          ...baseQuery(auth, context, null),
          favouritesOnly: query.category === 'favourite',
          ...(query.type ? { type: query.type } : {}),
        },
        [context],
        query.category,
      );
      return albumPage(context, q, query.page, query.page_size);
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
      if (query.checkin_id !== undefined) albums = [(await album(auth, query.checkin_id)).context];
      else albums = await checkinsRepository(deps.db).allCompleteAlbums(auth.user.id, { counts: true });
      albums = albums.filter((a) => query.event_id === undefined || a.serviceId === query.event_id);
      if (albums.length === 0) return emptyPage(query.page, query.page_size);
      const q = await byPurchase(
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
      return page(
        q,
        query.page,
        query.page_size,
        total,
        albums.map((a) => a.version),
        albums,
      );
    },

    /** The prices of a gallery (its own list, an ancestor's, or the event's), optionally of one media type. */
    async priceList(auth: AuthContext, checkinId: number, galleryId: number, mediaType?: MediaType) {
      const { context } = await albumWithGalleries(auth, checkinId);
      const { all, node } = galleryScope(context, galleryId);
      const [lists, packages] = await Promise.all([
        priceListsRepository(deps.db).forService(context.serviceId),
        packagesOf(context),
      ]);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;
      const list = priceListFor(lists, node?.id ?? null, parentOf);
      const items = (list?.items ?? []).filter((i) => !mediaType || i.media_type === mediaType);
      return { currency: context.currency, items, packages };
    },

    /**
     * The grouped view: galleries with bought photos, galleries with photos to unlock, and
     * galleries with favourites, each with its first page of media. A gallery with no photos of its
     * own and no prices of its own is left out; its sub-galleries move up (the paid group lists
     * only galleries with bought photos).
     */
    async grouped(auth: AuthContext, checkinId: number): Promise<GroupedGalleries> {
      const { context } = await albumWithGalleries(auth, checkinId);
      const { galleries: all, counts } = context;
      const lists = await priceListsRepository(deps.db).forService(context.serviceId);
      const parentOf = (id: number) => all.find((g) => g.id === id)?.parentId ?? null;

      const packages = await deps.purchases.packages(auth.user.id, [context]);
      type Group = 'unlocked' | 'favourite' | 'paid';
      const build = async (parentId: number | null, group: Group): Promise<GroupedGallery[]> => {
        const built = await Promise.all(
          all
            .filter((g) => g.parentId === parentId)
            .map(async (gallery): Promise<GroupedGallery[]> => {
              const own = sumCounts(counts, [gallery.id]);
              const base = {
                ...baseQuery(auth, context, [gallery.id]),
                favouritesOnly: group === 'favourite',
              };
              const q = group === 'paid' ? { ...base, purchased: { is: true, packages } } : base;
              const n =
                group === 'paid' ? await repo().count(q) : group === 'favourite' ? own.favourites : own.total;
              const [medias, subs] = await Promise.all([
                n > 0 ? page(q, 1, MAX_PLACEHOLDERS, n, null, [context]) : emptyPage(1, MAX_PLACEHOLDERS),
                build(gallery.id, group),
              ]);
              const ownList = lists.find((l) => l.galleryId === gallery.id);
              if (n === 0 && (group === 'paid' || !ownList)) return subs;
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
      const [paid, unlocked, favourites] = await Promise.all([
        build(null, 'paid'),
        build(null, 'unlocked'),
        build(null, 'favourite'),
      ]);
      return { paid_galleries: paid, unlocked_galleries: unlocked, favorite_galleries: favourites };
    },

    /** A further page of one gallery of the grouped view (its own photos, not its sub-galleries'). */
    async groupedMedias(
      auth: AuthContext,
      checkinId: number,
      galleryId: number,
      pageNumber: number,
      pageSize: number,
    ) {
      const { context } = await albumWithGalleries(auth, checkinId);
      galleryScope(context, galleryId);
      return albumPage(context, baseQuery(auth, context, [galleryId]), pageNumber, pageSize);
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
