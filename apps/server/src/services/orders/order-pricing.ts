import { ErrorCode } from '@fotodrop/contract';
import { isCampaignValid } from '@fotodrop/contract/rules/campaign';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';
import type { Queryable } from '../../db/client';
import { DomainError } from '../../http/errors';
import { cartRepository } from '../../repositories/cart.repository';
import type { NewOrderLine } from '../../repositories/orders.repository';
import { printCartRepository } from '../../repositories/print-cart.repository';
import {
  type CampaignRow,
  type VoucherRow,
  vouchersRepository,
} from '../../repositories/vouchers.repository';
import {
  cartAlbums,
  coveredTypes,
  isPackage,
  NotForSaleError,
  type SaleAlbum,
} from '../cart-print/cart-album';
import { chargedUnits } from '../cart-print/print-cart';
import { priceStoredPrints } from '../cart-print/print-offer';
import { computeDiscounts, splitEvenly } from './discounts';

export type VoucherStatus = 'valid' | 'invalid' | 'used';

export class VoucherError extends DomainError {
  constructor(readonly voucherStatus: Exclude<VoucherStatus, 'valid'>) {
    const used = voucherStatus === 'used';
    super(400, ErrorCode.validation, used ? 'Promotion already used' : 'Invalid promo code', {
      fields: { voucher_code: [used ? 'voucher.used' : 'voucher.invalid'] },
    });
  }
}

/** Shipping of an order with print items to a country (cart-print/shipping.ts). */
export type QuoteShipping = (
  db: Queryable,
  input: {
    country: string;
    currency: string;
    hasPrintItems: boolean;
    /** Whose prints the order holds (their offers' shipping rates; null: the platform's). */
    organisationIds?: readonly (number | null)[];
  },
) => Promise<{ shipping: number; handlingFee: number }>;

export interface PricedCart {
  currency: string | null;
  /** The selling organisation (first album's event) and the albums bought from. */
  organisationId: number | null;
  albums: {
    checkinId: number;
    eventName: string;
    picacode: string;
    serviceId: number;
    organisationId: number;
  }[];
  lines: NewOrderLine[];
  /** Albums of the cart that sell nothing now, with the reason. */
  closed: string[];
  hasPrint: boolean;
  itemsCount: number;
  /** What the cart's header counts: each media of a pick as the user put it in, a package as one. */
  digitalItemsCount: number;
  printItemsCount: number;
  digitalTotal: number;
  printTotal: number;
  shipping: number;
  handlingFee: number;
  discountTotal: number;
  /** The campaign's part of discountTotal. */
  campaignDiscount: number;
  grandTotal: number;
  voucher: { row: VoucherRow | null; code: string; status: VoucherStatus } | null;
  campaign: CampaignRow | null;
}

/**
 * The one computation of what a cart costs, used by the checkout's totals and by the order: the
 * lines at the agencies' current prices, shipping to the chosen country, the voucher and a valid
 * campaign. Nothing the browser sends is a price.
 */
