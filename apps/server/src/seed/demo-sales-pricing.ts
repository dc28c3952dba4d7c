import { deadlinePhase, deletionDeadline } from '@fotodrop/contract/rules/album-deadline';
import { decimalStringToMinor } from '@fotodrop/contract/rules/currency';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { printProducts, printVariants } from '../db/print-schema';
import type { NewOrderLine } from '../repositories/orders.repository';
import type { PhotoServiceRow } from '../repositories/photo-services.repository';
import type { CartAlbums, SaleAlbum } from '../services/cart-print/cart-album';
import { chargedUnits } from '../services/cart-print/print-cart';
import { priceStoredPrints } from '../services/cart-print/print-offer';
import type { AlbumOf } from './demo-sales-orders';
import type { DemoLine } from './demo-sales-plan';

/** The demo orders' lines priced by the checkout's own functions (`demo-sales-orders.ts` stores them). */

const PRINT_CHOICE = {
  prints: { title: 'Photo prints', price: '2.90' },
  canvas: { title: 'Canvas', price: '39.00' },
};

/** Whether the album was in its last call (photos half price) on that day. */
export function lastCallAt(service: PhotoServiceRow, at: number): boolean {
  const deadline = deletionDeadline({
    event_id: service.id,
    event_end_date: service.endDate,
    media_available_to: service.mediaAvailableTo?.toISOString() ?? null,
    last_stay_deletion_date: service.lastStayDeletionDate,
  });
  return deadline !== null && deadlinePhase(deadline, at) === 'last_call';
}

export type PrintPrices = Awaited<ReturnType<typeof printPrices>>;

/** The demo catalogue's 13×18 prints and small canvas at the organisation's offer. */
export async function printPrices(tx: Queryable, organisationId: number | null) {
  const rows = await tx
    .select({
      productId: printProducts.id,
      title: printProducts.title,
      minPhotos: printProducts.minPhotos,
      maxPhotos: printProducts.maxPhotos,
      productCurrency: printProducts.currency,
      variantId: printVariants.id,
      price: printVariants.price,
    })
    .from(printProducts)
    .innerJoin(printVariants, eq(printVariants.productId, printProducts.id))
    .where(
      and(
        inArray(printProducts.title, [PRINT_CHOICE.prints.title, PRINT_CHOICE.canvas.title]),
        sql`${printVariants.price} in (${PRINT_CHOICE.prints.price}, ${PRINT_CHOICE.canvas.price})`,
      ),
    )
    .orderBy(printVariants.id);
  const find = (choice: { title: string; price: string }) =>
    rows.find((r) => r.title === choice.title && Number(r.price) === Number(choice.price));
  const items = [find(PRINT_CHOICE.prints), find(PRINT_CHOICE.canvas)].flatMap((r) =>
    r ? [{ ...r, organisationId, currency: r.productCurrency }] : [],
  );
  const offered = await priceStoredPrints(tx, items);
  const of = (title: string) => offered.find((r) => r.title === title && r.offered);
  return { prints: of(PRINT_CHOICE.prints.title), canvas: of(PRINT_CHOICE.canvas.title) };
}

/** One planned line priced as the checkout prices it; null when the album does not sell it. */
export function lineOf(
  priceLine: CartAlbums['priceLine'],
  line: DemoLine,
  album: SaleAlbum,
  own: AlbumOf,
  eventName: string,
  albumPhotos: number,
  prints: PrintPrices,
): NewOrderLine | null {
  if (line.kind === 'print') {
    const product = prints[line.product];
    if (!product || product.productCurrency !== album.context.currency) return null;
    const unitPrice = decimalStringToMinor(product.price, product.productCurrency);
    const units = chargedUnits(product, line.photos);
    return {
      kind: 'print',
      cartItemId: null,
      orderType: null,
      checkinId: null,
      galleryId: null,
      mediaIds: [],
      print: {
        productId: product.productId,
        variantId: product.variantId,
        title: product.title,
        options: {},
        sizeMm: null,
        photos: line.photos,
        unitPrice,
      },
      description: product.title,
      quantity: units,
      total: unitPrice * units,
    };
  }
  const orderType = line.kind === 'pick' ? ('PHOTOLIST' as const) : line.orderType;
  const galleryId = line.kind === 'pick' ? line.galleryId : null;
  const photos = line.kind === 'pick' ? line.mediaIds.length : albumPhotos;
  const { total } = priceLine(album, { orderType, galleryId }, { photos, videos: 0 });
  if (total <= 0) return null;
  return {
    kind: 'digital',
    cartItemId: null,
    orderType,
    checkinId: own.checkinId,
    galleryId,
    mediaIds: line.kind === 'pick' ? line.mediaIds : [],
    description:
      line.kind === 'pick'
        ? `${eventName} — ${photos} photo${photos === 1 ? '' : 's'}`
        : `${eventName} — all photos`,
    quantity: line.kind === 'pick' ? photos : 1,
    total,
  };
}
