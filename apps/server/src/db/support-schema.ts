import type { SupportCategory } from '@fotodrop/contract';
import { date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { photoServices } from './album-schema';
import { createdAt } from './columns';
import type { TextTranslations } from './print-schema';
import { organisations, users } from './schema';

const translations = () => jsonb('translations').$type<TextTranslations>().notNull().default({});

/**
 * A group of help questions. Neither organisation nor event: the platform's own FAQ, shown
 * everywhere; an organisation's: shown on its site and for its events; an event's: shown when the
 * help page is opened for that event. Texts are English with `translations` by language, as in
 * the print catalogue.
 */
export const faqGroups = pgTable(
  'faq_groups',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    photoServiceId: integer('photo_service_id').references(() => photoServices.id, { onDelete: 'cascade' }),
    /** A stable name for seeding and for hash links (`/help#faq-finding-photos`). */
    key: text('key').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    translations: translations(),
  },
  (t) => [index('faq_groups_owner_idx').on(t.organisationId, t.photoServiceId)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => faqGroups.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    translations: translations(),
  },
  (t) => [index('faqs_group_idx').on(t.groupId, t.position)],
);

/** Days an organisation's support is closed besides weekends, in its own time zone. */
export const supportHolidays = pgTable(
  'support_holidays',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day] })],
);

/** A request to customer support, as sent; e-mailed to the organisation's support address. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    photoServiceId: integer('photo_service_id').references(() => photoServices.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    picacode: text('picacode'),
    category: text('category').$type<SupportCategory>().notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    /** The screenshot re-encoded as JPEG, in media storage (`support/<id>/screenshot.jpg`). */
    screenshotKey: text('screenshot_key'),
    /** The day support said it would answer by (the next working day when sent while closed). */
    answerBy: date('answer_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_requests_organisation_idx').on(t.organisationId, t.createdAt),
    index('support_requests_email_idx').on(t.email),
  ],
);
