import type { OrganisationRole } from '@fotodrop/contract';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { photoServices } from './album-schema';
import { createdAt } from './columns';
import { organisations, users } from './schema';

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

/**
 * Which events a photographer works on (issue 18): a photographer uploads to and sees only these.
 * Goes with the membership (removed member, no assignment) and with the event.
 */
export const eventPhotographers = pgTable(
  'event_photographers',
  {
    photoServiceId: integer('photo_service_id')
      .notNull()
      .references(() => photoServices.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => organisationMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.photoServiceId, t.memberId] }),
    index('event_photographers_member_idx').on(t.memberId),
  ],
);
