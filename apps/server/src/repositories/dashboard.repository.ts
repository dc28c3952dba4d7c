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

/** Values as a list of parameters for `in (…)` (ids, statuses). */
const list = (values: readonly (number | string)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The first moment of a calendar day in a time zone, and the first moment after the period. */
const startOf = (day: string, tz: SQL) => sql`((${day}::date)::timestamp at time zone ${tz})`;
const endOf = (day: string, tz: SQL) => sql`((${day}::date + 1)::timestamp at time zone ${tz})`;
const EVENT_TZ = sql.raw('e.time_zone');

/** An album found by a bib: its code, or a tag its code is scoped to, is a `bib-…` one. */
const BY_BIB = sql.raw(
  `(p.code ilike 'bib-%' or exists (select 1 from unnest(p.tags) t where t ilike 'bib-%'))`,
);
/** An album whose participant searched with a selfie. */
const BY_SELFIE = sql.raw(`c.face_inference_status <> 'not_started'`);

/**
 * What the insight dashboards read (issue 19): the daily roll-ups of the metrics (never the raw
 * messages but for the funnel's cart step, through its partial index), albums, face matches and
 * paid orders. Every query takes the events it covers; days are each event's own calendar days.
 */
export function dashboardRepository(db: Queryable) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  return {
    /** The roll-up's counts per event, day and type in the period. */
    async dailyCounts(eventIds: readonly number[], range: DayRange): Promise<EventDailyCount[]> {
      const found = await rows<{ event_id: number; day: string | Date; type: string; count: number }>(sql`
        select event_id, day, type, count from metric_daily
         where event_id in (${list(eventIds)}) and day between ${range.from}::date and ${range.to}::date`);
      return found.map((r) => ({
        eventId: Number(r.event_id),
        day: dayText(r.day),
        type: r.type,
        count: Number(r.count),
      }));
    },

    /** Campaign tags of the period by visitors, most first. */
    async utm(eventIds: readonly number[], range: DayRange, limit: number) {
      const found = await rows<{ source: string; medium: string; campaign: string; people: number }>(sql`
        select source, medium, campaign, sum(people)::int as people from metric_daily_utm
         where event_id in (${list(eventIds)}) and day between ${range.from}::date and ${range.to}::date
         group by 1, 2, 3 order by 4 desc, 1, 2, 3 limit ${limit}`);
      return found.map((r) => ({
        source: r.source,
        medium: r.medium,
        campaign: r.campaign,
        count: Number(r.people),
      }));
    },

    /** Albums opened per event and day, and how many of them by a selfie or by a bib. */
    async checkinDays(eventIds: readonly number[], range: DayRange): Promise<CheckinDay[]> {
      const found = await rows<{
        event_id: number;
        day: string | Date;
        n: number;
        selfie: number;
        bib: number;
      }>(sql`
        with albums as (
          -- counted per day, code and selfie first: the code's bib test runs once per group
          select c.photo_service_id as event_id, (c.created_at at time zone e.time_zone)::date as day,
                 c.picacode_id, ${BY_SELFIE} as selfie, count(*)::int as n
            from checkins c
            join photo_services e on e.id = c.photo_service_id
           where c.photo_service_id in (${list(eventIds)})
             and c.created_at >= ${startOf(range.from, EVENT_TZ)} and c.created_at < ${endOf(range.to, EVENT_TZ)}
           group by 1, 2, 3, 4)
        select a.event_id, a.day, sum(a.n)::int as n,
               coalesce(sum(a.n) filter (where a.selfie), 0)::int as selfie,
               coalesce(sum(a.n) filter (where not a.selfie and ${BY_BIB}), 0)::int as bib
          from albums a
          join picacodes p on p.id = a.picacode_id
         group by 1, 2`);
      return found.map((r) => ({
        eventId: Number(r.event_id),
        day: dayText(r.day),
        checkins: Number(r.n),
        bySelfie: Number(r.selfie),
        byBib: Number(r.bib),
      }));
    },

    /**
     * The funnel of the participants who opened an album in the period: people, those whose album
     * reached a cart, those who paid for it — from `album_funnel`, which triggers keep.
     */
    async funnel(eventIds: readonly number[], range: DayRange) {
      const [row] = await rows<{ checked_in: number; cart: number; paid: number }>(sql`
        select count(distinct f.user_id)::int as checked_in,
               count(distinct f.user_id) filter (where f.carted or f.paid)::int as cart,
               count(distinct f.user_id) filter (where f.paid)::int as paid
          from album_funnel f
          join photo_services e on e.id = f.event_id
         where f.event_id in (${list(eventIds)})
           and f.created_at >= ${startOf(range.from, EVENT_TZ)} and f.created_at < ${endOf(range.to, EVENT_TZ)}`);
      return {
        checked_in: Number(row?.checked_in ?? 0),
        cart: Number(row?.cart ?? 0),
        paid: Number(row?.paid ?? 0),
      };
    },

    /** Distinct media the selfie searches put into the events' albums in the period. */
    async matchedMedia(eventIds: readonly number[], range: DayRange): Promise<number> {
      const [row] = await rows<{ n: number }>(sql`
        select count(distinct f.media_id)::int as n
          from face_matches f
          join checkins c on c.id = f.checkin_id
          join photo_services e on e.id = c.photo_service_id
         where c.photo_service_id in (${list(eventIds)}) and f.decision in ('auto', 'confirmed')
           and f.created_at >= ${startOf(range.from, EVENT_TZ)} and f.created_at < ${endOf(range.to, EVENT_TZ)}`);
      return Number(row?.n ?? 0);
    },

    /**
     * Paid orders and their revenue (each event's share, `order_event_shares`) in the period, from
     * the daily roll-up `order_daily` (each event's own days): per day and currency, and per event
     * and currency. `onceEach`: an order over several of the events counts once (at its primary
     * event), not once per event.
     */
    async orderTotals(
      eventIds: readonly number[],
      range: DayRange,
      onceEach: boolean,
    ): Promise<OrderTotalRow[]> {
      const counted = onceEach ? sql.raw('primary_orders') : sql.raw('orders');
      const found = await rows<{
        by_day: number;
        day: string | Date | null;
        event_id: number | null;
        currency: string;
        orders: number | string;
        per_event: number | string;
        revenue: number | string;
      }>(sql`
        select grouping(event_id) as by_day, day, event_id, currency,
               sum(${counted})::int as orders, sum(orders)::int as per_event, sum(revenue)::bigint as revenue
          from order_daily
         where event_id in (${list(eventIds)}) and day between ${range.from}::date and ${range.to}::date
         group by grouping sets ((day, currency), (event_id, currency))`);
      return found.map((r) => {
        const byDay = Number(r.by_day) === 1;
        return {
          day: byDay && r.day !== null ? dayText(r.day) : null,
          eventId: byDay || r.event_id === null ? null : Number(r.event_id),
          currency: r.currency,
          orders: Number(byDay ? r.orders : r.per_event),
          revenue: Number(r.revenue),
        };
      });
    },

    /**
     * The day of the events' first activity in their own time zones: the earliest of their
     * creation, their first counted message, their first album and their first paid order.
     */
    async firstActivity(eventIds: readonly number[]): Promise<string | null> {
      const [row] = await rows<{ first: string | Date | null }>(sql`
        select least(
          (select min((least(e.created_at, (select min(f.created_at) from album_funnel f where f.event_id = e.id))
                       at time zone e.time_zone)::date)
             from photo_services e where e.id in (${list(eventIds)})),
          (select min(day) from metric_daily where event_id in (${list(eventIds)})),
          (select min(day) from order_daily where event_id in (${list(eventIds)}))) as first`);
      return row?.first ? dayText(row.first) : null;
    },

    /** The events' messages stored but not counted by the roll-up yet (only those after its watermark are read). */
    async pending(eventIds: readonly number[]): Promise<number> {
      const [mark] = await rows<{ last_id: number }>(
        sql`select last_id from metric_watermarks where name = 'metric_daily'`,
      );
      const [row] = await rows<{ n: number }>(sql`
        select count(*)::int as n from metric_events m
          left join checkins c
            on m.event_id is null and c.id = (case when m.payload->>'album_id' ~ '^[0-9]{1,9}$' then (m.payload->>'album_id')::int end)
         where m.id > ${Number(mark?.last_id ?? 0)}
           and coalesce(m.event_id, c.photo_service_id) in (${list(eventIds)})`);
      return Number(row?.n ?? 0);
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
