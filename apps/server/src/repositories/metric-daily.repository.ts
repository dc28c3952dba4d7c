import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rowsOf } from './metric-events.repository';

const WATERMARK = 'metric_daily';

/**
 * The day a message counts on: the browser's time of the action, unless it claims a moment after
 * it was stored or more than a week before (a wrong clock, or a forged time): then when it was stored.
 * The calendar day of the event's time zone (issue 19: the dashboards show the event's days).
 */
const DAY = sql.raw(`(case
  when m.occurred_at is null or m.occurred_at > m.created_at or m.occurred_at < m.created_at - interval '7 days'
  then m.created_at else m.occurred_at end at time zone e.time_zone)::date`);

/** A campaign tag of a message (empty when not given), cut to the length the contract allows. */
const tag = (name: string) => sql.raw(`left(coalesce(m.payload->'tags'->>'${name}', ''), 200)`);
/** The key of a message's campaign tags in `metric_daily_people` (type `utm`): tab-separated. */
const UTM_ITEM = sql`concat_ws(chr(9), ${tag('utm_source')}, ${tag('utm_medium')}, ${tag('utm_campaign')})`;

/**
 * The event of a message: its own event id, or that of the album it names (the server's own
 * tracking, e.g. a zip downloaded, names the album only). Only existing events are counted.
 */
const EVENT_JOIN = sql.raw(`left join checkins c
    on m.event_id is null and c.id = (case when m.payload->>'album_id' ~ '^[0-9]{1,9}$' then (m.payload->>'album_id')::int end)
  join photo_services e on e.id = coalesce(m.event_id, c.photo_service_id)`);

/**
 * Who a message counts for: its user, else its anonymous sender (the listener's daily hash of the
 * address), else the row itself (the server's own tracking of a visitor: each is a real action).
 */
const PERSON = sql.raw(`case when m.user_id is not null then 'u' || m.user_id
  when m.sender is not null then 's' || m.sender else 'r' || m.id end`);

/** What a message is about: its medium, else its album, else its zip, else nothing in particular. */
const ITEM = sql.raw(`coalesce('m' || (m.payload->>'media_id'), 'a' || (m.payload->>'album_id'),
  'z' || (m.payload->>'zip_id'), '')`);

/** A message's day is at most 7 days before it was stored (DAY): older days take no new people. */
const PEOPLE_KEPT_DAYS = 9;

export interface DailyCount {
  day: string;
  type: string;
  count: number;
}

/** The daily aggregates of `metric_events` and how far they have read it. */
export function metricDailyRepository(db: Queryable) {
  return {
    /**
     * Counts the messages after the watermark into `metric_daily` and moves the watermark, in the
     * caller's transaction (under its row lock: one counter at a time). Rows newer than
     * `settleSeconds` wait for the next run, so a batch still being written (ids are taken before
     * commit) is never skipped. Answers the last id counted, or null when nothing was.
     */
    async countSinceWatermark(settleSeconds: number, maxRows: number): Promise<number | null> {
      await db.execute(
        sql`insert into metric_watermarks (name, last_id) values (${WATERMARK}, 0) on conflict (name) do nothing`,
      );
      const [mark] = rowsOf<{ last_id: number }>(
        await db.execute(sql`select last_id from metric_watermarks where name = ${WATERMARK} for update`),
      );
      const last = Number(mark?.last_id ?? 0);
      // SQL's least() ignores nulls: the bounds are combined here, where an empty table stays empty
      const [bound] = rowsOf<{ newest: number | null; young: number | null }>(
        await db.execute(sql`select
            (select max(id) from metric_events) as newest,
            (select min(id) from metric_events
              where id > ${last} and created_at >= now() - make_interval(secs => ${settleSeconds})) as young`),
      );
      if (bound?.newest === null || bound?.newest === undefined) return null;
      const settled = bound.young === null ? Number(bound.newest) : Number(bound.young) - 1;
      const upper = Math.min(settled, last + maxRows);
      if (upper <= last) return null;
      // A person counts once per event, day, type and item: only the (person, item) pairs new
      // today reach the counts, however many messages say the same.
      await db.execute(sql`
        with fresh as (
          insert into metric_daily_people (event_id, day, type, person, item)
          select distinct e.id, ${DAY}, m.type, ${PERSON}, ${ITEM}
            from metric_events m
            ${EVENT_JOIN}
           where m.id > ${last} and m.id <= ${upper}
          on conflict do nothing
          returning event_id, day, type)
        insert into metric_daily (event_id, day, type, count)
        select event_id, day, type, count(*)::int from fresh group by 1, 2, 3
        on conflict (event_id, day, type) do update set count = metric_daily.count + excluded.count`);
      // Where visitors came from (issue 19): a person once a day per set of campaign tags.
      await db.execute(sql`
        with fresh as (
          insert into metric_daily_people (event_id, day, type, person, item)
          select distinct e.id, ${DAY}, 'utm', ${PERSON}, ${UTM_ITEM}
            from metric_events m
            ${EVENT_JOIN}
           where m.id > ${last} and m.id <= ${upper}
             and (m.payload->'tags'->>'utm_source' is not null or m.payload->'tags'->>'utm_medium' is not null
                  or m.payload->'tags'->>'utm_campaign' is not null)
          on conflict do nothing
          returning event_id, day, item)
        insert into metric_daily_utm (event_id, day, source, medium, campaign, people)
        select event_id, day, split_part(item, chr(9), 1), split_part(item, chr(9), 2),
               split_part(item, chr(9), 3), count(*)::int
          from fresh group by 1, 2, 3, 4, 5
        on conflict (event_id, day, source, medium, campaign)
          do update set people = metric_daily_utm.people + excluded.people`);
      await db.execute(
        sql`delete from metric_daily_people where day < current_date - ${PEOPLE_KEPT_DAYS}::int`,
      );
      await db.execute(sql`update metric_watermarks set last_id = ${upper} where name = ${WATERMARK}`);
      return upper;
    },

    /** An event's counts per day (its own days) and type between two days, both included. */
    async ofEvent(eventId: number, from: string, to: string): Promise<DailyCount[]> {
      const rows = rowsOf<{ day: string | Date; type: string; count: number }>(
        await db.execute(sql`select day, type, count from metric_daily
          where event_id = ${eventId} and day between ${from}::date and ${to}::date`),
      );
      return rows.map((r) => ({ day: dayText(r.day), type: r.type, count: Number(r.count) }));
    },

    /** Paid orders per day (UTC) with a line of the event's albums. */
    async salesOfEvent(eventId: number, from: string, to: string): Promise<{ day: string; count: number }[]> {
      const rows = rowsOf<{ day: string | Date; count: number }>(
        await db.execute(sql`select (o.paid_at at time zone 'UTC')::date as day, count(distinct o.id)::int as count
          from orders o
          join order_lines l on l.order_id = o.id
          join checkins c on c.id = l.checkin_id
         where c.photo_service_id = ${eventId} and o.paid_at is not null
           and (o.paid_at at time zone 'UTC')::date between ${from}::date and ${to}::date
         group by 1`),
      );
      return rows.map((r) => ({ day: dayText(r.day), count: Number(r.count) }));
    },

    /** The event's messages stored but not counted yet. */
    async pendingOfEvent(eventId: number): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from metric_events m
          ${EVENT_JOIN}
          where e.id = ${eventId}
            and m.id > coalesce((select last_id from metric_watermarks where name = ${WATERMARK}), 0)`),
      );
      return Number(row?.n ?? 0);
    },
  };
}

/** node-postgres reads a date as a Date at local midnight; PGlite as text. */
export function dayText(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
