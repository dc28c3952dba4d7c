import type { Queryable } from '../../db/client';
import type { DigitalItemRow } from '../../repositories/cart.repository';
import { track } from '../metrics/tracking';
import { cartAlbums, type SaleAlbum } from './cart-album';

/**
 * The add-to-cart event of a line just created or grown (albums spec §7), with what the line buys
 * and costs now; in the caller's transaction, so only a committed change is reported.
 */
export async function trackAddToCart(
  tx: Queryable,
  now: () => Date,
  userId: number,
  album: SaleAlbum,
  line: DigitalItemRow,
): Promise<DigitalItemRow> {
  const albums = cartAlbums(tx, now);
  const figures = albums.priceLine(album, line, await albums.lineSummary(userId, album, line));
  await track(tx, {
    type: 'add_to_cart',
    userId,
    payload: {
      item_id: line.id,
      checkin_id: line.checkinId,
      event_name: album.context.serviceName,
      order_type: line.orderType,
      media_count: figures.mediaCount,
      currency: line.currency,
      value: figures.total,
    },
  });
  return line;
}
