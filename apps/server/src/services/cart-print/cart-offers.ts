import type { MediaType, PackageOrderType, PackageSuggestion } from '@fotodrop/contract';
import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { Queryable } from '../../db/client';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { cartRepository, type DigitalItemRow } from '../../repositories/cart.repository';
import { purchasedInAlbum } from '../../repositories/entitlements.repository';
import { cartAlbums, coveredTypes, isPackage, offeredPackages, type SaleAlbum } from './cart-album';

/** A pick as priced: the gallery whose list prices it and the media it holds. */
interface Pick {
  galleryId: number | null;
  mediaIds: number[];
}

/** What some photos cost in the cart: how many the user pays for, and their share of its total. */
export interface PhotosCost {
  count: number;
  /** Minor units. */
  price: number;
}

/**
 * What the cart's figures say beyond its lines (issue 17): what the photos a print product needs
 * add to the cart, and the whole-album package when it is cheaper than the photos picked. Every
 * figure comes from the cart's own pricing (`cartAlbums().priceLine`), so none can disagree with
 * what the order charges.
 */
export function cartOffers(db: Queryable, now: () => Date) {
  const albums = cartAlbums(db, now);

  /** The picks' total by their lists, with each medium's type from `types` (unknown media count nothing). */
  function picksTotal(album: SaleAlbum, picks: Pick[], types: Map<number, MediaType>): number {
    let total = 0;
    for (const pick of picks) {
      const ids = pick.mediaIds.filter((id) => types.has(id));
      if (ids.length === 0) continue;
      const photos = ids.filter((id) => types.get(id) === 'photo').length;
      const line = { orderType: 'PHOTOLIST' as const, galleryId: pick.galleryId };
      total += albums.priceLine(album, line, { photos, videos: ids.length - photos }).total;
    }
    return total;
  }

  /**
   * What `ids` of one album cost in the cart: the cart with them (those in no pick joining the
   * album's own pick, as the photobook adds them) less the cart without them. Photos bought
   * earlier or covered by the album's package in the cart cost nothing and are not counted.
   */
  async function photosCost(
    userId: number,
    album: SaleAlbum,
    lines: DigitalItemRow[],
    ids: number[],
  ): Promise<PhotosCost> {
    const picks: Pick[] = lines.filter((l) => !isPackage(l.orderType));
    const covered = new Set(lines.flatMap((l) => (isPackage(l.orderType) ? coveredTypes(l.orderType) : [])));
    const all = [...new Set([...picks.flatMap((p) => p.mediaIds), ...ids])];
    const members = await albums.membersOf(userId, album, { ids: all });
    const types = new Map(members.map((m) => [m.id, m.type]));
    const asked = members.filter((m) => ids.includes(m.id) && !covered.has(m.type));
    const bought = await purchasedInAlbum(db, userId, album.context.checkinId, asked);
    const paid = new Set(asked.filter((m) => !bought.has(m.id)).map((m) => m.id));
    const picked = new Set(picks.flatMap((p) => p.mediaIds));
    const missing = [...paid].filter((id) => !picked.has(id));
    const withThem = picks.map((p) =>
      p.galleryId === null ? { ...p, mediaIds: [...p.mediaIds, ...missing] } : p,
    );
    if (missing.length > 0 && !picks.some((p) => p.galleryId === null))
      withThem.push({ galleryId: null, mediaIds: missing });
    const without = picks.map((p) => ({ ...p, mediaIds: p.mediaIds.filter((id) => !paid.has(id)) }));
    return {
      count: paid.size,
      price: picksTotal(album, withThem, types) - picksTotal(album, without, types),
    };
  }

  /** The album's media the user sees, counted by type (what a package would buy now). */
  async function albumCounts(userId: number, album: SaleAlbum) {
    const q = { userId, scopes: [album.context.scope], galleryIds: null, favouritesOnly: false };
    const repo = albumMediaRepository(db);
    return {
      photos: await repo.count({ ...q, type: 'photo' }),
      videos: await repo.count({ ...q, type: 'video' }),
    };
  }

  /** The package of one album that saves most against its picks, or null when none saves anything. */
  async function suggestionFor(
    userId: number,
    album: SaleAlbum,
    lines: DigitalItemRow[],
  ): Promise<PackageSuggestion | null> {
    const picks: Pick[] = lines.filter((l) => !isPackage(l.orderType));
    if (album.closedReason || picks.length === 0 || picks.length !== lines.length) return null;
    const members = await albums.membersOf(userId, album, { ids: picks.flatMap((p) => p.mediaIds) });
    const types = new Map(members.map((m) => [m.id, m.type]));
    const picksNow = picksTotal(album, picks, types);
    const counts = await albumCounts(userId, album);
    let best: { type: PackageOrderType; price: number; saving: number; count: number } | null = null;
    for (const offer of offeredPackages(album.service, album.lists, counts, now())) {
      const type = offer.order_type;
      const covers = coveredTypes(type);
      // The package's line as the cart would charge it (its cap and the last call included)…
      const price = albums.priceLine(album, { orderType: type, galleryId: null }, counts).total;
      // …plus what stays picked: media of kinds it does not buy.
      const rest = picks.map((p) => ({
        ...p,
        mediaIds: p.mediaIds.filter((id) => !covers.includes(types.get(id) ?? 'photo')),
      }));
      const saving = picksNow - (price + picksTotal(album, rest, types));
      const count = covers.reduce((n, t) => n + (t === 'photo' ? counts.photos : counts.videos), 0);
      if (saving > 0 && (best === null || saving > best.saving)) best = { type, price, saving, count };
    }
    if (!best) return null;
    const money = (minor: number) => minorToDecimalString(minor, album.context.currency);
    return {
      checkin_id: album.context.checkinId,
      event_name: album.context.serviceName,
      order_type: best.type,
      media_count: best.count,
      price: money(best.price),
      picks_total: money(picksNow),
      saving: money(best.saving),
    };
  }

  return {
    photosCost,

    /**
     * What a print item's photos add to the cart: for each album whose picks hold some of them,
     * the cart with them less the cart without them.
     */
    async printPhotosCost(userId: number, photoIds: number[]): Promise<PhotosCost> {
      const lines = await cartRepository(db).list(userId);
      const loaded = await albums.loadMany(
        userId,
        lines.map((l) => l.checkinId),
      );
      const total: PhotosCost = { count: 0, price: 0 };
      for (const album of loaded.values()) {
        const own = lines.filter((l) => l.checkinId === album.context.checkinId);
        const picked = new Set(own.flatMap((l) => l.mediaIds));
        const ids = photoIds.filter((id) => picked.has(id));
        if (ids.length === 0) continue;
        const cost = await photosCost(userId, album, own, ids);
        total.count += cost.count;
        total.price += cost.price;
      }
      return total;
    },

    /** GET /v1/cart/'s package suggestions: per album of picks, the package cheaper than them. */
    async packageSuggestions(userId: number): Promise<PackageSuggestion[]> {
      const lines = await cartRepository(db).list(userId);
      const loaded = await albums.loadMany(
        userId,
        lines.map((l) => l.checkinId),
      );
      const found: PackageSuggestion[] = [];
      for (const album of loaded.values()) {
        const own = lines.filter((l) => l.checkinId === album.context.checkinId);
        const suggestion = await suggestionFor(userId, album, own);
        if (suggestion) found.push(suggestion);
      }
      return found;
    },
  };
}
export type CartOffers = ReturnType<typeof cartOffers>;
