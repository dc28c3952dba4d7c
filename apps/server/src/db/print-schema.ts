import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations, users } from './schema';

/**
 * A catalogue text in other languages, by language code (`de`, `fr`…); the row's own columns are
 * the English text and the fallback for a language without an entry.
 */
export type TextTranslations = Partial<Record<string, Record<string, string>>>;
const translations = () => jsonb('translations').$type<TextTranslations>().notNull().default({});

/** A group of print products in the chooser (albums spec §2 "Print product chooser"). */
export const printProductFamilies = pgTable('print_product_families', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description'),
  imageUrl: text('image_url'),
  position: integer('position').notNull().default(0),
  translations: translations(),
});

/** A print product (albums spec §3 "Print product"), sold in one currency, taking min..max photos. */
export const printProducts = pgTable(
  'print_products',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id')
      .notNull()
      .references(() => printProductFamilies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    minPhotos: integer('min_photos').notNull().default(1),
    maxPhotos: integer('max_photos').notNull(),
    currency: text('currency').notNull(),
    position: integer('position').notNull().default(0),
    translations: translations(),
  },
  (t) => [index('print_products_family_idx').on(t.familyId, t.position)],
);

/** A choice a product asks for (size, finish…): a variant picks one option of every group. */
export const printVariantGroups = pgTable(
  'print_variant_groups',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => printProducts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    translations: translations(),
  },
  (t) => [index('print_variant_groups_product_idx').on(t.productId, t.position)],
);

export const printVariantOptions = pgTable(
  'print_variant_options',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => printVariantGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    translations: translations(),
  },
  (t) => [index('print_variant_options_group_idx').on(t.groupId, t.position)],
);

/**
 * A priced combination of options. `option_ids` is sorted ascending, so a configuration finds its
 * variant by comparing its sorted pick, and the unique index keeps one price per combination.
 */
export const printVariants = pgTable(
  'print_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => printProducts.id, { onDelete: 'cascade' }),
    optionIds: integer('option_ids').array().notNull(),
    /** VAT included, in the product's currency. */
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('print_variants_options_key').on(t.productId, t.optionIds)],
);

export interface PrintPhoto {
  photo_id: number;
  quantity: number;
}

/**
 * A configured print product in a user's cart (the "configuration finished" page). Its price is
 * read from the variant when the cart is priced; its photos come from the user's digital cart.
 */
export const cartPrintItems = pgTable(
  'cart_print_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => printProducts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => printVariants.id, { onDelete: 'cascade' }),
    photos: jsonb('photos').$type<PrintPhoto[]>().notNull(),
    /**
     * Whose print offer prices the item (issue 19): the organisation of its photos' event. Null
     * only for items whose photos are gone; they are priced at the catalogue's price.
     */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** The product's currency when it was added: the cart holds one currency (albums spec §5). */
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_print_items_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An organisation's choice of a catalogue product (issue 19): offered to its participants or not.
 * No row: offered, when the catalogue's price is in the organisation's currency.
 */
export const organisationPrintProducts = pgTable(
  'organisation_print_products',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => printProducts.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.productId] })],
);

/** An organisation's own price of a variant, VAT included, in the organisation's currency (issue 19). */
export const organisationPrintPrices = pgTable(
  'organisation_print_prices',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => printVariants.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.variantId] })],
);
