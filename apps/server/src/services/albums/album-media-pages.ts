import { type GalleryTab, type MediaType, makePagination } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import {
  type AlbumMediaQuery,
  type AlbumMediaRow,
  albumMediaRepository,
  type GalleryCount,
} from '../../repositories/album-media.repository';
import {
  type AlbumBought,
  type AlbumContext,
  checkinsRepository,
} from '../../repositories/checkins.repository';
import type { GalleryRow } from '../../repositories/photo-services.repository';
import type { Caller, SessionAuth } from '../accounts/auth.service';
import { albumOrderCache } from './album-order-cache';
import type { AlbumPurchasesView } from './album-purchases';
import { subtreeIds } from './gallery-tree';
import { type PageGuess, type PageRead, pageGuesses, readAlready } from './page-guess';

export type Tab = GalleryTab['type'];

/** Totals of the per-gallery counts over some galleries (null: the whole album). */
export function sumCounts(counts: GalleryCount[], galleryIds: number[] | null) {
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
export function totalFrom(counts: GalleryCount[], q: AlbumMediaQuery): number | null {
  const sum = sumCounts(counts, q.galleryIds);
  if (q.favouritesOnly) return q.type ? null : sum.favourites;
  return q.type === 'photo' ? sum.photos : q.type === 'video' ? sum.videos : sum.total;
}

/** What the album lookup brought of the user's purchases, over some galleries (null: the whole album). */
function boughtIn(bought: AlbumBought, galleryIds: number[] | null) {
  let photos = 0;
  let videos = 0;
  for (const g of bought.byGallery) {
    if (galleryIds !== null && (g.galleryId === null || !galleryIds.includes(g.galleryId))) continue;
    photos += g.photos;
    videos += g.videos;
  }
  return { packageTypes: bought.packageTypes, photos, videos };
}

/** Rows before a page up to which it is read straight from the ordered index (ten pages of 40). */
const SHALLOW_ROWS = 400;

export type AlbumWithCounts = AlbumContext & { counts: GalleryCount[]; version: number };
export type AlbumWithGalleries = AlbumWithCounts & { galleries: GalleryRow[] };

/**
 * What every album media call shares: the album looked up with its counts, the galleries a gallery
 * id stands for, the query of one album, and its pages and tab counts (album-media.service.ts, the
 * grouped view in album-grouped.ts).
 */
export function albumMediaPages(deps: { db: Db; purchases: AlbumPurchasesView }) {
  const repo = () => albumMediaRepository(deps.db);

  /**
   * The album with its counts (kept on write, so reading them writes nothing) and, when asked,
   * its event's galleries: one statement. A page then costs one more. A deferred session is
   * checked in the same statement; when it finds nothing, the ordinary check answers 401 or 403
   * before the 404, as it would have before the lookup.
   */
  async function findAlbum<O extends { counts: true; galleries: boolean; bought?: boolean }>(
    caller: Caller,
    checkinId: number,
    extras: O,
    guess?: PageGuess,
  ) {
    const checkins = checkinsRepository(deps.db);
    if (!('keyHash' in caller)) {
      const found = await checkins.findCompleteAlbum(caller.user.id, checkinId, extras);
      if (!found) throw new NotFoundError('Album not found.');
      return { auth: caller, context: found, read: undefined };
    }
    const found = await checkins.findCompleteAlbumForSession(
      caller.keyHash,
      caller.now,
      checkinId,
      extras,
      guess?.ids,
    );
    if (!found) {
      await caller.resolve();
      throw new NotFoundError('Album not found.');
    }
    const read = guess && found.rows ? { ...guess, rows: found.rows } : guess && { shape: guess.shape };
    return { auth: caller.admit(found.session), context: found.album, read };
  }
  const album = (caller: Caller, checkinId: number) =>
    findAlbum(caller, checkinId, { counts: true, galleries: false });
  /** `bought`: with what its owner bought of it, so the tab counts need no statement of their own. */
  const albumWithGalleries = (caller: Caller, checkinId: number, bought = false) =>
    findAlbum(caller, checkinId, { counts: true, galleries: true, bought });

  const toMedia = (q: AlbumMediaQuery, albums: AlbumContext[], rows: AlbumMediaRow[]) =>
    deps.purchases.present(q.userId, albums, rows);

  const orders = albumOrderCache();
  const guesses = pageGuesses(orders);

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
    read?: PageRead,
  ) {
    const offset = (pageNumber - 1) * pageSize;
    const key = versions && JSON.stringify([q, versions]);
    if (read && key !== null) guesses.remember(read.shape, key);
    const kept = key === null ? undefined : orders.peek(key);
    if (key === null || (!kept && offset < SHALLOW_ROWS)) {
      const [n, rows] = await Promise.all([total ?? repo().count(q), repo().page(q, pageNumber, pageSize)]);
      return { results: await toMedia(q, albums, rows), pagination: makePagination(n, pageNumber, pageSize) };
    }
    const order = await (kept ?? orders.get(key, () => repo().orderedIds(q)));
    const ids = Array.from(order.subarray(offset, offset + pageSize));
    const rows =
      ids.length === 0 ? [] : (readAlready(read, key, ids) ?? (await repo().rowsOf(q.userId, ids)));
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

  /**
   * The album and the galleries a gallery id stands for; the root (0) needs no galleries read.
   * `page`: the page the request asks, whose rows the lookup reads along when this process has
   * the order this request shape read last (`page-guess.ts`); `albumPage` takes them as `read`.
   */
  async function albumAt(
    caller: Caller,
    checkinId: number,
    galleryId: number,
    withTabs = false,
    page?: { tab: Tab | undefined; number: number; size: number },
  ) {
    const guess =
      page && guesses.guess(`${checkinId}/${galleryId}/${page.tab ?? ''}`, page.number, page.size);
    if (galleryId === 0)
      return {
        ...(await findAlbum(caller, checkinId, { counts: true, galleries: false, bought: withTabs }, guess)),
        ids: null,
      };
    const found = await findAlbum(
      caller,
      checkinId,
      { counts: true, galleries: true, bought: withTabs },
      guess,
    );
    return { ...found, ids: galleryScope(found.context, galleryId).ids };
  }

  const baseQuery = (
    auth: SessionAuth,
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
    read?: PageRead,
  ) =>
    page(
      q,
      pageNumber,
      pageSize,
      q.purchased ? null : totalFrom(context.counts, q),
      [context.version],
      nothingBought ? [] : [context],
      read,
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
  async function tabsWithBought(
    q: AlbumMediaQuery,
    album: AlbumContext & { bought?: AlbumBought },
    own: ReturnType<typeof sumCounts>,
  ) {
    const bought = album.bought
      ? boughtIn(album.bought, q.galleryIds)
      : await repo().purchaseCounts({ ...q, favouritesOnly: false }, album.checkinId);
    const covered = (type: MediaType) => bought.packageTypes.includes(type);
    const byPackage = (covered('photo') ? own.photos : 0) + (covered('video') ? own.videos : 0);
    const singly = (covered('photo') ? 0 : bought.photos) + (covered('video') ? 0 : bought.videos);
    return tabsOf(own, byPackage + singly);
  }

  return {
    repo,
    album,
    albumWithGalleries,
    albumAt,
    galleryScope,
    baseQuery,
    page,
    emptyPage,
    albumPage,
    byPurchase,
    tabsWithBought,
  };
}
export type AlbumMediaPages = ReturnType<typeof albumMediaPages>;
