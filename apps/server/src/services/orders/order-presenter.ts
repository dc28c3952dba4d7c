import type { Order } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { anonymizationRepository } from '../../repositories/anonymization.repository';
import { type OrderRow, ordersRepository } from '../../repositories/orders.repository';
import type { MediaFilesService } from '../media/media-files.service';
import { orderDto } from './order-dto';

/** How many photos of an order "My orders" shows. */
const THUMBNAILS_PER_ORDER = 4;

/**
 * Orders as their owner receives them: lines, albums and the first photos' signed thumbnails,
 * read once for a whole page. A thumbnail is clean only for a paid order (its photos are the
 * buyer's); until then it carries the watermark, and other participants' faces in anonymous mode
 * are blurred as everywhere else.
 */
export function orderPresenter(deps: { db: Queryable; mediaFiles: MediaFilesService }) {
  async function presentAll(orders: OrderRow[]): Promise<Order[]> {
    const repo = ordersRepository(deps.db);
    const lines = await repo.linesOf(orders.map((o) => o.id));
    const albums = await repo.albumsOf([
      ...new Set(lines.flatMap((l) => (l.checkinId === null ? [] : [l.checkinId]))),
    ]);
    const firstMedia = new Map(
      orders.map((o) => [
        o.id,
        [...new Set(lines.filter((l) => l.orderId === o.id).flatMap((l) => l.mediaIds))].slice(
          0,
          THUMBNAILS_PER_ORDER,
        ),
      ]),
    );
    const results: Order[] = [];
    for (const order of orders) {
      const own = lines.filter((l) => l.orderId === order.id);
      const ids = new Set(own.map((l) => l.checkinId));
      const account =
        order.paymentMethod === 'bank-transfer' ? await repo.bankAccountFor(order.organisationId) : null;
      const shown = firstMedia.get(order.id) ?? [];
      const hidden = await anonymizationRepository(deps.db).hiddenFromViewer(order.userId, shown);
      const file = order.status === 'paid' ? 'thumb-clean' : 'thumb';
      results.push({
        ...orderDto(
          order,
          own,
          albums.filter((a) => ids.has(a.checkin_id)),
          account,
        ),
        thumbnails: shown.map((id) => ({ media_id: id, url: deps.mediaFiles.url(id, file, hidden.get(id)) })),
      });
    }
    return results;
  }

  return {
    presentAll,
    async present(order: OrderRow): Promise<Order> {
      const [dto] = await presentAll([order]);
      if (!dto) throw new Error('an order presents as one order');
      return dto;
    },
  };
}
export type OrderPresenter = ReturnType<typeof orderPresenter>;
