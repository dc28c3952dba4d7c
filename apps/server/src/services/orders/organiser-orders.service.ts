import {
  type ConsoleAction,
  type listOrganiserOrdersQuerySchema,
  makePagination,
  type OrganiserOrder,
  type OrganiserOrderDetail,
  type Paginated,
  PLATFORM_STAFF_PERMISSION,
} from '@fotodrop/contract';
import { minorToDecimalString } from '@fotodrop/contract/rules/currency';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { type OrderRow, ordersRepository } from '../../repositories/orders.repository';
import {
  type BuyerRow,
  type OrderFilters,
  organiserOrdersRepository,
} from '../../repositories/organiser-orders.repository';
import { photoServicesRepository } from '../../repositories/photo-services.repository';
import { type RefundRow, refundsRepository } from '../../repositories/refunds.repository';
import type { OrganisationRow } from '../../repositories/team.repository';
import { usersRepository } from '../../repositories/users.repository';
import type { AuthContext } from '../accounts/auth.service';
import type { MediaFilesService } from '../media/media-files.service';
import { consoleAccess } from '../organisations/console-access';
import { orderCsvWriter } from './order-csv';
import { linesMedia } from './order-line-media';
import { discountShares, lineNets } from './refund-amounts';

type ListQuery = z.output<typeof listOrganiserOrdersQuerySchema>;
type Listed = { order: OrderRow } & BuyerRow;

const orderNotFound = () => new NotFoundError('Order not found.');
/** Orders whose lines the CSV reads and writes at once. */
const CSV_BATCH = 1000;

/** What each line of these orders got back, by line id, from their succeeded refunds. */
export function refundedByLine(refunds: RefundRow[]): Map<number, number> {
  const byLine = new Map<number, number>();
  for (const r of refunds.filter((x) => x.status === 'succeeded'))
    for (const [id, amount] of Object.entries(r.lineAmounts))
      byLine.set(Number(id), (byLine.get(Number(id)) ?? 0) + amount);
  return byLine;
}

/**
 * The console's reading of orders (issue 19): the organisation's list with its filters, the CSV
 * for accounting and one order's detail. Every call passes the console's role check on the order's
 * organisation (orders.read: owners, managers, support; platform staff everything).
 */
