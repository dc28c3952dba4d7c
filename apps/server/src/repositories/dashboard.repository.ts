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

export interface OrderPartRow {
  orderId: number;
  userId: number;
  grandTotal: number;
  currency: string;
  day: string;
  eventId: number | null;
  weight: number;
  firstLine: number;
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
        select c.photo_service_id as event_id, (c.created_at at time zone e.time_zone)::date as day,
               count(*)::int as n,
               count(*) filter (where ${BY_SELFIE})::int as selfie,
               count(*) filter (where not ${BY_SELFIE} and ${BY_BIB})::int as bib
          from checkins c
          join photo_services e on e.id = c.photo_service_id
          join picacodes p on p.id = c.picacode_id
         where c.photo_service_id in (${list(eventIds)})
           and c.created_at >= ${startOf(range.from, EVENT_TZ)} and c.created_at < ${endOf(range.to, EVENT_TZ)}
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
     * reached a cart (a cart line was added, or an order made), those with a paid order of it.
     */
    async funnel(eventIds: readonly number[], range: DayRange, paidStatuses: readonly string[]) {
      const [row] = await rows<{ checked_in: number; cart: number; paid: number }>(sql`
        with albums as (
          select c.id, c.user_id,
                 exists (select 1 from order_lines l join orders o on o.id = l.order_id
                          where l.checkin_id = c.id and o.status in (${list(paidStatuses)})) as paid
            from checkins c
            join photo_services e on e.id = c.photo_service_id
           where c.photo_service_id in (${list(eventIds)})
             and c.created_at >= ${startOf(range.from, EVENT_TZ)} and c.created_at < ${endOf(range.to, EVENT_TZ)})
        select count(distinct user_id)::int as checked_in,
               count(distinct user_id) filter (where paid
                 or exists (select 1 from metric_events m
                             where m.type = 'add_to_cart' and (m.payload->>'checkin_id') = albums.id::text)
                 or exists (select 1 from order_lines l where l.checkin_id = albums.id))::int as cart,
               count(distinct user_id) filter (where paid)::int as paid
          from albums`);
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
     * The orders paid in the period (days of `timeZone`) with a line of one of the events: every
     * line of each, grouped by the event it bought from (a digital line by its album, a print by
     * its first photo) — the other events' lines too, which the split needs.
     */
    async orderParts(
      eventIds: readonly number[],
      range: DayRange,
      timeZone: string,
      paidStatuses: readonly string[],
    ): Promise<OrderPartRow[]> {
      const tz = sql`${timeZone}`;
      const found = await rows<{
        order_id: number;
        user_id: number;
        grand_total: number;
        currency: string;
        day: string | Date;
        event_id: number | null;
        weight: number;
        first_line: number;
      }>(sql`
        select o.id as order_id, o.user_id, o.grand_total, o.currency,
               (o.paid_at at time zone ${tz})::date as day,
               coalesce(c.photo_service_id, pm.photo_service_id) as event_id,
               sum(l.total)::bigint as weight, min(l.id) as first_line
          from orders o
          join order_lines l on l.order_id = o.id
          left join checkins c on c.id = l.checkin_id
          left join media pm on l.checkin_id is null and l.kind = 'print'
               and pm.id = (case when (l.print->'photos'->0->>'photo_id') ~ '^[0-9]{1,9}$'
                                 then (l.print->'photos'->0->>'photo_id')::int end)
         where o.status in (${list(paidStatuses)})
           and o.paid_at >= ${startOf(range.from, tz)} and o.paid_at < ${endOf(range.to, tz)}
           and exists (select 1 from order_lines x join checkins xc on xc.id = x.checkin_id
                        where x.order_id = o.id and xc.photo_service_id in (${list(eventIds)}))
         group by o.id, 6`);
      return found.map((r) => ({
        orderId: Number(r.order_id),
        userId: Number(r.user_id),
        grandTotal: Number(r.grand_total),
        currency: r.currency,
        day: dayText(r.day),
        eventId: r.event_id === null ? null : Number(r.event_id),
        weight: Number(r.weight),
        firstLine: Number(r.first_line),
      }));
    },

    /**
     * The day of the events' first activity in their own time zones: the earliest of their
     * creation, their first counted message, their first album and their first paid order.
     */
    async firstActivity(eventIds: readonly number[]): Promise<string | null> {
      const [row] = await rows<{ first: string | Date | null }>(sql`
        select least(
          (select min((e.created_at at time zone e.time_zone)::date) from photo_services e
            where e.id in (${list(eventIds)})),
          (select min(day) from metric_daily where event_id in (${list(eventIds)})),
          (select min((c.created_at at time zone e.time_zone)::date) from checkins c
             join photo_services e on e.id = c.photo_service_id
            where c.photo_service_id in (${list(eventIds)})),
          (select min((o.paid_at at time zone e.time_zone)::date) from orders o
             join order_lines l on l.order_id = o.id
             join checkins c on c.id = l.checkin_id
             join photo_services e on e.id = c.photo_service_id
            where c.photo_service_id in (${list(eventIds)}) and o.paid_at is not null)) as first`);
      return row?.first ? dayText(row.first) : null;
    },

    /** The events' messages stored but not counted by the roll-up yet. */
    async pending(eventIds: readonly number[]): Promise<number> {
      const [row] = await rows<{ n: number }>(sql`
        select count(*)::int as n from metric_events m
          left join checkins c
            on m.event_id is null and c.id = (case when m.payload->>'album_id' ~ '^[0-9]{1,9}$' then (m.payload->>'album_id')::int end)
         where coalesce(m.event_id, c.photo_service_id) in (${list(eventIds)})
           and m.id > coalesce((select last_id from metric_watermarks where name = 'metric_daily'), 0)`);
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
