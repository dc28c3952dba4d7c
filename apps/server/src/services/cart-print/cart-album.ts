import type { MediaType, OrderType, PackageOrderType } from '@fotodrop/contract';
import { ErrorCode, LAST_CALL_SD_DISCOUNT_PERCENT } from '@fotodrop/contract';
import { deadlinePhase, deletionDeadline } from '@fotodrop/contract/rules/album-deadline';
import { discounted, priceForCount } from '@fotodrop/contract/rules/cart-pricing';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';
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

/**
 * The packages an album offers: those that buy something now, and all of them while photos may
 * still arrive (tagging not finished), since a package bought early covers the later ones.
 */
export function offeredPackages(service: PhotoServiceRow, counts: { photos: number; videos: number }) {
  if (!service.isTaggingCompleted) return service.packagePrices;
  const buys = {
    ALL_PHOTOS: counts.photos > 0,
    VIDEOS: counts.videos > 0,
    PHOTOS_AND_VIDEOS: counts.photos > 0 && counts.videos > 0,
  };
  return service.packagePrices.filter((p) => buys[p.order_type]);
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
    const total = counted ? await albums().count(q) : 0;
    const first = (await albums().page(q, 1, SUMMARY_MEDIA)).map((r) => ({ id: r.id, type: r.type }));
    // A package's price does not depend on the split; the count is what it buys.
    return { photos: total, videos: 0, first };
  }

  function listItems(album: SaleAlbum, galleryId: number | null, type: MediaType) {
    const parentOf = (id: number) => album.galleries.find((g) => g.id === id)?.parentId ?? null;
    return (priceListFor(album.lists, galleryId, parentOf)?.items ?? []).filter((i) => i.media_type === type);
  }

  const currency = (album: SaleAlbum) => album.context.currency;

  /** The package's price as the agency set it, or null when the album does not offer it. */
  function packagePrice(album: SaleAlbum, orderType: PackageOrderType) {
    const offer = album.service.packagePrices.find((p) => p.order_type === orderType);
    if (!offer) return null;
    const price = decimalStringToMinor(offer.price, currency(album));
    const original =
      offer.price_original === null ? null : decimalStringToMinor(offer.price_original, currency(album));
    return { price, original };
  }

  /**
   * A line's price: a pick by its gallery's list, photos and videos apart; a package at its price.
   * In the last call photos cost half (a pick's photos, and the all-photos package); the price
   * before that discount is the original.
   */
  function priceLine(
    album: SaleAlbum,
    line: DigitalItemRow,
    counts: Omit<LineSummary, 'first'>,
  ): LineFigures {
    const mediaCount = counts.photos + counts.videos;
    const off = (minor: number) =>
      album.lastCall ? discounted(minor, LAST_CALL_SD_DISCOUNT_PERCENT) : minor;
    if (isPackage(line.orderType)) {
      const offer = packagePrice(album, line.orderType);
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
