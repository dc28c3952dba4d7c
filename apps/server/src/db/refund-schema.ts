import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { orders, testPaymentIntents } from './order-schema';
import { organisations, users } from './schema';

/** Issue 19: refunds, the e-mails sent about an order, and an organisation's order settings. */

/**
 * An organiser's refund of an order (issue 19): some lines, or the whole remaining order. Written
 * `pending` under the order's row lock before the provider is asked, so a double click, a retry or
 * a crash never refunds twice: the idempotency key goes to the provider, and a pending refund left
 * by a crash is asked again with the same key at start (order-refunds.ts).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The lines it gives back, each with its amount (minor units), by line id. */
    lineAmounts: jsonb('line_amounts').$type<Record<string, number>>().notNull(),
    /** Shipping and handling given back with it (the last print lines, or the whole order). */
    shippingAmount: integer('shipping_amount').notNull().default(0),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    provider: text('provider').notNull(),
    /** The payment refunded (its provider ref). */
    paymentRef: text('payment_ref'),
    /** The provider's id of the refund, once it answered. */
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    message: text('message'),
    /** Why it failed: the provider refused, or it never confirmed it before the give-up deadline. */
    failure: text('failure').$type<'refused' | 'unconfirmed'>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The built-in test provider's refunds: one per idempotency key, as a real provider keeps them. */
export const testPaymentRefunds = pgTable('test_payment_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

/** The e-mails sent about an order (issue 19): the console's history, and the resend limit. */
export const orderEmails = pgTable(
  'order_emails',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'purchase' | 'transfer' | 'refund' | 'resend'>().notNull(),
    sentAt: createdAt(),
  },
  (t) => [index('order_emails_order_idx').on(t.orderId, t.sentAt)],
);

/** An organisation's order settings (issue 19); no row: the defaults (prints not held). */
export const organisationOrderSettings = pgTable('organisation_order_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  printHoldHours: integer('print_hold_hours').notNull().default(0),
});
