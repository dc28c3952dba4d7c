import { sql } from 'drizzle-orm';
import {
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
import { photoServices } from './album-schema';
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
    // The dashboard's funnel asks whether an album ever reached the cart (issue 19).
    index('metric_events_cart_album_idx')
      .on(sql`(${t.payload}->>'checkin_id')`)
      .where(sql`${t.type} = 'add_to_cart'`),
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
