import type { OrderStatus, PaymentMethodId } from '@fotodrop/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkins, media, photoServices, picacodes } from '../db/album-schema';
import type { Queryable } from '../db/client';
import { metricEvents } from '../db/metrics-schema';
import { albumZips, labPackages, orderLines, orders, payments } from '../db/order-schema';
import { orderEmails, refunds } from '../db/refund-schema';
import { users } from '../db/schema';
import { containsPattern } from './like-pattern';
import { rowsOf } from './metric-events.repository';
import type { OrderLineRow } from './orders.repository';

export interface OrderFilters {
  organisationId: number;
  /** The event's id (already checked to be the organisation's). */
  photoServiceId?: number | undefined;
  /** One status; none: the orders that count for accounting (PLACED_STATUSES). */
  status?: OrderStatus | undefined;
  paymentMethod?: PaymentMethodId | undefined;
  q?: string | undefined;
  /** Calendar days in `timeZone`, both included. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

/**
 * decision (issue 19): without a status filter the console lists the orders that were placed for
 * real — paid, refunded in part or whole, or waiting for their bank transfer —, not the payment
 * attempts that were abandoned or declined (those are one filter away).
 */
export const PLACED_STATUSES: OrderStatus[] = ['paid', 'partially_refunded', 'refunded', 'pending'];

export type OrderSummaryRow = {
  items: number;
  hasPrints: boolean;
  refunded: number;
  events: { slug: string; name: string }[];
};

export type BuyerRow = { email: string; firstName: string; lastName: string };

/** The console's reads of an organisation's orders (issue 19). */
export function organiserOrdersRepository(db: Queryable) {
  function where(f: OrderFilters): SQL | undefined {
    const q = f.q?.trim();
    const number = q && /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
    return and(
      eq(orders.organisationId, f.organisationId),
      f.status ? eq(orders.status, f.status) : inArray(orders.status, PLACED_STATUSES),
      f.paymentMethod ? eq(orders.paymentMethod, f.paymentMethod) : undefined,
      // in parentheses: `and` does not wrap its parts, and a bare `or` here dropped the filters
      // after it (the days, the search) for album orders and those before it for print orders
      f.photoServiceId !== undefined
        ? sql`(exists (select 1 from ${orderLines} ol join ${checkins} c on c.id = ol.checkin_id
            where ol.order_id = ${orders.id} and c.photo_service_id = ${f.photoServiceId})
            or exists (select 1 from ${orderLines} ol join media m on m.id = any(ol.media_ids)
            where ol.order_id = ${orders.id} and ol.checkin_id is null and m.photo_service_id = ${f.photoServiceId}))`
        : undefined,
      q
        ? or(ilike(users.email, containsPattern(q)), number !== null ? eq(orders.id, number) : undefined)
        : undefined,
      // a day in the organisation's zone starts at its local midnight
      f.from
        ? sql`${orders.createdAt} >= (${f.from}::date::timestamp at time zone ${f.timeZone})`
        : undefined,
      f.to
        ? sql`${orders.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})`
        : undefined,
    );
  }

  const listed = { order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName };

  return {
    /**
     * One page and the number of matching orders in one statement (on PGlite each statement costs
     * milliseconds). The count is an uncorrelated subquery (its `orders` and `users` are its own),
     * run once, so the page keeps its top-N sort; a window count sorted all 10,000 wide rows and
     * was slower. A page past the end has no row to carry the count: counted apart.
     */
    async page(f: OrderFilters, page: { limit: number; offset: number }) {
      const condition = where(f);
      // only an e-mail search reads users: otherwise every order has its buyer (user_id is a
      // required foreign key), so the join would only slow the count down
      const searching = Boolean(f.q?.trim());
      const counted = (
        searching
          ? sql<number>`(select count(*) from ${orders} inner join ${users}
              on ${users.id} = ${orders.userId} where ${condition ?? sql`true`})`
          : sql<number>`(select count(*) from ${orders} where ${condition ?? sql`true`})`
      ).mapWith(Number);
      const found = await db
        .select({ ...listed, total: counted })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(condition)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(page.limit)
        .offset(page.offset);
      const rows = found.map(({ total: _, ...row }) => row);
      if (found.length > 0 || page.offset === 0) return { rows, total: found[0]?.total ?? 0 };
      const counting = db.select({ n: count() }).from(orders).$dynamic();
      const [total] = await (searching
        ? counting.innerJoin(users, eq(users.id, orders.userId))
        : counting
      ).where(condition);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * What the list shows of each order beyond its row, in one statement: items, whether it has
     * prints, what succeeded refunds gave back, and its events in the order of their first line
     * (a line's album's event; a print line's first photo's event, as `lineEvents`).
     */
    async summaries(orderIds: number[]): Promise<Map<number, OrderSummaryRow>> {
      if (orderIds.length === 0) return new Map();
      const result = await db.execute(sql`
        select o.id,
               coalesce((select sum(l.quantity) from ${orderLines} l where l.order_id = o.id), 0)::int as items,
               coalesce((select bool_or(l.kind = 'print') from ${orderLines} l where l.order_id = o.id), false) as prints,
               coalesce((select sum(r.amount) from ${refunds} r
                          where r.order_id = o.id and r.status = 'succeeded'), 0)::bigint as refunded,
               coalesce((select json_agg(json_build_object('slug', s.slug, 'name', s.name) order by s.first)
                  from (select e.slug, min(e.name) as name, min(l.id) as first
                          from ${orderLines} l
                          left join ${checkins} c on c.id = l.checkin_id
                          left join ${picacodes} p on p.id = c.picacode_id
                          left join ${media} m on l.checkin_id is null and m.id = l.media_ids[1]
                          join ${photoServices} e on e.id = (case when l.checkin_id is null then m.photo_service_id
                                                                   when p.id is not null then c.photo_service_id end)
                         where l.order_id = o.id
                         group by e.slug) s), '[]'::json) as events
          from unnest(${`{${orderIds.join(',')}}`}::int[]) as o(id)`);
      const found = rowsOf<{
        id: number;
        items: number;
        prints: boolean;
        refunded: number | string;
        events: { slug: string; name: string }[] | string;
      }>(result);
      return new Map(
        found.map((r) => [
          Number(r.id),
          {
            items: Number(r.items),
            hasPrints: r.prints === true,
            refunded: Number(r.refunded),
            events: typeof r.events === 'string' ? JSON.parse(r.events) : r.events,
          },
        ]),
      );
    },

    /** Every matching order (the CSV export), oldest first as ledgers read. */
    async all(f: OrderFilters) {
      return db
        .select(listed)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where(f))
        .orderBy(orders.createdAt, orders.id);
    },

    async one(id: number) {
      const [row] = await db
        .select(listed)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, id));
      return row;
    },

