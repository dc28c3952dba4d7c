import { ErrorCode, type MediaType } from '@fotodrop/contract';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';
import type { Queryable } from '../../db/client';
import type { PrintPhoto } from '../../db/print-schema';
import { DomainError, NotFoundError, ValidationError } from '../../http/errors';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { cartRepository } from '../../repositories/cart.repository';
import { checkinsRepository } from '../../repositories/checkins.repository';
import { boughtAcrossAlbums } from '../../repositories/entitlements.repository';
import { printCartRepository } from '../../repositories/print-cart.repository';
import { cartAlbums, coveredTypes, isPackage, NotForSaleError } from './cart-album';
import { priceStoredPrints } from './print-offer';

/**
 * decision: how many times a print item's price is charged. A product taking a fixed set of photos
 * (a photobook: 24 photos) is one item; otherwise every copy of every photo is one (10 prints, or
 * 2 canvases of one photo).
 */
export function chargedUnits(
  product: { minPhotos: number; maxPhotos: number },
  photos: PrintPhoto[],
): number {
  if (product.minPhotos === product.maxPhotos && product.maxPhotos > 1) return 1;
  return photos.reduce((sum, p) => sum + p.quantity, 0);
}

export class ItemUsedInPrintError extends DomainError {
  constructor() {
    super(
      400,
      ErrorCode.itemUsedInPrint,
      "This item's photos are used in print products in your cart. Remove those first.",
    );
  }
}

/** Which digital lines provide a photo to print, and whether their album sells now. */
type Providers = Map<number, { lineId: number; selling: boolean; closedReason: string | null }[]>;

/**
 * Print items are made of photos the user buys: every photo must be provided by a line of the
 * digital cart (a pick listing it, or a package covering the album's photos). This ties the two
 * halves of the cart together: what a print item may use, and which lines it keeps in the cart.
 */
export function printCart(db: Queryable, now: () => Date) {
  const albums = cartAlbums(db, now);

  /** The digital lines providing each of `photoIds` (photos only: prints are never made of videos). */
  async function providers(userId: number, photoIds: number[]): Promise<Providers> {
    const map: Providers = new Map();
    if (photoIds.length === 0) return map;
    const lines = await cartRepository(db).list(userId);
    const loaded = await albums.loadMany(
      userId,
      lines.map((l) => l.checkinId),
    );
    // One line after the other: inside a transaction every query shares one connection.
    for (const line of lines) {
      const album = loaded.get(line.checkinId);
      if (!album) continue;
      const types: MediaType[] = isPackage(line.orderType)
        ? coveredTypes(line.orderType).filter((t) => t === 'photo')
        : ['photo'];
      const ids = isPackage(line.orderType) ? photoIds : line.mediaIds.filter((id) => photoIds.includes(id));
      if (types.length === 0 || ids.length === 0) continue;
      const entry = {
        lineId: line.id,
        selling: album.closedReason === null,
        closedReason: album.closedReason,
      };
      for (const member of await albums.membersOf(userId, album, { ids, types })) {
        map.set(member.id, [...(map.get(member.id) ?? []), entry]);
      }
    }
    return map;
  }

  return {
    /**
     * Refuses photos a print item may not use: one the user does not see in any album is a 404;
     * a video, or a photo neither bought before nor provided by a digital line, is a validation
     * error; a photo whose only lines belong to albums that sell nothing now is not for sale.
     * Photos bought earlier print without a line (albums spec §2: "from earlier purchases").
     */
    async assertPrintable(userId: number, photoIds: number[]): Promise<void> {
      const albumsOfUser = await checkinsRepository(db).allCompleteAlbums(userId);
      const scopes = albumsOfUser.map((a) => a.scope);
      const seen =
        scopes.length === 0
          ? []
          : await albumMediaRepository(db).members({
              userId,
              scopes,
              galleryIds: null,
              favouritesOnly: false,
              ids: photoIds,
            });
      if (seen.length !== photoIds.length) throw new NotFoundError('Photo not found.');
      if (seen.some((m) => m.type !== 'photo')) {
        throw new ValidationError({ photos: ['print.video_not_printable'] }, 'Videos cannot be printed.');
      }
      const bought = await boughtAcrossAlbums(db, userId, albumsOfUser, seen);
      const provided = await providers(userId, photoIds);
      for (const id of photoIds) {
        if (bought.has(id)) continue;
        const lines = provided.get(id) ?? [];
        if (lines.length === 0) {
          throw new ValidationError(
            { photos: ['print.photo_not_in_cart'] },
            'Only photos in your cart can be printed. Add the photo to your cart first.',
          );
        }
        if (!lines.some((l) => l.selling)) {
          throw new NotForSaleError(lines[0]?.closedReason ?? 'The photos of this album are not on sale.');
        }
      }
    },

    /**
     * Refuses a change to a digital line that would take away a photo a print item uses and no
     * other line provides. `removed` lists the photos the change drops; null: the whole line.
     */
    async assertLineFree(userId: number, lineId: number, removed: number[] | null): Promise<void> {
      const used = [
        ...new Set(
          (await printCartRepository(db).list(userId)).flatMap((i) => i.photos.map((p) => p.photo_id)),
        ),
      ];
      const affected = removed === null ? used : used.filter((id) => removed.includes(id));
      if (affected.length === 0) return;
      const provided = await providers(userId, affected);
      for (const id of affected) {
        const lines = provided.get(id) ?? [];
        if (lines.some((l) => l.lineId === lineId) && lines.every((l) => l.lineId === lineId)) {
          throw new ItemUsedInPrintError();
        }
      }
    },

    /** The print items' count and total (minor units) at their organisations' current prices. */
    async totals(userId: number): Promise<{ count: number; total: number; currency: string | null }> {
      const items = await priceStoredPrints(db, await printCartRepository(db).list(userId));
      let total = 0;
      for (const item of items) {
        total += decimalStringToMinor(item.price, item.currency) * chargedUnits(item, item.photos);
      }
      return { count: items.length, total, currency: items[0]?.currency ?? null };
    },
  };
}
