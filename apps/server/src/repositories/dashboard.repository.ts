import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { dayText } from './metric-daily.repository';
import { rowsOf } from './metric-events.repository';

/** A period of calendar days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

export interface EventDailyCount {
  eventId: number;
  day: string;
  type: string;
  count: number;
}

export interface CheckinDay {
  eventId: number;
  day: string;
  checkins: number;
  bySelfie: number;
  byBib: number;
}

/** Paid orders and revenue of one day (eventId null) or one event (day null), in one currency. */
export interface OrderTotalRow {
  day: string | null;
  eventId: number | null;
  currency: string;
  orders: number;
  revenue: number;
}

/**
 * What a dashboard reads: its events, the time zone of its days, and how it counts orders.
 * `organisationId`: read the paid orders from the orders themselves, on `zone`'s days (the
 * organisation's dashboard when its events' days are not its own); null: from `order_daily`,
 * which is on each event's own days (right when they are `zone`'s).
 */
export interface FigureScope {
  eventIds: readonly number[];
  zone: string;
  /** An order over several of the events counts once (at its primary event). */
  onceEach: boolean;
  organisationId: number | null;
}

/** Values as a list of parameters for `in (…)` (ids, statuses). */
const list = (values: readonly (number | string)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The first moment of a calendar day in a time zone, and the first moment after the period. A
 * sub-select: computed once (`at time zone` is not constant-folded), so a range can use an index.
 */
const startOf = (day: string, tz: string) => sql`(select (${day}::date)::timestamp at time zone ${tz})`;
const endOf = (day: string, tz: string) => sql`(select (${day}::date + 1)::timestamp at time zone ${tz})`;

/** An album found by a bib: its code, or a tag its code is scoped to, is a `bib-…` one. */
const BY_BIB = sql.raw(
  `(p.code ilike 'bib-%' or exists (select 1 from unnest(p.tags) t where t ilike 'bib-%'))`,
);
/** An album whose participant searched with a selfie. */
const BY_SELFIE = sql.raw(`c.face_inference_status <> 'not_started'`);

/** The roll-up's counts per event, day and type in the period. */
const dailyCountsQuery = (eventIds: readonly number[], range: DayRange) => sql`
  select event_id, day, type, count from metric_daily
   where event_id in (${list(eventIds)}) and day between ${range.from}::date and ${range.to}::date`;

/** Campaign tags of the period by visitors, most first. */
const utmQuery = (eventIds: readonly number[], range: DayRange, limit: number) => sql`
  select source, medium, campaign, sum(people)::int as people from metric_daily_utm
   where event_id in (${list(eventIds)}) and day between ${range.from}::date and ${range.to}::date
   group by 1, 2, 3 order by 4 desc, 1, 2, 3 limit ${limit}`;

/** Albums opened per event and day (in `zone`), and how many of them by a selfie or by a bib. */
const checkinDaysQuery = (eventIds: readonly number[], range: DayRange, zone: string) => sql`
  with albums as (
    -- counted per day, code and selfie first: the code's bib test runs once per group
    select c.photo_service_id as event_id, (c.created_at at time zone ${zone})::date as day,
           c.picacode_id, ${BY_SELFIE} as selfie, count(*)::int as n
      from checkins c
     where c.photo_service_id in (${list(eventIds)})
       and c.created_at >= ${startOf(range.from, zone)} and c.created_at < ${endOf(range.to, zone)}
     group by 1, 2, 3, 4)
  select a.event_id, a.day, sum(a.n)::int as n,
         coalesce(sum(a.n) filter (where a.selfie), 0)::int as selfie,
         coalesce(sum(a.n) filter (where not a.selfie and ${BY_BIB}), 0)::int as bib
    from albums a
    join picacodes p on p.id = a.picacode_id
   group by 1, 2`;

/**
 * The funnel of the participants who opened an album in the period: people, those whose album
 * reached a cart, those who paid for it — from `album_funnel`, which triggers keep.
 */
const funnelQuery = (eventIds: readonly number[], range: DayRange, zone: string) => sql`
  select count(distinct f.user_id)::int as checked_in,
         count(distinct f.user_id) filter (where f.carted or f.paid)::int as cart,
         count(distinct f.user_id) filter (where f.paid)::int as paid
    from album_funnel f
   where f.event_id in (${list(eventIds)})
     and f.created_at >= ${startOf(range.from, zone)} and f.created_at < ${endOf(range.to, zone)}`;

/** Distinct media the selfie searches put into the events' albums in the period. */
const matchedMediaQuery = (eventIds: readonly number[], range: DayRange, zone: string) => sql`
  select count(distinct f.media_id)::int as n
    from face_matches f
    join checkins c on c.id = f.checkin_id
   where c.photo_service_id in (${list(eventIds)}) and f.decision in ('auto', 'confirmed')
     and f.created_at >= ${startOf(range.from, zone)} and f.created_at < ${endOf(range.to, zone)}`;

/**
 * The paid orders of the period as `order_daily`'s rows (event, day, currency, orders, primary
 * orders, revenue). From the roll-up itself when the days are the events' own; else each order's
 * shares (`order_event_shares`) on the day it was paid in `zone` — the organisation's orders by
 * its index, each joined to its shares by their key, so the cost follows the period's orders.
 */
const paidOrdersSource = (scope: FigureScope, range: DayRange) =>
  scope.organisationId === null
    ? sql`
  select event_id, day, currency, orders, primary_orders, revenue from order_daily
   where event_id in (${list(scope.eventIds)}) and day between ${range.from}::date and ${range.to}::date`
    : sql`
  select s.event_id, (o.paid_at at time zone ${scope.zone})::date as day, s.currency, 1 as orders,
         (case when s."primary" then 1 else 0 end) as primary_orders, s.share as revenue
    from orders o
    join order_event_shares s on s.order_id = o.id
   where o.organisation_id = ${scope.organisationId} and s.event_id in (${list(scope.eventIds)})
     and o.paid_at >= ${startOf(range.from, scope.zone)} and o.paid_at < ${endOf(range.to, scope.zone)}`;

/**
 * Paid orders and their revenue (each event's share, `order_event_shares`) in the period: per
 * day and currency, and per event and currency. `onceEach`: an order over several of the events
 * counts once (at its primary event), not once per event.
 */
const orderTotalsQuery = (scope: FigureScope, range: DayRange) => {
  const counted = scope.onceEach ? sql.raw('primary_orders') : sql.raw('orders');
  return sql`
  select grouping(event_id) as by_day, day, event_id, currency,
         sum(${counted})::int as orders, sum(orders)::int as per_event, sum(revenue)::bigint as revenue
    from (${paidOrdersSource(scope, range)}) paid
   group by grouping sets ((day, currency), (event_id, currency))`;
};

/** The events' messages stored but not counted by the roll-up yet (only those after its watermark are read). */
const pendingQuery = (eventIds: readonly number[]) => sql`
  select count(*)::int as n from metric_events m
    left join checkins c
      on m.event_id is null and c.id = (case when m.payload->>'album_id' ~ '^[0-9]{1,9}$' then (m.payload->>'album_id')::int end)
   where m.id > coalesce((select last_id from metric_watermarks where name = 'metric_daily'), 0)
     and coalesce(m.event_id, c.photo_service_id) in (${list(eventIds)})`;

/** A query's rows as one JSON array (empty: []), so several queries answer in one statement. */
const asJson = (query: SQL) => sql`(select coalesce(json_agg(t), '[]'::json) from (${query}) t)`;
/** JSON from PGlite or node-postgres: parsed by either, but a string if a driver leaves it. */
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Everything a dashboard reads for a period, as `DashboardRepository.figures` returns it. */
export interface FigureRows {
  counts: EventDailyCount[];
  checkins: CheckinDay[];
  funnel: { checked_in: number; cart: number; paid: number };
  matched: number;
  orderTotals: OrderTotalRow[];
  utm: { source: string; medium: string; campaign: string; count: number }[];
  pending: number;
}

/**
 * What the insight dashboards read (issue 19): the daily roll-ups of the metrics (never the raw
 * messages but for the funnel's cart step, through its partial index), albums, face matches and
 * paid orders. Every query takes the events it covers. Albums, face matches and orders are read
 * on the days of the scope's zone; the metrics' roll-ups are on each event's own calendar days.
 */
export function dashboardRepository(db: Queryable) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  return {
    /**
     * A dashboard's figures for the events and the period in ONE statement (each part a subquery
     * answering JSON): on PGlite every statement costs milliseconds, and the dashboard was seven.
     */
    async figures(scope: FigureScope, range: DayRange, utmLimit: number): Promise<FigureRows> {
      const { eventIds, zone } = scope;
      const [row] = await rows<Record<string, unknown>>(sql`
        select ${asJson(dailyCountsQuery(eventIds, range))} as counts,
               ${asJson(checkinDaysQuery(eventIds, range, zone))} as checkins,
               ${asJson(funnelQuery(eventIds, range, zone))} as funnel,
               (${matchedMediaQuery(eventIds, range, zone)}) as matched,
               ${asJson(orderTotalsQuery(scope, range))} as order_totals,
               ${asJson(utmQuery(eventIds, range, utmLimit))} as utm,
               (${pendingQuery(eventIds)}) as pending`);
      const counts = parsed<{ event_id: number; day: string; type: string; count: number }[]>(
        row?.counts ?? [],
      );
      const checkins = parsed<{ event_id: number; day: string; n: number; selfie: number; bib: number }[]>(
        row?.checkins ?? [],
      );
      const [funnel] = parsed<{ checked_in: number; cart: number; paid: number }[]>(row?.funnel ?? []);
      const orderTotals = parsed<
        {
          by_day: number;
          day: string | null;
          event_id: number | null;
          currency: string;
          orders: number;
          per_event: number;
          revenue: number | string;
        }[]
      >(row?.order_totals ?? []);
      const utm = parsed<{ source: string; medium: string; campaign: string; people: number }[]>(
        row?.utm ?? [],
      );
      return {
        counts: counts.map((r) => ({
          eventId: Number(r.event_id),
          day: dayText(r.day),
          type: r.type,
          count: Number(r.count),
        })),
        checkins: checkins.map((r) => ({
          eventId: Number(r.event_id),
          day: dayText(r.day),
          checkins: Number(r.n),
          bySelfie: Number(r.selfie),
          byBib: Number(r.bib),
        })),
        funnel: {
          checked_in: Number(funnel?.checked_in ?? 0),
          cart: Number(funnel?.cart ?? 0),
          paid: Number(funnel?.paid ?? 0),
        },
        matched: Number(row?.matched ?? 0),
        orderTotals: orderTotals.map((r) => {
          const byDay = Number(r.by_day) === 1;
          return {
            day: byDay && r.day !== null ? dayText(r.day) : null,
            eventId: byDay || r.event_id === null ? null : Number(r.event_id),
            currency: r.currency,
            orders: Number(byDay ? r.orders : r.per_event),
            revenue: Number(r.revenue),
          };
        }),
        utm: utm.map((r) => ({
          source: r.source,
          medium: r.medium,
          campaign: r.campaign,
          count: Number(r.people),
        })),
        pending: Number(row?.pending ?? 0),
      };
    },

    /**
     * The day of the events' first activity in the scope's zone: the earliest of their creation,
     * their first counted message (on its event's day), their first album and their first paid
     * order (read as the figures read them).
     */
    async firstActivity(scope: FigureScope): Promise<string | null> {
      const { eventIds, zone } = scope;
      const firstOrder =
        scope.organisationId === null
          ? sql`(select min(day) from order_daily where event_id in (${list(eventIds)}))`
          : // the first paid order by its index, not the least of them all
            sql`(select (o.paid_at at time zone ${zone})::date from orders o
               where o.organisation_id = ${scope.organisationId} and o.paid_at is not null
                 and exists (select 1 from order_event_shares s
                              where s.order_id = o.id and s.event_id in (${list(eventIds)}))
               order by o.paid_at limit 1)`;
      const [row] = await rows<{ first: string | Date | null }>(sql`
        select least(
          (select min((least(e.created_at, (select min(f.created_at) from album_funnel f where f.event_id = e.id))
                       at time zone ${zone})::date)
             from photo_services e where e.id in (${list(eventIds)})),
          (select min(day) from metric_daily where event_id in (${list(eventIds)})),
          ${firstOrder}) as first`);
      return row?.first ? dayText(row.first) : null;
    },

    /** An organisation's events (id, slug, name, currency, time zone), newest first. */
    async eventsOf(organisationId: number) {
      const found = await rows<{
        id: number;
        slug: string;
        name: string;
        currency: string;
        time_zone: string;
      }>(sql`
        select id, slug, name, currency, time_zone from photo_services
         where organisation_id = ${organisationId} order by start_date desc, id desc`);
      return found.map((r) => ({ ...r, id: Number(r.id) }));
    },
  };
}