    /**
     * The event and album code of each line's album; a print line (no album) names the event of
     * its first photo. Two plain joins rather than one on an expression: the CSV asks for thousands.
     */
    async lineEvents(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      const fields = {
        lineId: orderLines.id,
        orderId: orderLines.orderId,
        slug: photoServices.slug,
        name: photoServices.name,
      };
      const [viaAlbum, viaPhoto] = await Promise.all([
        db
          .select({ ...fields, picacode: picacodes.code })
          .from(orderLines)
          .innerJoin(checkins, eq(checkins.id, orderLines.checkinId))
          .innerJoin(photoServices, eq(photoServices.id, checkins.photoServiceId))
          .innerJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
          .where(inArray(orderLines.orderId, orderIds)),
        db
          .select({ ...fields, picacode: sql<string | null>`null` })
          .from(orderLines)
          .innerJoin(media, sql`${media.id} = ${orderLines.mediaIds}[1]`)
          .innerJoin(photoServices, eq(photoServices.id, media.photoServiceId))
          .where(and(inArray(orderLines.orderId, orderIds), isNull(orderLines.checkinId))),
      ]);
      return [...viaAlbum, ...viaPhoto].sort((x, y) => x.orderId - y.orderId || x.lineId - y.lineId);
    },

    /**
     * The CSV's lines of these orders, each with its event's name as `lineEvents` finds it (the
     * album's event; a print line's first photo's), in one statement with the ids as one array
     * parameter (thousands of bound parameters cost more than the reading).
     */
    async csvLines(orderIds: number[]): Promise<(OrderLineRow & { event: string })[]> {
      if (orderIds.length === 0) return [];
      const albumEvent = alias(photoServices, 'album_event');
      const photoEvent = alias(photoServices, 'photo_event');
      const rows = await db
        .select({ line: orderLines, albumEvent: albumEvent.name, photoEvent: photoEvent.name })
        .from(orderLines)
        .leftJoin(checkins, eq(checkins.id, orderLines.checkinId))
        .leftJoin(picacodes, eq(picacodes.id, checkins.picacodeId))
        .leftJoin(albumEvent, and(eq(albumEvent.id, checkins.photoServiceId), isNotNull(picacodes.id)))
        .leftJoin(media, and(isNull(orderLines.checkinId), sql`${media.id} = ${orderLines.mediaIds}[1]`))
        .leftJoin(photoEvent, eq(photoEvent.id, media.photoServiceId))
        .where(sql`${orderLines.orderId} = any(${`{${orderIds.join(',')}}`}::int[])`)
        .orderBy(orderLines.orderId, orderLines.id);
      return rows.map((r) => ({ ...r.line, event: r.albumEvent ?? r.photoEvent ?? '' }));
    },

