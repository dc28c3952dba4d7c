import type {
  Invoice,
  MediaType,
  OrderStatus,
  OrderType,
  PaymentMethodId,
  ShippingAddress,
} from '@fotodrop/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { checkins, galleries, media, photoServices } from './album-schema';
import { at, createdAt } from './columns';
import { organisations, users } from './schema';

/**
 * An order: the cart as it was when the user pressed pay, with every figure computed by the
 * server (albums spec §3 "Order figures"), in minor units of `currency`. The cart itself is left
 * alone until the payment succeeds, so a declined payment changes nothing the user built.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organisation selling (of the first album's event): its staff may mark a transfer paid. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethodId>().notNull(),
    /** Who moves the money: test, stripe, mercado-pago, bank-transfer, or none (nothing to pay). */
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    digitalTotal: integer('digital_total').notNull(),
    printTotal: integer('print_total').notNull(),
    shippingCosts: integer('shipping_costs').notNull(),
    handlingFee: integer('handling_fee').notNull(),
    discountTotal: integer('discount_total').notNull(),
    grandTotal: integer('grand_total').notNull(),
    picacode: text('picacode'),
    voucherCode: text('voucher_code'),
    campaignCode: text('campaign_code'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    invoice: jsonb('invoice').$type<Invoice>(),
    /** The reference a bank transfer must carry. */
    transferReference: text('transfer_reference'),
    failureMessage: text('failure_message'),
    /** What was priced (lines, method, codes, address): a repeated pay press for the same cart reuses the order. */
    fingerprint: text('fingerprint').notNull(),
    /** The origin for links in this order's e-mails, resolved from configuration when it was made. */
    linkBase: text('link_base').notNull(),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
    /** Set by the fulfilment job once its e-mail, lab package and tracking are done. */
    fulfilledAt: at('fulfilled_at'),
    /**
     * Print orders held for review (issue 19): `held` until `print_hold_until` or a release, then
     * `released` (lab package made); `cancelled` when its prints were refunded instead.
     */
    printHold: text('print_hold')
      .$type<'none' | 'held' | 'released' | 'cancelled'>()
      .notNull()
      .default('none'),
    printHoldUntil: at('print_hold_until'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The fulfilment sweep finds paid orders a crash left unfulfilled.
    index('orders_unfulfilled_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid' and ${t.fulfilledAt} is null`),
    uniqueIndex('orders_transfer_reference_key').on(t.transferReference),
    // the console's list: an organisation's orders, newest first
    index('orders_organisation_idx').on(t.organisationId, t.createdAt),
    // the release job: held print orders whose time ran out
    index('orders_print_hold_idx').on(t.printHoldUntil).where(sql`${t.printHold} = 'held'`),
    // The dashboards read the orders paid in a period (issue 19).
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
  ],
);

/** A line of an order, copied from the cart line it came from. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'digital' | 'print'>().notNull(),
    /** The cart line it came from (removed from the cart once paid). */
    cartItemId: integer('cart_item_id'),
    orderType: text('order_type').$type<OrderType>(),
    checkinId: integer('checkin_id').references(() => checkins.id, { onDelete: 'set null' }),
    galleryId: integer('gallery_id').references(() => galleries.id, { onDelete: 'set null' }),
    /** A pick's media; a package's are whatever the album holds (also later). */
    mediaIds: integer('media_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** A print line: product, variant and photos as configured, for the lab package. */
    print: jsonb('print').$type<PrintLineSnapshot>(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // An event's orders are found through its albums' lines (dashboards, issue 19).
    index('order_lines_checkin_idx').on(t.checkinId),
  ],
);

export interface PrintLineSnapshot {
  productId: number;
  variantId: number;
  title: string;
  /** The variant's options, e.g. { Size: "13x18" }. */
  options: Record<string, string>;
  /** Print size in millimetres when the product has one (lab package renditions). */
  sizeMm: { width: number; height: number } | null;
  photos: { photo_id: number; quantity: number }[];
  unitPrice: number;
}

/** One payment attempt of an order at a provider. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    clientSecret: text('client_secret'),
    redirectUrl: text('redirect_url'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
    // The reconcile job asks providers about payments still open.
    index('payments_open_idx').on(t.updatedAt).where(sql`${t.status} in ('requires_action', 'processing')`),
  ],
);

/** A medium a user bought (a pick). Granted in the transaction that marks the order paid. */
export const mediaEntitlements = pgTable(
  'media_entitlements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mediaId] }),
    index('media_entitlements_media_idx').on(t.mediaId),
  ],
);

/** A whole-album package a user bought: covers the album's media of these types, later ones too. */
export const albumEntitlements = pgTable(
  'album_entitlements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.checkinId, t.mediaType] })],
);

/**
 * Shipping of print items per destination country and currency; a missing country is not served.
 * The platform's rates have no organisation; an organisation with rates of its own (issue 19, its
 * print offer) delivers to those countries only, at those rates.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** Per order with print items, in minor units. */
    shipping: integer('shipping').notNull(),
    handlingFee: integer('handling_fee').notNull().default(0),
  },
  (t) => [
    uniqueIndex('shipping_rates_country_key')
      .on(t.country, t.currency)
      .where(sql`${t.organisationId} is null`),
    uniqueIndex('shipping_rates_organisation_country_key')
      .on(t.organisationId, t.country, t.currency)
      .where(sql`${t.organisationId} is not null`),
  ],
);

/**
 * Which payment methods an event offers, with their texts (`payment_settings`,
 * `confirm_messages`). No row: every method the installation can serve.
 */
export const eventPaymentSettings = pgTable('event_payment_settings', {
  photoServiceId: integer('photo_service_id')
    .primaryKey()
    .references(() => photoServices.id, { onDelete: 'cascade' }),
  methods: text('methods').array().$type<PaymentMethodId[]>().notNull(),
  confirmMessages: jsonb('confirm_messages')
    .$type<Partial<Record<PaymentMethodId, string>>>()
    .notNull()
    .default({}),
});

/** The bank account transfers are made to (one per organisation; null organisation: the platform's). */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial('id').primaryKey(),
  organisationId: integer('organisation_id')
    .unique()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  beneficiary: text('beneficiary').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic').notNull(),
});

/**
 * The built-in test provider's own records: it behaves like a provider's servers inside ours, so
 * its intents live apart from our payments and are read back through the provider interface.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method').$type<PaymentMethodId>().notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url'),
    saveCard: boolean('save_card').notNull().default(false),
    savedCardId: text('saved_card_id'),
    /** Confirms so far; the 3-D Secure card succeeds on its second. */
    confirms: integer('confirms').notNull().default(0),
    message: text('message'),
    refunded: integer('refunded').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('test_payment_intents_user_idx').on(t.userId)],
);

/** Cards the test provider keeps for a user, as Stripe keeps a customer's payment methods. */
export const testPaymentCards = pgTable(
  'test_payment_cards',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('test_payment_cards_user_idx').on(t.userId)],
);

/** A user's customer id at a provider (Stripe customer), so saved cards follow the account. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** An album zip a user asked for (POST download-medias): built on the job queue, sent by e-mail. */
export const albumZips = pgTable(
  'album_zips',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    status: text('status').$type<'queued' | 'building' | 'ready' | 'failed'>().notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [index('album_zips_user_checkin_idx').on(t.userId, t.checkinId, t.createdAt)],
);

/** The lab package of a paid print order: renditions and a manifest in storage. */
export const labPackages = pgTable('lab_packages', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  manifestKey: text('manifest_key').notNull(),
  files: integer('files').notNull(),
  createdAt: createdAt(),
});

/** Unpurchased-media notices sent to an album's owner (last chance, last call), each once. */
export const albumLifecycleNotices = pgTable(
  'album_lifecycle_notices',
  {
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => checkins.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'last_chance' | 'last_call'>().notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.checkinId, t.kind] })],
);
