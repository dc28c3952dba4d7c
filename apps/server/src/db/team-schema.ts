import type { OrganisationRole } from '@fotodrop/contract';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A person's place in an organisation's team (issue 18): one role per (user, organisation); a
 * person may belong to several organisations. Checked on every console call, never cached, so a
 * removed member's next request is refused.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganisationRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organisation_members_org_user_key').on(t.organisationId, t.userId),
    index('organisation_members_user_idx').on(t.userId),
  ],
);

/**
 * An invitation by e-mail: only a SHA-256 of its link's token is stored. Single use (`accepted_at`),
 * it works until `expires_at`; a newer invitation of the same e-mail to the same organisation
 * replaces it.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<OrganisationRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('organisation_invitations_org_idx').on(t.organisationId)],
);