export function orderPricing(deps: { now: () => Date; quoteShipping: QuoteShipping }) {
  /** Whether a code limited to some events may be used for albums of `serviceIds` (all of them must be of those events). */
  const forEvents = (eventIds: number[], serviceIds: number[]) =>
    eventIds.length === 0 || (serviceIds.length > 0 && serviceIds.every((id) => eventIds.includes(id)));

  /**
   * decision (issue 19): a voucher that is deactivated, outside its dates, of another organisation
   * or currency, or limited to events the cart's albums are not all of, is "Invalid promo code";
   * one used up in all or by this account is "Promotion already used".
   */
  async function voucherOf(
    db: Queryable,
    userId: number,
    code: string,
    ctx: { currency: string | null; organisationIds: number[]; serviceIds: number[] },
  ): Promise<PricedCart['voucher']> {
    const repo = vouchersRepository(db);
    const row = await repo.byCode(code);
    const now = deps.now();
    const invalid = { row: null, code, status: 'invalid' as const };
    if (!row || row.deactivatedAt !== null) return invalid;
    if ((row.validFrom && row.validFrom > now) || (row.validTo && row.validTo < now)) return invalid;
    if (row.organisationId !== null && !ctx.organisationIds.every((id) => id === row.organisationId)) {
      return invalid;
    }
    if (row.kind === 'amount' && ctx.currency !== null && row.currency !== ctx.currency) return invalid;
    if (!forEvents(await repo.eventIds(row.id), ctx.serviceIds)) return invalid;
    const usage = await repo.usage(row.id, userId);
    const perAccount = row.maxUsesPerAccount;
    if (
      (perAccount !== null && usage.byUser >= perAccount) ||
      (row.maxUses !== null && usage.total >= row.maxUses)
    ) {
      return { row, code: row.code, status: 'used' };
    }
    // the voucher as the organiser wrote it (codes match whatever the case typed)
    return { row, code: row.code, status: 'valid' };
  }

  async function campaignOf(
    db: Queryable,
    code: string | undefined,
    ctx: { organisationIds: number[]; serviceIds: number[] },
  ) {
    if (!code) return null;
    const repo = vouchersRepository(db);
    const row = await repo.campaignByCode(code);
    // a deactivated campaign is treated as an expired one: its link takes nothing off
    if (!row || row.deactivatedAt !== null) return null;
    const valid = isCampaignValid(
      { campaign_code: row.code, campaign_expires_at: row.expiresAt?.toISOString() ?? null },
      deps.now(),
    );
    if (!valid) return null;
    if (row.organisationId !== null && !ctx.organisationIds.every((id) => id === row.organisationId))
      return null;
    if (!forEvents(await repo.campaignEventIds(row.id), ctx.serviceIds)) return null;
    return row;
  }

  return {
    async price(
      db: Queryable,
      userId: number,
      options: {
        voucherCode?: string | undefined;
        campaignCode?: string | undefined;
        country?: string | undefined;
      },
    ): Promise<PricedCart> {
      const albums = cartAlbums(db, deps.now);
      const cartLines = await cartRepository(db).list(userId);
      const loaded = await albums.loadMany(
        userId,
        cartLines.map((l) => l.checkinId),
      );
      const lines: NewOrderLine[] = [];
      const photoUnitPrices: number[] = [];
      const closed: string[] = [];
      const bought = new Map<number, SaleAlbum>();
      let digitalTotal = 0;
      let itemsCount = 0;
      // One line after the other: inside a transaction every query shares one connection.
      for (const line of [...cartLines].reverse()) {
        const album = loaded.get(line.checkinId);
        if (!album) continue;
        if (album.closedReason) closed.push(album.closedReason);
        bought.set(album.context.checkinId, album);
        const name = album.context.serviceName;
        if (isPackage(line.orderType)) {
          const summary = await albums.lineSummary(userId, album, line);
          const figures = albums.priceLine(album, line, summary);
          // Put in the cart during the pre-sale, ordered after it with nothing in the album yet:
          // the list's rules would charge nothing for every photo to come (issue 19).
          const offer = albums.packagePrice(album, line.orderType, summary);
          if (offer && !offer.prepurchase && offer.mediaTotal === 0)
            closed.push(`The pre-sale of the “${name}” package is over: remove it from your cart.`);
          digitalTotal += figures.total;
          itemsCount += 1;
          lines.push({
            kind: 'digital',
            cartItemId: line.id,
            orderType: line.orderType,
            checkinId: line.checkinId,
            galleryId: null,
            mediaIds: [],
            description: `${name} — ${packageName(line.orderType)}`,
            quantity: 1,
            total: figures.total,
          });
          continue;
        }
        const members = await albums.membersOf(userId, album, { ids: line.mediaIds });
        if (members.length === 0) continue;
        const photos = members.filter((m) => m.type === 'photo').length;
        const counts = { photos, videos: members.length - photos };
        const figures = albums.priceLine(album, line, counts);
        const photoPart = albums.priceLine(album, line, { photos, videos: 0 }).total;
        photoUnitPrices.push(...splitEvenly(photoPart, photos));
        digitalTotal += figures.total;
        itemsCount += members.length;
        lines.push({
          kind: 'digital',
          cartItemId: line.id,
          orderType: 'PHOTOLIST',
          checkinId: line.checkinId,
          galleryId: line.galleryId,
          mediaIds: members.map((m) => m.id),
          description: `${name} — ${describeCount(counts)}`,
          quantity: members.length,
          total: figures.total,
        });
      }

      const printRows = await priceStoredPrints(
        db,
        (await printCartRepository(db).listDetailed(userId)).map((r) => ({
          ...r,
          organisationId: r.item.organisationId,
          currency: r.item.currency,
          productId: r.item.productId,
          variantId: r.item.variantId,
        })),
      );
      const printItems = printRows.map((r) => r.item);
      let printTotal = 0;
      for (const { item, title, price, minPhotos, maxPhotos, offered } of [...printRows].reverse()) {
        // Issue 19: a product its organisation no longer offers is not sold (the participant removes it).
        if (!offered) closed.push(`“${title}” is no longer offered. Remove it from your cart.`);
        const unitPrice = decimalStringToMinor(price, item.currency);
        const units = chargedUnits({ minPhotos, maxPhotos }, item.photos);
        printTotal += unitPrice * units;
        itemsCount += 1;
        lines.push({
          kind: 'print',
          cartItemId: item.id,
          orderType: null,
          checkinId: null,
          galleryId: null,
          mediaIds: [],
          print: {
            productId: item.productId,
            variantId: item.variantId,
            title,
            // The lab package names the variant's options and print size from the catalogue.
            options: {},
            sizeMm: null,
            photos: item.photos,
            unitPrice,
          },
          description: title,
          quantity: units,
          total: unitPrice * units,
        });
      }

      const currency = cartLines[0]?.currency ?? printItems[0]?.currency ?? null;
      const albumList = [...bought.values()].map((a) => ({
        checkinId: a.context.checkinId,
        eventName: a.context.serviceName,
        picacode: a.context.picacode,
        serviceId: a.context.serviceId,
        organisationId: a.service.organisationId,
      }));
      const organisationIds = [...new Set(albumList.map((a) => a.organisationId))];
      const serviceIds = [...new Set(albumList.map((a) => a.serviceId))];
      const hasPrint = printItems.length > 0;
      const quote =
        hasPrint && options.country && currency
          ? await deps.quoteShipping(db, {
              country: options.country,
              currency,
              hasPrintItems: true,
              organisationIds: printItems.map((i) => i.organisationId),
            })
          : { shipping: 0, handlingFee: 0 };
      const voucher = options.voucherCode
        ? await voucherOf(db, userId, options.voucherCode, { currency, organisationIds, serviceIds })
        : null;
      const campaign = await campaignOf(db, options.campaignCode, { organisationIds, serviceIds });
      const subtotal = digitalTotal + printTotal;
      const discounts = computeDiscounts({
        photoUnitPrices,
        subtotal,
        voucher:
          voucher?.status === 'valid' && voucher.row
            ? { kind: voucher.row.kind, value: voucher.row.value }
            : null,
        campaignPercent: campaign?.percentOff ?? null,
      });
      return {
        currency,
        organisationId: albumList[0]?.organisationId ?? null,
        albums: albumList,
        lines,
        closed,
        hasPrint,
        itemsCount,
        digitalItemsCount: cartLines.reduce(
          (sum, line) => sum + (isPackage(line.orderType) ? 1 : line.mediaIds.length),
          0,
        ),
        printItemsCount: printItems.length,
        digitalTotal,
        printTotal,
        shipping: quote.shipping,
        handlingFee: quote.handlingFee,
        discountTotal: discounts.total,
        campaignDiscount: discounts.campaign,
        grandTotal: subtotal - discounts.total + quote.shipping + quote.handlingFee,
        voucher,
        campaign,
      };
    },

    /** Refuses an order the cart cannot make: nothing in it, albums that sell nothing, a bad voucher. */
    assertOrderable(priced: PricedCart): asserts priced is PricedCart & { currency: string } {
      if (priced.lines.length === 0 || priced.currency === null) {
        throw new NotForSaleError('Your cart is empty.');
      }
      const [reason] = priced.closed;
      if (reason) throw new NotForSaleError(reason);
      if (priced.voucher && priced.voucher.status !== 'valid') throw new VoucherError(priced.voucher.status);
    },
  };
}
export type OrderPricing = ReturnType<typeof orderPricing>;

function packageName(orderType: string): string {
  if (orderType === 'ALL_PHOTOS') return 'all photos';
  if (orderType === 'VIDEOS') return 'all videos';
  return 'all photos and videos';
}

function describeCount({ photos, videos }: { photos: number; videos: number }): string {
  const parts = [];
  if (photos > 0) parts.push(`${photos} photo${photos === 1 ? '' : 's'}`);
  if (videos > 0) parts.push(`${videos} video${videos === 1 ? '' : 's'}`);
  return parts.join(', ');
}

export { coveredTypes };