export function organiserOrdersService(deps: { db: Db; mediaFiles: Pick<MediaFilesService, 'url'> }) {
  const access = consoleAccess(deps.db);
  const repo = () => organiserOrdersRepository(deps.db);

  /** The order, if the caller may do `action` on it; 404 for an order of another organisation. */
  async function orderFor(auth: AuthContext, id: number, action: ConsoleAction) {
    const listed = await repo().one(id);
    if (!listed) throw orderNotFound();
    const organisationId = listed.order.organisationId;
    if (organisationId === null) {
      // an order of no organisation (the platform's own sale): staff only
      if (!(await usersRepository(deps.db).hasPermission(auth.user.id, PLATFORM_STAFF_PERMISSION)))
        throw orderNotFound();
      return listed;
    }
    await access.organisation(auth, organisationId, action).catch((error: unknown) => {
      throw error instanceof NotFoundError ? orderNotFound() : error;
    });
    return listed;
  }

  /**
   * The organisation (after the role check), the list's filters (null: they match nothing) and
   * the zone of its days. decision (issue 20): the days are the organisation's, as on its
   * dashboard; filtered by an event they are the event's, as on the event's dashboard — so both
   * dashboards and the list (and the CSV's dates) agree on what a day holds.
   */
  async function filtersOf(
    auth: AuthContext,
    q: ListQuery,
  ): Promise<{ organisation: OrganisationRow; filters: OrderFilters | null; timeZone: string }> {
    const { organisation } = await access.organisation(auth, q.organisation_id, 'orders.read');
    let photoServiceId: number | undefined;
    let timeZone = organisation.timeZone;
    if (q.event) {
      const event = await photoServicesRepository(deps.db).findBySlug(q.event);
      // an unknown event, or another organisation's, matches nothing
      if (!event || event.organisationId !== organisation.id)
        return { organisation, filters: null, timeZone };
      photoServiceId = event.id;
      timeZone = event.timeZone;
    }
    const filters: OrderFilters = {
      organisationId: organisation.id,
      photoServiceId,
      status: q.status,
      paymentMethod: q.payment_method,
      q: q.q,
      from: q.from,
      to: q.to,
      timeZone,
    };
    return { organisation, filters, timeZone };
  }

  /** The list's rows: the orders' own fields and one statement for their lines, events and refunds. */
  async function summaries(rows: Listed[]): Promise<OrganiserOrder[]> {
    const found = await repo().summaries(rows.map((r) => r.order.id));
    return rows.map(({ order, email, firstName, lastName }) => {
      const own = found.get(order.id) ?? { items: 0, hasPrints: false, refunded: 0, events: [] };
      const money = (minor: number) => minorToDecimalString(minor, order.currency);
      return {
        id: order.id,
        created_at: order.createdAt.toISOString(),
        paid_at: order.paidAt?.toISOString() ?? null,
        status: order.status,
        payment_method: order.paymentMethod,
        buyer_email: email,
        buyer_name: `${firstName} ${lastName}`.trim(),
        events: own.events,
        currency: order.currency,
        grand_total: money(order.grandTotal),
        refunded_total: money(own.refunded),
        items_count: own.items,
        has_prints: own.hasPrints,
        print_hold: order.printHold,
        print_hold_until: order.printHoldUntil?.toISOString() ?? null,
      };
    });
  }

  return {
    orderFor,

    async list(auth: AuthContext, q: ListQuery): Promise<Paginated<OrganiserOrder>> {
      const { filters } = await filtersOf(auth, q);
      if (!filters) return { results: [], pagination: makePagination(0, q.page, q.page_size) };
      const { rows, total } = await repo().page(filters, {
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return { results: await summaries(rows), pagination: makePagination(total, q.page, q.page_size) };
    },

    /**
     * Every matching order's lines as CSV (docs/decisions.md issue 19: columns and sums), streamed:
     * the role check and the filters answer before the first byte, then the lines and refunds are
     * read and written a batch of orders at a time.
     */
    async csv(auth: AuthContext, q: ListQuery): Promise<{ text: AsyncIterable<string>; fileName: string }> {
      const { organisation, filters, timeZone } = await filtersOf(auth, q);
      const db = deps.db;
      async function* text(): AsyncGenerator<string> {
        // its dates in the zone its days were chosen in
        const writer = orderCsvWriter({ country: organisation.country, timeZone });
        yield writer.header();
        const rows = filters ? await organiserOrdersRepository(db).all(filters) : [];
        for (let start = 0; start < rows.length; start += CSV_BATCH) {
          const batch = rows.slice(start, start + CSV_BATCH);
          const ids = batch.map((r) => r.order.id);
          const lines = await organiserOrdersRepository(db).csvLines(ids);
          const refunds = await refundsRepository(db).activeOf(ids);
          yield writer.batch({ rows: batch, lines, refunds });
        }
      }
      const range = [q.from, q.to].filter(Boolean).join('_');
      return { text: text(), fileName: `orders-${q.organisation_id}${range ? `-${range}` : ''}.csv` };
    },

    async detail(auth: AuthContext, id: number): Promise<OrganiserOrderDetail> {
      const listed = await orderFor(auth, id, 'orders.read');
      return present(deps, listed, (rows) => summaries(rows));
    },

    /** The detail without a role check (after an action the caller was allowed). */
    presentById: async (id: number) => {
      const listed = await repo().one(id);
      if (!listed) throw orderNotFound();
      return present(deps, listed, (rows) => summaries(rows));
    },
  };
}
export type OrganiserOrdersService = ReturnType<typeof organiserOrdersService>;

async function present(
  { db, mediaFiles }: { db: Db; mediaFiles: Pick<MediaFilesService, 'url'> },
  listed: Listed,
  summaries: (rows: Listed[]) => Promise<OrganiserOrder[]>,
): Promise<OrganiserOrderDetail> {
  const { order } = listed;
  const repo = organiserOrdersRepository(db);
  const [[summary], lines, events, refunds, payments, emails, lab] = await Promise.all([
    summaries([listed]),
    ordersRepository(db).linesOf([order.id]),
    repo.lineEvents([order.id]),
    refundsRepository(db).ofOrder(order.id),
    repo.payments(order.id),
    repo.emails(order.id),
    repo.labPackage(order.id),
  ]);
  if (!summary) throw orderNotFound();
  const money = (minor: number) => minorToDecimalString(minor, order.currency);
  const lineMoney = lines.map((l) => ({ id: l.id, kind: l.kind, total: l.total }));
  const shares = discountShares(lineMoney, order.discountTotal);
  const nets = lineNets(lineMoney, order.discountTotal);
  const allRefunds = refunds.map((r) => r.refund);
  const refunded = refundedByLine(allRefunds);
  const active = allRefunds.filter((r) => r.status !== 'failed');
  const taken = new Set(active.flatMap((r) => Object.keys(r.lineAmounts).map(Number)));
  const shippingLeft = active.some((r) => r.shippingAmount > 0) ? 0 : order.shippingCosts + order.handlingFee;
  const refundable =
    order.status === 'paid' || order.status === 'partially_refunded'
      ? lines.filter((l) => !taken.has(l.id)).reduce((s, l) => s + (nets.get(l.id) ?? 0), 0) + shippingLeft
      : 0;
  const checkinIds = [...new Set(lines.flatMap((l) => (l.checkinId === null ? [] : [l.checkinId])))];
  const mediaIds = [...new Set(lines.flatMap((l) => l.mediaIds))];
  const [zips, downloads, media] = await Promise.all([
    repo.zips(order.userId, checkinIds),
    repo.downloads(order.userId, mediaIds, checkinIds, order.createdAt),
    linesMedia(db, mediaFiles, lines),
  ]);
  return {
    ...summary,
    organisation_id: order.organisationId,
    lines: lines.map((l) => {
      const event = events.find((e) => e.lineId === l.id);
      return {
        id: l.id,
        kind: l.kind,
        order_type: l.orderType,
        description: l.description,
        quantity: l.quantity,
        total: money(l.total),
        discount: money(shares.get(l.id) ?? 0),
        refundable: money(taken.has(l.id) ? 0 : (nets.get(l.id) ?? 0)),
        refunded: money(refunded.get(l.id) ?? 0),
        media_ids: l.mediaIds,
        media: media.get(l.id)?.media ?? [],
        print: media.get(l.id)?.print ?? null,
        event: event ? { slug: event.slug, name: event.name } : null,
        picacode: event?.picacode ?? null,
      };
    }),
    subtotal: money(order.digitalTotal + order.printTotal),
    discount_total: money(order.discountTotal),
    shipping_costs: money(order.shippingCosts),
    handling_fee: money(order.handlingFee),
    voucher_code: order.voucherCode,
    campaign_code: order.campaignCode,
    failure_message: order.failureMessage,
    refundable_total: money(refundable),
    payments: payments.map((p) => ({
      provider: p.provider,
      provider_ref: p.providerRef,
      status: p.status,
      amount: minorToDecimalString(p.amount, p.currency),
      created_at: p.createdAt.toISOString(),
    })),
    refunds: refunds.map(({ refund: r, by }) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      amount: money(r.amount),
      reason: r.reason,
      status: r.status,
      failure: r.status === 'failed' ? (r.failure ?? 'refused') : null,
      line_ids: Object.keys(r.lineAmounts).map(Number),
      shipping: money(r.shippingAmount),
      message: r.message,
      created_by: by,
    })),
    fulfilled_at: order.fulfilledAt?.toISOString() ?? null,
    emails: emails.map((e) => ({ kind: e.kind, sent_at: e.sentAt.toISOString() })),
    zips: zips.map((z) => ({
      id: z.id,
      checkin_id: z.checkinId,
      status: z.status,
      created_at: z.createdAt.toISOString(),
      finished_at: z.finishedAt?.toISOString() ?? null,
    })),
    downloads: downloads.map((d) => ({
      media_id: d.mediaId === null ? null : Number(d.mediaId),
      type: d.type,
      at: d.at.toISOString(),
    })),
    lab_package: lab ? { files: lab.files, created_at: lab.createdAt.toISOString() } : null,
    shipping_address: order.shippingAddress
      ? (Object.fromEntries(Object.entries(order.shippingAddress)) as Record<string, string>)
      : null,
  };
}
