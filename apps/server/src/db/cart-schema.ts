import type { OrderType } from '@fotodrop/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { checkins, galleries } from './album-schema';
import { users } from './schema';

/**
 * The lines of a user's digital cart (albums spec §3 "Digital item"): a pick of media of one album,
 * priced by one gallery's list (null: the album's), or a package that buys the whole album. One
 * pick per album and gallery and one package per album, so adding never makes a duplicate line.
 */
export const cartDigitalItems = pgTable(
  'cart_digital_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'cascade' }),
    orderType: text('order_type').$type<OrderType>().notNull(),
    /** The pick; empty for a package, which covers whatever the album holds when it is paid. */
    mediaIds: integer('media_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The event's currency when the line was added: the cart holds one currency (albums spec §5). */
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cart_digital_items_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('cart_digital_items_pick_key')
      .on(t.checkinId, sql`coalesce(${t.galleryId}, 0)`)
      .where(sql`${t.orderType} = 'PHOTOLIST'`),
    uniqueIndex('cart_digital_items_package_key').on(t.checkinId).where(sql`${t.orderType} <> 'PHOTOLIST'`),
  ],
);
