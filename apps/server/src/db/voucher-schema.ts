import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { photoServices } from './album-schema';
import { at, createdAt } from './columns';
import { orders } from './order-schema';
import { organisations, users } from './schema';

// Vouchers and campaigns (albums spec §3; the console's since issue 19), apart from the orders
// that use them.

/** A voucher or promo code (albums spec §3 "Voucher code"): free photos, a percentage or an amount. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** Only this organisation's events (null: every event; the platform's own, e.g. the demo's). */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stored names; the console's API calls them percentage / fixed / free_photos (issue 19). */
    kind: text('kind').$type<'free_photos' | 'percent' | 'amount'>().notNull(),
    /** Free photos per order, percent off, or an amount in minor units of `currency`. */
    value: integer('value').notNull(),
    currency: text('currency'),
    /** How many orders may use it in all (null: unlimited). */
    maxUses: integer('max_uses'),
    /** How many orders of one account may use it (issue 19; before, always once); null: no limit. */
    maxUsesPerAccount: integer('max_uses_per_account').default(1),
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
    /** Set when deactivated in the console: refused at checkout, its uses kept (issue 19). */
    deactivatedAt: at('deactivated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(sql`upper(${t.code})`),
    index('vouchers_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * The events a voucher applies to (issue 19); none: every event of its organisation. A cart
 * takes the voucher only when all its albums are of these events.
 */
export const voucherEvents = pgTable(
  'voucher_events',
  {
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.voucherId, t.photoServiceId] })],
);

/** One order's use of a voucher (an order carries one voucher at most). */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.orderId] }),
    index('voucher_redemptions_user_idx').on(t.voucherId, t.userId),
    index('voucher_redemptions_order_idx').on(t.orderId),
  ],
);

/** A marketing campaign (albums spec §3 "Campaign"): a code from a link, a discount, an expiry. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    percentOff: integer('percent_off').notNull(),
    expiresAt: at('expires_at'),
    /** Set when deactivated in the console: its link takes nothing off, its orders still count. */
    deactivatedAt: at('deactivated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaigns_code_key').on(sql`upper(${t.code})`),
    index('campaigns_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);

/** The events a campaign applies to (issue 19); none: every event of its organisation. */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.photoServiceId] })],
);
