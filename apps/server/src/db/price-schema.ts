import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PackagePriceRow, PriceListItemRow } from './album-schema';
import { organisations } from './schema';

/**
 * A reusable price list of an organisation (issue 19): entries and packages in one currency,
 * copied onto events and galleries when applied (later edits change no live price).
 */
export const priceSheets = pgTable(
  'price_sheets',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    items: jsonb('items').$type<PriceListItemRow[]>().notNull(),
    packages: jsonb('packages').$type<PackagePriceRow[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_sheets_organisation_idx').on(t.organisationId, t.name)],
);
