import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  PHOTOBOOK_PHOTO_COUNT,
  PHOTOBOOK_SPECIAL_IDS,
  type Photobook,
  type PhotobookOffer,
} from '@fotodrop/contract';
import { deletionDeadline } from '@fotodrop/contract/rules/album-deadline';
import { decimalStringToMinor, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import { type PhotobookOfferEnd, photobookOfferEnd } from '@fotodrop/contract/rules/photobook';
import { randomSecret } from '../../adapters/secrets';
import type { Db } from '../../db/client';
import { DomainError, NotFoundError } from '../../http/errors';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { cartRepository } from '../../repositories/cart.repository';
import {
  albumScope,
  type CheckinWithContext,
  checkinsRepository,
} from '../../repositories/checkins.repository';
import { purchasedInAlbum } from '../../repositories/entitlements.repository';
import { printRepository, type VariantRow } from '../../repositories/print.repository';
import { settingsRepository } from '../../repositories/settings.repository';
import { viewedFiles } from '../media/media-dto';
import type { MediaFilesService } from '../media/media-files.service';
import { cartAlbums } from './cart-album';
import { cartOffers } from './cart-offers';
import type { PhotobookCovers } from './photobook-covers';
import { loadOffer, offerCurrency, offeredVariants } from './print-offer';

/** The spec's message for a forged link or an offer that is over (albums spec §8). */
export class PhotobookUnavailableError extends DomainError {
  constructor() {
    super(410, ErrorCode.photobookOfferUnavailable, 'This photobook offer is no longer available for sale.');
  }
}

const SPECIAL_IDS = new Set<number>(Object.values(PHOTOBOOK_SPECIAL_IDS));

/** The settings row holding the offer links' signing secret (made on first use, shared by every process). */
const SECRET_SETTING = 'photobook_offer_secret';

/** Where an offer link leads: the web app's offer page (apps/web paths.photobook). */
export const photobookOfferPath = (offer: { checkin_id: number; key: string }) =>
  `/photobook?checkin_id=${offer.checkin_id}&key=${encodeURIComponent(offer.key)}`;

/**
 * The photobook offer (albums spec §2 "Photobook offer page", §4 "the offer can expire", §9):
 * a link (album id and key) to a preview of a book of the album's photos, priced by the print
 * catalogue's photobook. The key is an HMAC of the user and album with a server secret, so a link
 * cannot be made up or moved to another album; the offer is over PHOTOBOOK_OFFER_DAYS after the
 * event, or at the album's deadline (`photobookOfferEnd`).
 */
export function photobookService(deps: {
  db: Db;
  mediaFiles: Pick<MediaFilesService, 'url'>;
  now: () => Date;
  /** Rendered covers; without them the covers are the book's first and last photos. */
  covers?: PhotobookCovers;
}) {
  let secret: Promise<string> | null = null;
  const offerSecret = () => {
    secret ??= settingsRepository(deps.db)
      .getOrCreate(SECRET_SETTING, randomSecret)
      .catch((error: unknown) => {
        secret = null;
        throw error;
      });
    return secret;
  };

  async function keyOf(userId: number, checkinId: number): Promise<string> {
    return createHmac('sha256', await offerSecret())
      .update(`photobook-offer\n${userId}\n${checkinId}`)
      .digest('base64url');
  }

  async function keyMatches(userId: number, checkinId: number, key: string): Promise<boolean> {
    const expected = Buffer.from(await keyOf(userId, checkinId), 'base64url');
    const given = Buffer.from(key, 'base64url');
    // Buffer.from drops characters outside the alphabet; the round trip refuses keys that had them.
    return (
      given.toString('base64url') === key &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  }

  /** The user's own completed album, or 404 as every album call answers for others' albums. */
  async function ownAlbum(userId: number, checkinId: number): Promise<CheckinWithContext> {
    const found = await checkinsRepository(deps.db).findForUser(userId, checkinId);
    if (found?.checkin.status !== 'complete') throw new NotFoundError('Album not found.');
    return found;
  }

  /** When the album's offer ends; null when it has none (its photos are gone or not shown). */
  function offerEnd(album: CheckinWithContext): PhotobookOfferEnd | null {
    const { service } = album;
    if (service.mediaDeleted || !service.canSeeMedia) return null;
    const deadline = deletionDeadline({
      event_id: service.id,
      event_end_date: service.endDate,
      media_available_to: service.mediaAvailableTo?.toISOString() ?? null,
      last_stay_deletion_date: service.lastStayDeletionDate,
    });
    const end = photobookOfferEnd({
      end_date: album.checkin.endOfStay ?? album.picacode.endOfStay ?? service.endDate,
      deadline: deadline?.at ?? null,
    });
    return Date.parse(end.at) > deps.now().getTime() ? end : null;
  }

  /**
   * The photobook the album's organisation offers (issue 19): the first product taking exactly
   * PHOTOBOOK_PHOTO_COUNT photos that its offer sells in the album's currency (a cart holds one
   * currency), with its cheapest variant at the offer's price.
   */
  async function photobookProduct(album: CheckinWithContext) {
    const currency = album.service.currency;
    const offer = await loadOffer(deps.db, album.service.organisationId);
    const repo = printRepository(deps.db);
    const books = (await repo.products()).filter(
      (p) =>
        p.minPhotos === PHOTOBOOK_PHOTO_COUNT &&
        p.maxPhotos === PHOTOBOOK_PHOTO_COUNT &&
        offerCurrency(offer, p) === currency,
    );
    const variants = await repo.variantsOf(books.map((p) => p.id));
    for (const product of books) {
      const cheapest = offeredVariants(offer, product, variants).reduce<{
        variant: VariantRow;
        price: string;
      } | null>(
        (best, v) =>
          best === null ||
          decimalStringToMinor(v.price, currency) < decimalStringToMinor(best.price, currency)
            ? v
            : best,
        null,
      );
      if (cheapest) return { product, variant: cheapest.variant, price: cheapest.price, currency };
    }
    return null;
  }

  /**
   * The book's photos: the user's favourites first, then the rest of the album, each in the
   * album's order (newest first); photos only, at most PHOTOBOOK_PHOTO_COUNT.
   */
  async function bookPhotos(userId: number, album: CheckinWithContext) {
    const repo = albumMediaRepository(deps.db);
    const query = { userId, scopes: [albumScope(album)], galleryIds: null, type: 'photo' as const };
    const favourites = await repo.members({ ...query, favouritesOnly: true });
    const picked = new Map<number, { id: number; type: 'photo' }>();
    for (const m of favourites) if (!SPECIAL_IDS.has(m.id)) picked.set(m.id, { id: m.id, type: 'photo' });
    if (picked.size < PHOTOBOOK_PHOTO_COUNT) {
      for (const m of await repo.members({ ...query, favouritesOnly: false })) {
        if (picked.size >= PHOTOBOOK_PHOTO_COUNT) break;
        if (!SPECIAL_IDS.has(m.id)) picked.set(m.id, { id: m.id, type: 'photo' });
      }
    }
    return [...picked.values()].slice(0, PHOTOBOOK_PHOTO_COUNT);
  }

  /**
   * What the book's photos cost in the user's cart (issue 17): those not bought and not in a
   * package, as "Order photobook" puts them into the album's pick. An album that sells nothing now
   * (e.g. during a stay) charges nothing more here: the cart would refuse the photos anyway.
   */
  async function bookPhotosCost(userId: number, checkinId: number, photos: { id: number }[]) {
    const album = await cartAlbums(deps.db, deps.now)
      .load(userId, checkinId)
      .catch(() => null);
    if (!album) return { count: 0, price: 0 };
    const lines = await cartRepository(deps.db).list(userId, checkinId);
    return cartOffers(deps.db, deps.now).photosCost(
      userId,
      album,
      lines,
      photos.map((p) => p.id),
    );
  }

  return {
    /** The key of the album's offer link, for whoever builds the link (the album banner, e-mails). */
    keyOf,

    /** GET /photobook-offer/: the user's own album's offer link key, or null while it has none. */
    async offer(userId: number, checkinId: number): Promise<{ offer: PhotobookOffer | null }> {
      const album = await ownAlbum(userId, checkinId);
      const end = offerEnd(album);
      if (!end || !(await photobookProduct(album))) return { offer: null };
      // A count, not the book's photos: the album banner asks this on every visit.
      const photos = await albumMediaRepository(deps.db).count({
        userId,
        scopes: [albumScope(album)],
        galleryIds: null,
        favouritesOnly: false,
        type: 'photo',
      });
      if (photos === 0) return { offer: null };
      return {
        offer: { checkin_id: checkinId, key: await keyOf(userId, checkinId), offer_until: end.until },
      };
    },

    /**
     * GET /photobook-preview/: the book as the offer page shows it. Another user's album is a 404;
     * a wrong key, an offer that is over or an album without photos or photobook is a 410.
     */
    async preview(
      userId: number,
      query: { checkin_id: number; key: string },
    ): Promise<{ photobook: Photobook }> {
      const album = await ownAlbum(userId, query.checkin_id);
      if (!(await keyMatches(userId, query.checkin_id, query.key))) throw new PhotobookUnavailableError();
      const end = offerEnd(album);
      const book = end ? await photobookProduct(album) : null;
      const photos = book ? await bookPhotos(userId, album) : [];
      if (!end || !book || photos.length === 0) throw new PhotobookUnavailableError();
      // The album listings' rule: watermarked previews until bought, the clean ones after.
      const [bought, hidden] = await Promise.all([
        purchasedInAlbum(deps.db, userId, album.checkin.id, photos),
        // Other participants' faces in anonymous mode: blurred, as in the album.
        anonymizationRepository(deps.db).hiddenFromViewer(
          userId,
          photos.map((p) => p.id),
        ),
      ]);
      const urls = photos.map((p) => ({
        id: p.id,
        url: deps.mediaFiles.url(p.id, viewedFiles(bought.has(p.id)).preview, hidden.get(p.id)),
      }));
      const { product, variant, currency } = book;
      const bookPrice = decimalStringToMinor(book.price, currency);
      const cost = await bookPhotosCost(userId, album.checkin.id, photos);
      const money = (minor: number) => minorToDecimalString(minor, currency);
      const coverOf = (photo: { id: number }) => ({
        mediaId: photo.id,
        file: viewedFiles(bought.has(photo.id)).preview as 'preview' | 'preview-clean',
        hidden: hidden.get(photo.id),
      });
      const covers = await deps.covers?.urls({
        checkinId: album.checkin.id,
        organisationId: album.service.organisationId,
        eventName: album.service.name,
        front: coverOf(photos[0]!),
        back: coverOf(photos.at(-1)!),
      });
      return {
        photobook: {
          // decision: covers rendered as printed (photobook-covers.ts); the photo itself until its file exists
          front_cover_url: covers?.front ?? urls[0]!.url,
          back_cover_url: covers?.back ?? urls.at(-1)!.url,
          photos: urls,
          price: money(bookPrice),
          currency,
          offer_until: end.until,
          event_name: album.service.name,
          photo_count: product.maxPhotos,
          product_id: product.id,
          variant_option_ids: variant.optionIds,
          photos_to_buy: cost.count,
          photos_price: money(cost.price),
          total_price: money(bookPrice + cost.price),
        },
      };
    },
  };
}
export type PhotobookService = ReturnType<typeof photobookService>;
