import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkins, photoServices } from './album-schema';
import { orders } from './order-schema';
import { users } from './schema';

/**
 * Usage messages, append-only: the browsers' queued metrics (albums spec §9, through the metrics
 * listener) and the server's own tracking (add to cart, purchase, zip downloaded). A browser's
 * message carries its own id (`message_id`, unique): a batch sent twice is stored once.
 * No foreign key on `event_id`: a bad id must not fail a whole batch; the daily aggregates keep
 * only existing events.
 */
export const metricEvents = pgTable(
  'metric_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's id of the message (crypto.randomUUID); null for the server's own events. */
    messageId: uuid('message_id'),
    eventId: integer('event_id'),
    /** When it happened in the browser (messages are sent later, in batches). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    /**
     * Who sent an anonymous message: a hash of the client address with a salt that lives in the
     * listener's memory for one day (never stored), so the daily figures count an anonymous sender
     * once without keeping an address. Null for a signed-in user's and the server's own messages.
     */
    sender: text('sender'),
  },
  (t) => [
    index('metric_events_type_idx').on(t.type, t.createdAt),
    uniqueIndex('metric_events_message_id_idx').on(t.messageId),
  ],
);

/**
 * Messages per event, day and type, built by the `metrics-daily` job from `metric_events`. The day
 * is the event's calendar day (its `time_zone`; UTC before issue 19, recounted by migration).
 */
export const metricDaily = pgTable(
  'metric_daily',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    type: text('type').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.type] })],
);

/**
 * Who was counted on a day: one row per event, day, type, person (user, anonymous sender) and item
 * (medium, album or zip). `metric_daily` counts these rows, so a flood of one person's messages
 * about one photo counts once. Days older than a message's day can be (7 days) are purged.
 */
export const metricDailyPeople = pgTable(
  'metric_daily_people',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    type: text('type').notNull(),
    person: text('person').notNull(),
    item: text('item').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.type, t.person, t.item] })],
);

/** How far a job has read an append-only table (the last id it counted). */
export const metricWatermarks = pgTable('metric_watermarks', {
  name: text('name').primaryKey(),
  lastId: integer('last_id').notNull(),
});

/**
 * Visitors who came by a link with campaign tags (the metrics' `tags`), per event, day and tags:
 * each person counted once a day per set of tags (through `metric_daily_people`, type `utm`).
 * Empty text where a tag was not given. Built by the same job as `metric_daily` (issue 19).
 */
export const metricDailyUtm = pgTable(
  'metric_daily_utm',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    people: integer('people').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.source, t.medium, t.campaign] })],
);

/**
 * A paid order's share of each event it bought from (issue 19), kept by triggers on `orders` and
 * `order_lines` (migration "insight_dashboard": `order_event_shares_refresh`): the order's revenue
 * split by its lines' totals, to the cent (largest remainder). `primary`: the event with the
 * largest share (ties: the line bought first), where an organisation counts the order once.
 */
export const orderEventShares = pgTable(
  'order_event_shares',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    /** The paid day in the event's time zone. */
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    share: bigint('share', { mode: 'number' }).notNull(),
    primary: boolean('primary').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.eventId] })],
);

/**
 * Paid orders per event, day (the event's) and currency, kept from `order_event_shares` by a
 * trigger: what the dashboards read, a row a day, however many orders. `primary_orders` counts
 * each order once over all its events.
 */
export const orderDaily = pgTable(
  'order_daily',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull(),
    primaryOrders: integer('primary_orders').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day, t.currency] })],
);

/**
 * How far each album went (issue 19, the dashboards' funnel): kept by triggers (migration
 * "insight_dashboard") — a row when the album is opened, `carted` once a cart line of it was added
 * (the `add_to_cart` tracking) or ordered, `paid` once an order of it was paid.
 */
export const albumFunnel = pgTable(
  'album_funnel',
  {
    checkinId: integer('checkin_id')
      .primaryKey()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    carted: boolean('carted').notNull().default(false),
    paid: boolean('paid').notNull().default(false),
  },
  (t) => [index('album_funnel_event_idx').on(t.eventId, t.createdAt)],
);
