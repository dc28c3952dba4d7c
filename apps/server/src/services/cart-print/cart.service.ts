import { type CartTotals, type DigitalItem, makePagination, type OrderType } from '@fotodrop/contract';
import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { Db, Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../http/errors';
import { albumMediaRepository } from '../../repositories/album-media.repository';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { cartRepository, type DigitalItemRow } from '../../repositories/cart.repository';
import { purchasedInAlbum } from '../../repositories/entitlements.repository';
import { printCartRepository } from '../../repositories/print-cart.repository';
import type { AuthContext } from '../accounts/auth.service';
import { mediaDto } from '../media/media-dto';
import type { MediaFilesService } from '../media/media-files.service';
import {
  cartAlbums,
  coveredTypes,
  isPackage,
  type Member,
  NotForSaleError,
  type SaleAlbum,
} from './cart-album';
import { AlreadyBoughtError, CurrencyMismatchError } from './cart-errors';
import { addToPick, putPackage } from './cart-line-changes';
import { trackAddToCart } from './cart-tracking';
import { printCart } from './print-cart';

const THUMBNAILS_PER_LINE = 4;

export { AlreadyBoughtError, CurrencyMismatchError } from './cart-errors';

/**
 * The digital cart (albums spec §3 "Digital item", §4 "Cart", §5): picks of media and whole-album
 * packages of the user's own albums, in one currency, priced by the agencies' lists.
 */
export function cartService(deps: { db: Db; mediaFiles: MediaFilesService; now: () => Date }) {
  const albumsOf = (db: Queryable) => cartAlbums(db, deps.now);
  /** Other participants' faces in anonymous mode, per medium: their thumbnails are blurred. */
  const hiddenOf = async (db: Queryable, userId: number, ids: number[]) =>
    ids.length > 0 ? anonymizationRepository(db).hiddenFromViewer(userId, ids) : new Map<number, number[]>();

  async function toDto(
    db: Queryable,
    userId: number,
    line: DigitalItemRow,
    album: SaleAlbum | undefined,
    members: Member[],
  ): Promise<DigitalItem> {
    const shown = members.slice(0, THUMBNAILS_PER_LINE);
    const hidden = await hiddenOf(
      db,
      userId,
      shown.map((m) => m.id),
    );
    return {
      id: line.id,
      media_ids: isPackage(line.orderType) ? [] : line.mediaIds,
      medias: shown.map((m) => ({
        id: m.id,
        thumbnail_url: deps.mediaFiles.url(m.id, 'thumb', hidden.get(m.id)),
      })),
      gallery_id: line.galleryId,
      checkin_id: line.checkinId,
      picacode: album?.context.picacode ?? '',
      event_name: album?.context.serviceName ?? '',
      order_type: line.orderType,
    };
  }

  async function describe(db: Queryable, auth: AuthContext, line: DigitalItemRow, album?: SaleAlbum) {
    const loaded = album ?? (await albumsOf(db).load(auth.user.id, line.checkinId));
    return toDto(
      db,
      auth.user.id,
      line,
      loaded,
      (await albumsOf(db).lineSummary(auth.user.id, loaded, line, false)).first,
    );
  }

  async function ownLine(db: Queryable, auth: AuthContext, id: number): Promise<DigitalItemRow> {
    const line = await cartRepository(db).find(auth.user.id, id);
    if (!line) throw new NotFoundError('This item is not in your cart.');
    return line;
  }

  /** The album must sell now, in the cart's currency. */
  async function assertSelling(db: Queryable, auth: AuthContext, album: SaleAlbum) {
    if (album.closedReason) throw new NotForSaleError(album.closedReason);
    const cartCurrency = await cartRepository(db).currency(auth.user.id);
    if (cartCurrency && cartCurrency !== album.context.currency) {
      throw new CurrencyMismatchError(cartCurrency, album.context.currency);
    }
  }

  /** The requested media of the album, all of them: an id the user cannot see is a 404. */
  async function pickOf(
    db: Queryable,
    auth: AuthContext,
    album: SaleAlbum,
    galleryId: number | null,
    ids: number[],
  ) {
    const albums = albumsOf(db);
    const galleryIds = albums.galleryIdsOf(album, galleryId);
    const unique = [...new Set(ids)];
    const members = await albums.membersOf(auth.user.id, album, { ids: unique, galleryIds });
    if (members.length !== unique.length) throw new NotFoundError('Photo not found.');
    albums.assertPriced(album, galleryId, members);
    const bought = await unbought(db, auth, album, members);
    // In the order asked for: the cart lists a pick as the user made it.
    return unique.flatMap((id) => bought.filter((m) => m.id === id));
  }

  /** What of `members` the user has not bought yet; nothing left is an error (never pay twice). */
  async function unbought(db: Queryable, auth: AuthContext, album: SaleAlbum, members: Member[]) {
    const bought = await purchasedInAlbum(db, auth.user.id, album.context.checkinId, members);
    const rest = members.filter((m) => !bought.has(m.id));
    if (rest.length === 0 && members.length > 0) throw new AlreadyBoughtError();
    return rest;
  }

  /** In a transaction holding the user's cart lock: cart changes of one user never interleave. */
  const changing = <T>(auth: AuthContext, work: (tx: Queryable) => Promise<T>) =>
    deps.db.transaction(async (tx) => {
      await cartRepository(tx).lockUser(auth.user.id);
      return work(tx);
    });

  /** A line just created or grown: its add-to-cart event, then its answer. */
  const describeAdded = async (tx: Queryable, auth: AuthContext, album: SaleAlbum, line: DigitalItemRow) =>
    describe(tx, auth, await trackAddToCart(tx, deps.now, auth.user.id, album, line), album);

  async function figures(auth: AuthContext) {
    const lines = await cartRepository(deps.db).list(auth.user.id);
    const albums = albumsOf(deps.db);
    const loaded = await albums.loadMany(
      auth.user.id,
      lines.map((l) => l.checkinId),
    );
    return Promise.all(
      lines.map(async (line) => {
        const album = loaded.get(line.checkinId);
        if (!album) return { line, album, figures: { mediaCount: 0, total: 0, original: null } };
        const summary = await albums.lineSummary(auth.user.id, album, line);
        return { line, album, figures: albums.priceLine(album, line, summary) };
      }),
    );
  }

  return {
    async list(auth: AuthContext, checkinId?: number) {
      const lines = await cartRepository(deps.db).list(auth.user.id, checkinId);
      const loaded = await albumsOf(deps.db).loadMany(
        auth.user.id,
        lines.map((l) => l.checkinId),
      );
      const results = await Promise.all(
        lines.map(async (line) => {
          const album = loaded.get(line.checkinId);
          const summary = album
            ? await albumsOf(deps.db).lineSummary(auth.user.id, album, line, false)
            : null;
          return toDto(deps.db, auth.user.id, line, album, summary?.first ?? []);
        }),
      );
      return { results };
    },

    async create(
      auth: AuthContext,
      body: { checkin_id: number; gallery_id: number | null; order_type: OrderType; media_ids: number[] },
    ) {
      return changing(auth, async (tx) => {
        const album = await albumsOf(tx).load(auth.user.id, body.checkin_id);
        await assertSelling(tx, auth, album);
        const line = isPackage(body.order_type)
          ? await putPackage(tx, deps.now, auth, album, body.order_type)
          : await addToPick(
              tx,
              auth,
              album,
              body.gallery_id,
              await pickOf(tx, auth, album, body.gallery_id, body.media_ids),
            );
        return describeAdded(tx, auth, album, line);
      });
    },

    async addMedias(auth: AuthContext, id: number, mediaIds: number[]) {
      return changing(auth, async (tx) => {
        const line = await ownLine(tx, auth, id);
        if (isPackage(line.orderType)) {
          throw new ValidationError(
            { media_ids: ['cart.package_has_all'] },
            'This line buys the whole album already.',
          );
        }
        const album = await albumsOf(tx).load(auth.user.id, line.checkinId);
        await assertSelling(tx, auth, album);
        const members = await pickOf(tx, auth, album, line.galleryId, mediaIds);
        return describeAdded(tx, auth, album, await addToPick(tx, auth, album, line.galleryId, members));
      });
    },

    /** Drops media from a line; it becomes a pick (a package: the album's media but these). */
    async removeMedias(auth: AuthContext, id: number, mediaIds: number[]) {
      return changing(auth, async (tx) => {
        const line = await ownLine(tx, auth, id);
        const album = await albumsOf(tx).load(auth.user.id, line.checkinId);
        const current = isPackage(line.orderType)
          ? (await albumsOf(tx).lineMembers(auth.user.id, album, line)).map((m) => m.id)
          : line.mediaIds;
        const kept = current.filter((m) => !mediaIds.includes(m));
        await printCart(tx, deps.now).assertLineFree(auth.user.id, line.id, mediaIds);
        const repo = cartRepository(tx);
        if (kept.length === 0) {
          await repo.delete(auth.user.id, line.id);
          return toDto(tx, auth.user.id, { ...line, orderType: 'PHOTOLIST', mediaIds: [] }, album, []);
        }
        const updated =
          (await repo.update(auth.user.id, line.id, { orderType: 'PHOTOLIST', mediaIds: kept })) ?? line;
        return describe(tx, auth, updated, album);
      });
    },

    /** A pick becomes a package, or a package a pick of everything it covers now. */
    async setType(auth: AuthContext, id: number, type: OrderType) {
      return changing(auth, async (tx) => {
        const line = await ownLine(tx, auth, id);
        const album = await albumsOf(tx).load(auth.user.id, line.checkinId);
        if (type === line.orderType) return describe(tx, auth, line, album);
        if (isPackage(type)) {
          await assertSelling(tx, auth, album);
          return describeAdded(tx, auth, album, await putPackage(tx, deps.now, auth, album, type));
        }
        const members = await albumsOf(tx).lineMembers(auth.user.id, album, line);
        const updated = await cartRepository(tx).update(auth.user.id, line.id, {
          orderType: 'PHOTOLIST',
          mediaIds: members.map((m) => m.id),
        });
        return describeAdded(tx, auth, album, updated ?? line);
      });
    },

    /** Every photo of the album (or of a gallery of it) into the album's pick for those prices. */
    async addAll(auth: AuthContext, body: { checkin_id: number; gallery_id: number | null }) {
      return changing(auth, async (tx) => {
        const albums = albumsOf(tx);
        const album = await albums.load(auth.user.id, body.checkin_id);
        await assertSelling(tx, auth, album);
        const galleryIds = albums.galleryIdsOf(album, body.gallery_id);
        const all = await albums.membersOf(auth.user.id, album, { types: ['photo'], galleryIds });
        if (all.length === 0) throw new NotForSaleError('This album has no photos to buy yet.');
        albums.assertPriced(album, body.gallery_id, all);
        const photos = await unbought(tx, auth, album, all);
        return describeAdded(tx, auth, album, await addToPick(tx, auth, album, body.gallery_id, photos));
      });
    },

    async remove(auth: AuthContext, id: number) {
      return changing(auth, async (tx) => {
        await ownLine(tx, auth, id);
        await printCart(tx, deps.now).assertLineFree(auth.user.id, id, null);
        await cartRepository(tx).delete(auth.user.id, id);
        return { detail: 'The item has been removed from your cart.' };
      });
    },

    async itemMedias(auth: AuthContext, id: number, pageNumber: number, pageSize: number) {
      const line = await ownLine(deps.db, auth, id);
      const album = await albumsOf(deps.db).load(auth.user.id, line.checkinId);
      const q = {
        userId: auth.user.id,
        scopes: [album.context.scope],
        galleryIds: null,
        favouritesOnly: false,
        ...(isPackage(line.orderType)
          ? coveredTypes(line.orderType).length === 1
            ? { type: coveredTypes(line.orderType)[0] }
            : {}
          : { ids: line.mediaIds }),
      };
      const repo = albumMediaRepository(deps.db);
      const [total, rows] = await Promise.all([repo.count(q), repo.page(q, pageNumber, pageSize)]);
      const hidden = await hiddenOf(
        deps.db,
        auth.user.id,
        rows.map((r) => r.id),
      );
      return {
        results: rows.map((row) => mediaDto(auth.user.id, row, deps.mediaFiles, null, hidden.get(row.id))),
        pagination: makePagination(total, pageNumber, pageSize),
      };
    },

    async totals(auth: AuthContext): Promise<CartTotals> {
      const [lines, prints] = await Promise.all([
        figures(auth),
        printCart(deps.db, deps.now).totals(auth.user.id),
      ]);
      const currency = lines[0]?.line.currency ?? prints.currency;
      const digital = lines.reduce((sum, l) => sum + l.figures.total, 0);
      const money = (minor: number) => minorToDecimalString(minor, currency ?? 'EUR');
      // Shipping of print items is priced at checkout, where the delivery country is known.
      return {
        digital_items_total: money(digital),
        // decision (issue 8): what the user put in counts, as the header badge shows it: each
        // media of a pick, and a package as one
        digital_items_count: lines.reduce(
          (sum, { line }) => sum + (isPackage(line.orderType) ? 1 : line.mediaIds.length),
          0,
        ),
        print_items_total: money(prints.total),
        print_items_count: prints.count,
        subtotal: money(digital + prints.total),
        shipping_costs: money(0),
        handling_fee: money(0),
        discount_total: money(0),
        grand_total: money(digital + prints.total),
        currency,
      };
    },

    async itemTotals(auth: AuthContext) {
      const lines = await figures(auth);
      return {
        results: lines.map(({ line, figures: f }) => ({
          id: line.id,
          media_count: f.mediaCount,
          total: minorToDecimalString(f.total, line.currency),
          total_original: f.original === null ? null : minorToDecimalString(f.original, line.currency),
        })),
      };
    },

    async clear(auth: AuthContext) {
      await changing(auth, async (tx) => {
        await printCartRepository(tx).clear(auth.user.id);
        await cartRepository(tx).clear(auth.user.id);
      });
      return { detail: 'Your cart is empty.' };
    },

    /** Whether cart lines hold media of an album (then the album cannot be removed). */
    holdsAlbum: (checkinId: number) => cartRepository(deps.db).hasAlbum(checkinId),
  };
}
export type CartService = ReturnType<typeof cartService>;