    async payments(orderId: number) {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
    },

    async emails(orderId: number) {
      return db
        .select()
        .from(orderEmails)
        .where(eq(orderEmails.orderId, orderId))
        .orderBy(desc(orderEmails.sentAt), desc(orderEmails.id));
    },

    async recordEmail(orderId: number, kind: 'purchase' | 'transfer' | 'refund' | 'resend'): Promise<void> {
      await db.insert(orderEmails).values({ orderId, kind });
    },

    /** E-mails of one kind sent about the order since `since` (the resend limit). */
    async emailsSince(orderId: number, kind: 'resend', since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orderEmails)
        .where(
          and(
            eq(orderEmails.orderId, orderId),
            eq(orderEmails.kind, kind),
            sql`${orderEmails.sentAt} >= ${since.toISOString()}`,
          ),
        );
      return row?.n ?? 0;
    },

    /** The buyer's zips of the order's albums. */
    async zips(userId: number, checkinIds: number[]) {
      if (checkinIds.length === 0) return [];
      return db
        .select()
        .from(albumZips)
        .where(and(eq(albumZips.userId, userId), inArray(albumZips.checkinId, checkinIds)))
        .orderBy(desc(albumZips.createdAt))
        .limit(50);
    },

    /** The buyer's download events of the order's media or albums since it was made. */
    async downloads(userId: number, mediaIds: number[], checkinIds: number[], since: Date) {
      return db
        .select({
          type: metricEvents.type,
          mediaId: sql<string | null>`${metricEvents.payload}->>'media_id'`,
          at: metricEvents.createdAt,
        })
        .from(metricEvents)
        .where(
          and(
            eq(metricEvents.userId, userId),
            sql`${metricEvents.type} in ('media_downloaded', 'zip_downloaded')`,
            sql`${metricEvents.createdAt} >= ${since.toISOString()}`,
            or(
              mediaIds.length > 0
                ? sql`(${metricEvents.payload}->>'media_id') = any(${`{${mediaIds.join(',')}}`}::text[])`
                : undefined,
              checkinIds.length > 0
                ? sql`(${metricEvents.payload}->>'album_id') = any(${`{${checkinIds.join(',')}}`}::text[])`
                : undefined,
            ),
          ),
        )
        .orderBy(desc(metricEvents.createdAt))
        .limit(100);
    },

    /** The uploaded file names of these media; a medium that is gone is missing from the map. */
    async mediaNames(ids: number[]): Promise<Map<number, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: media.id, name: media.originalFilename })
        .from(media)
        .where(inArray(media.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async labPackage(orderId: number) {
      const [row] = await db.select().from(labPackages).where(eq(labPackages.orderId, orderId));
      return row;
    },
  };
}
export type OrganiserOrdersRepository = ReturnType<typeof organiserOrdersRepository>;
