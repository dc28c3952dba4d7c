import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './schema';

/**
 * The organisation's own privacy checkboxes (AppConfig.privacy_checkboxes) a user ticked at sign-up,
 * with the label and document link as shown then: the proof of consent outlives a later change of
 * the organisation's wording.
 */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    checkboxId: text('checkbox_id').notNull(),
    label: text('label').notNull(),
    url: text('url'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('privacy_consents_user_box_key').on(t.userId, t.organisationId, t.checkboxId)],
);
