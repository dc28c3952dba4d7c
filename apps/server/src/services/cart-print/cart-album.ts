import type { MediaType, OrderType, PackageOffer, PackageOrderType } from '@fotodrop/contract';
import { ErrorCode, LAST_CALL_SD_DISCOUNT_PERCENT } from '@fotodrop/contract';
import { deadlinePhase, deletionDeadline } from '@fotodrop/contract/rules/album-deadline';
import {
  discounted,
  type PackageFigures,
  packageFigures,
  prepurchaseOpen,
  priceForCount,
} from '@fotodrop/contract/rules/cart-pricing';
import { decimalStringToMinor, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { PackagePriceRow } from '../../db/album-schema';
import type { Queryable } from '../../db/client';
import { DomainError, NotFoundError } from '../../http/errors';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import type { DigitalItemRow } from '../../repositories/cart.repository';
import { type AlbumContext, checkinsRepository } from '../../repositories/checkins.repository';
import {
  type GalleryRow,
  type PhotoServiceRow,
  photoServicesRepository,
} from '../../repositories/photo-services.repository';
import {
  type PriceListRow,
  priceListFor,
  priceListsRepository,
} from '../../repositories/price-lists.repository';
import { subtreeIds } from '../albums/gallery-tree';

const DAY_MS = 86_400_000;

/** The media types a line buys: a pick buys what it lists; a package every medium of its kinds. */
export function coveredTypes(orderType: OrderType): MediaType[] {
  if (orderType === 'ALL_PHOTOS') return ['photo'];
  if (orderType === 'VIDEOS') return ['video'];
  if (orderType === 'PHOTOS_AND_VIDEOS') return ['photo', 'video'];
  return [];
}

export const isPackage = (orderType: OrderType): orderType is PackageOrderType => orderType !== 'PHOTOLIST';

/** The album-wide list's entries for a media type (a package is always album-wide). */
function albumListItems(lists: PriceListRow[], type: MediaType) {
  return (priceListFor(lists, null, () => null)?.items ?? []).filter((i) => i.media_type === type);
}

/** The package's pre-sale price in minor units while its pre-sale runs at `at`, else null. */
function prepurchaseMinor(service: PhotoServiceRow, offer: PackagePriceRow, at: Date): number | null {
  if (offer.prepurchase_price == null) return null;
  if (!prepurchaseOpen({ start_date: service.startDate, time_zone: service.timeZone }, at)) return null;
  return decimalStringToMinor(offer.prepurchase_price, service.currency);
}

/**
 * A package's honest figures (`packageFigures` of the contract) against the media of the album it
 * would buy now, priced by the album's list — or its pre-sale price while that runs (the price the
 * order keeps: it is read from the event's list when the order is placed); null when the event
 * sets no price for it.
 */
export function packageFiguresOf(
  service: PhotoServiceRow,
  lists: PriceListRow[],
  orderType: PackageOrderType,
  counts: { photos: number; videos: number },
  at: Date,
): PackageFigures | null {
  const offer = service.packagePrices.find((p) => p.order_type === orderType);
  if (!offer) return null;
  const covered = coveredTypes(orderType).map((type) => ({
    items: albumListItems(lists, type),
    count: type === 'photo' ? counts.photos : counts.videos,
  }));
  return packageFigures(
    decimalStringToMinor(offer.price, service.currency),
    covered,
    service.currency,
    prepurchaseMinor(service, offer, at),
  );
}

/**
 * The packages an album offers (issue 17): those costing no more than the media they buy now by
 * the album's list, with the struck-through price computed from the list's single prices (the
 * event's own `price_original` is not shown). A package bought early still covers photos that
 * arrive later; it is offered once the photos already there are worth it — or, before the event,
 * at its pre-sale price (issue 19): then `prepurchase_price` (absent otherwise) is what it
 * charges and `price` what it will cost from the event on.
 */
export function offeredPackages(
  service: PhotoServiceRow,
  lists: PriceListRow[],
  counts: { photos: number; videos: number },
  at: Date,
): PackageOffer[] {
  const money = (minor: number) => minorToDecimalString(minor, service.currency);
  return service.packagePrices.flatMap((p): PackageOffer[] => {
    const figures = packageFiguresOf(service, lists, p.order_type, counts, at);
    if (!figures?.offered) return [];
    if (figures.prepurchase) {
      return [
        {
          order_type: p.order_type,
          price: p.price,
          price_original: null,
          prepurchase_price: money(figures.price),
        },
      ];
    }
    return [
      {
        order_type: p.order_type,
        price: money(figures.price),
        price_original: figures.original === null ? null : money(figures.original),
      },
    ];
  });
}

export class NotForSaleError extends DomainError {
  constructor(message: string) {
    super(400, ErrorCode.notForSale, message);
  }
}

export interface Member {
  id: number;
  type: MediaType;
}

/** How many media a line buys, and its first few (a line shows up to 4 thumbnails). */
export interface LineSummary {
  photos: number;
  videos: number;
  first: Member[];
}
const SUMMARY_MEDIA = 4;

export interface LineFigures {
  mediaCount: number;
  /** Minor units. */
  total: number;
  original: number | null;
}

/**
 * One of the user's albums as the cart sees it: what it shows, what it sells and at which prices.
 * Loaded per request; a cart holds a handful of albums at most.
 */
export interface SaleAlbum {
  context: AlbumContext;
  service: PhotoServiceRow;
  galleries: GalleryRow[];
  lists: PriceListRow[];
  /** The album is in its last call: photos at LAST_CALL_SD_DISCOUNT_PERCENT off (albums spec §4). */
  lastCall: boolean;
  /** Why the album sells nothing now, or null when it sells. */
  closedReason: string | null;
}

function closedReason(service: PhotoServiceRow, context: AlbumContext, now: number): string | null {
  if (!service.canSeeMedia) return 'The photos of this album are not on sale.';
  const deadline = deletionDeadline({
    event_id: service.id,
    event_end_date: service.endDate,
    media_available_to: service.mediaAvailableTo?.toISOString() ?? null,
    last_stay_deletion_date: service.lastStayDeletionDate,
  });
  if (service.mediaDeleted || (deadline && deadlinePhase(deadline, now) === 'passed'))
    return 'The photos of this album are no longer for sale.';
  // The album's own period: a guest's stay dates, else the event's (as the album screen reads it).
  const start = context.startOfStay ?? service.startDate;
  const end = context.endOfStay ?? service.endDate;
  const inProgress = now >= Date.parse(`${start}T00:00:00Z`) && now < Date.parse(`${end}T00:00:00Z`) + DAY_MS;
  if (inProgress && !service.canPurchaseDuringStay)
    return 'The photos of this stay can be bought once the stay is over.';
  return null;
}

export function cartAlbums(db: Queryable, now: () => Date) {
  const albums = () => albumMediaRepository(db);

  async function load(userId: number, checkinId: number): Promise<SaleAlbum> {
    const context = await checkinsRepository(db).findCompleteAlbum(userId, checkinId);
    if (!context) throw new NotFoundError('Album not found.');
    // One after another: `db` may be a transaction, whose one connection runs one query at a time.
    const service = await photoServicesRepository(db).findById(context.serviceId);
    const galleries = await albums().galleriesOf(context.serviceId);
    const lists = await priceListsRepository(db).forService(context.serviceId);
    if (!service) throw new NotFoundError('Album not found.');
    const at = now().getTime();
    const deadline = deletionDeadline({
      event_id: service.id,
      event_end_date: service.endDate,
      media_available_to: service.mediaAvailableTo?.toISOString() ?? null,
      last_stay_deletion_date: service.lastStayDeletionDate,
    });
    return {
      context,
      service,
      galleries,
      lists,
      lastCall: deadline !== null && deadlinePhase(deadline, at) === 'last_call',
      closedReason: closedReason(service, context, at),
    };
  }

  /** Loads each album once for many lines. */
  async function loadMany(userId: number, checkinIds: number[]): Promise<Map<number, SaleAlbum>> {
    const unique = [...new Set(checkinIds)];
    const map = new Map<number, SaleAlbum>();
    // One after another: `db` may be a transaction. An album that went away prices nothing.
    for (const id of unique) {
      const album = await load(userId, id).catch(() => null);
      if (album) map.set(album.context.checkinId, album);
    }
    return map;
  }

  /** The galleries a line's prices come from reach: null for album-wide prices. */
  function galleryIdsOf(album: SaleAlbum, galleryId: number | null): number[] | null {
    if (galleryId === null) return null;
    if (!album.galleries.some((g) => g.id === galleryId)) throw new NotFoundError('Gallery not found.');
    return subtreeIds(album.galleries, galleryId);
  }

  /** Media of the album the user sees, of the given ids or kinds, newest first. */
  function membersOf(
    userId: number,
    album: SaleAlbum,
    filter: { ids?: number[]; types?: MediaType[]; galleryIds?: number[] | null },
  ): Promise<Member[]> {
    if (filter.types && filter.types.length === 0) return Promise.resolve([]);
    return albums().members({
      userId,
      scopes: [album.context.scope],
      galleryIds: filter.galleryIds ?? null,
      favouritesOnly: false,
      ...(filter.ids ? { ids: filter.ids } : {}),
      ...(filter.types?.length === 1 ? { type: filter.types[0] } : {}),
    });
  }

  /** What a line buys now: its pick (media still in the album), or every medium its package covers. */
  function lineMembers(userId: number, album: SaleAlbum, line: DigitalItemRow): Promise<Member[]> {
    if (isPackage(line.orderType)) return membersOf(userId, album, { types: coveredTypes(line.orderType) });
    return membersOf(userId, album, { ids: line.mediaIds });
  }

  /**
   * What a line buys now, counted, with its first media for the line's thumbnails. A package is
   * counted, never listed: it may cover tens of thousands of photos.
   */
  async function lineSummary(
    userId: number,
    album: SaleAlbum,
    line: DigitalItemRow,
    /** false: only the first media are wanted (a package's count is then 0). */
    counted = true,
  ): Promise<LineSummary> {
    if (!isPackage(line.orderType)) {
      const members = await membersOf(userId, album, { ids: line.mediaIds });
      const photos = members.filter((m) => m.type === 'photo').length;
      return { photos, videos: members.length - photos, first: members.slice(0, SUMMARY_MEDIA) };
    }
    const types = coveredTypes(line.orderType);
    const q = {
      userId,
      scopes: [album.context.scope],
      galleryIds: null,
      favouritesOnly: false,
      ...(types.length === 1 ? { type: types[0] } : {}),
    };
    // Photos and videos apart: a package never costs more than they do by the list.
    const count = async (type: MediaType) =>
      counted && types.includes(type) ? albums().count({ ...q, type }) : 0;
    const photos = await count('photo');
    const videos = await count('video');
    const first = (await albums().page(q, 1, SUMMARY_MEDIA)).map((r) => ({ id: r.id, type: r.type }));
    return { photos, videos, first };
  }

  function listItems(album: SaleAlbum, galleryId: number | null, type: MediaType) {
    const parentOf = (id: number) => album.galleries.find((g) => g.id === id)?.parentId ?? null;
    return (priceListFor(album.lists, galleryId, parentOf)?.items ?? []).filter((i) => i.media_type === type);
  }

  const currency = (album: SaleAlbum) => album.context.currency;

  /** The package's figures for what it buys in the album now, or null when the album has no such package. */
  const packagePrice = (album: SaleAlbum, orderType: PackageOrderType, counts: Omit<LineSummary, 'first'>) =>
    packageFiguresOf(album.service, album.lists, orderType, counts, now());

  /**
   * A line's price: a pick by its gallery's list, photos and videos apart; a package at its price.
   * In the last call photos cost half (a pick's photos, and the all-photos package); the price
   * before that discount is the original.
   */
  function priceLine(
    album: SaleAlbum,
    line: Pick<DigitalItemRow, 'orderType' | 'galleryId'>,
    counts: Omit<LineSummary, 'first'>,
  ): LineFigures {
    const mediaCount = counts.photos + counts.videos;
    const off = (minor: number) =>
      album.lastCall ? discounted(minor, LAST_CALL_SD_DISCOUNT_PERCENT) : minor;
    if (isPackage(line.orderType)) {
      // Never more than its media cost by the list; struck through: their single prices.
      const offer = packagePrice(album, line.orderType, counts);
      if (!offer) return { mediaCount, total: 0, original: null };
      const total = line.orderType === 'ALL_PHOTOS' ? off(offer.price) : offer.price;
      const original = Math.max(offer.original ?? 0, offer.price);
      return { mediaCount, total, original: original > total ? original : null };
    }
    let total = 0;
    let original = 0;
    for (const type of ['photo', 'video'] as const) {
      const n = type === 'photo' ? counts.photos : counts.videos;
      const price = priceForCount(listItems(album, line.galleryId, type), n, currency(album));
      if (!price) continue;
      total += type === 'photo' ? off(price.total) : price.total;
      original += price.original ?? price.total;
    }
    return { mediaCount, total, original: original > total ? original : null };
  }

  /** Refuses media the album does not sell: a type without prices in the line's list. */
  function assertPriced(album: SaleAlbum, galleryId: number | null, members: Member[]) {
    for (const type of new Set(members.map((m) => m.type))) {
      if (!priceForCount(listItems(album, galleryId, type), 1, currency(album))) {
        throw new NotForSaleError(
          type === 'video'
            ? 'Videos of this album are not on sale.'
            : 'Photos of this album are not on sale.',
        );
      }
    }
  }

  return {
    load,
    loadMany,
    galleryIdsOf,
    membersOf,
    lineMembers,
    lineSummary,
    priceLine,
    packagePrice,
    assertPriced,
  };
}
export type CartAlbums = ReturnType<typeof cartAlbums>;
