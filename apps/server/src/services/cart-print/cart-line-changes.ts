import type { PackageOrderType } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { cartRepository, type DigitalItemRow } from '../../repositories/cart.repository';
import { entitlementsRepository } from '../../repositories/entitlements.repository';
import type { AuthContext } from '../accounts/auth.service';
import {
  cartAlbums,
  coveredTypes,
  isPackage,
  type Member,
  NotForSaleError,
  offeredPackages,
  type SaleAlbum,
} from './cart-album';
import { AlreadyBoughtError } from './cart-errors';
import { printCart } from './print-cart';

/*
 * How the cart's lines change when something is added (split from cart.service.ts, issue 17
 * item 15): a package replaces the picks it covers; media join the album's pick for a gallery.
 * Both run inside the caller's transaction holding the user's cart lock.
 */

/**
 * Puts a package line for the album (one per album) and takes what it covers out of the album's
 * picks; picks left empty go.
 */
export async function putPackage(
  tx: Queryable,
  now: () => Date,
  auth: AuthContext,
  album: SaleAlbum,
  orderType: PackageOrderType,
): Promise<DigitalItemRow> {
  if (!album.service.packagePrices.some((p) => p.order_type === orderType)) {
    throw new NotForSaleError('This album does not offer that package.');
  }
  const owned = (await entitlementsRepository(tx).albumTypes(auth.user.id, [album.context.checkinId])).get(
    album.context.checkinId,
  );
  if (coveredTypes(orderType).every((t) => owned?.has(t)))
    throw new AlreadyBoughtError('You have bought this package already.');
  const repo = cartRepository(tx);
  const lines = await repo.list(auth.user.id, album.context.checkinId);
  const covered = coveredTypes(orderType);
  const members = await cartAlbums(tx, now).membersOf(auth.user.id, album, { types: ['photo', 'video'] });
  const counts = {
    photos: members.filter((m) => m.type === 'photo').length,
    videos: members.filter((m) => m.type === 'video').length,
  };
  // Never a package dearer than the media it buys (issue 17).
  if (!offeredPackages(album.service, album.lists, counts, now()).some((p) => p.order_type === orderType)) {
    throw new NotForSaleError('This package costs more than the photos it would buy: pick them instead.');
  }
  const coveredIds = new Set(members.filter((m) => covered.includes(m.type)).map((m) => m.id));
  let packageLine: DigitalItemRow | undefined;
  for (const line of lines) {
    if (isPackage(line.orderType)) {
      // A videos-only package no longer provides the photos print items may use.
      if (!covered.includes('photo')) await printCart(tx, now).assertLineFree(auth.user.id, line.id, null);
      packageLine = await repo.update(auth.user.id, line.id, { orderType, mediaIds: [] });
      continue;
    }
    const kept = line.mediaIds.filter((id) => !coveredIds.has(id));
    if (kept.length === 0) await repo.delete(auth.user.id, line.id);
    else if (kept.length !== line.mediaIds.length)
      await repo.update(auth.user.id, line.id, { mediaIds: kept });
  }
  return (
    packageLine ??
    repo.insert({
      userId: auth.user.id,
      checkinId: album.context.checkinId,
      galleryId: null,
      orderType,
      mediaIds: [],
      currency: album.context.currency,
    })
  );
}

/** Adds media to the album's pick for a gallery's prices, making the line when there is none. */
export async function addToPick(
  tx: Queryable,
  auth: AuthContext,
  album: SaleAlbum,
  galleryId: number | null,
  members: Member[],
): Promise<DigitalItemRow> {
  const repo = cartRepository(tx);
  const lines = await repo.list(auth.user.id, album.context.checkinId);
  const pack = lines.find((l) => isPackage(l.orderType));
  const covered = new Set(pack ? coveredTypes(pack.orderType) : []);
  const ids = members.filter((m) => !covered.has(m.type)).map((m) => m.id);
  // Everything asked for is already bought by the album's package.
  if (pack && ids.length === 0) return pack;
  const pick = lines.find((l) => l.orderType === 'PHOTOLIST' && l.galleryId === galleryId);
  if (pick) {
    const merged = [...pick.mediaIds, ...ids.filter((id) => !pick.mediaIds.includes(id))];
    return (await repo.update(auth.user.id, pick.id, { mediaIds: merged })) ?? pick;
  }
  return repo.insert({
    userId: auth.user.id,
    checkinId: album.context.checkinId,
    galleryId,
    orderType: 'PHOTOLIST',
    mediaIds: ids,
    currency: album.context.currency,
  });
}
