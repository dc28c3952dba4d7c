import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every start and end of an impersonated session: who (staff), whom, when and from where.
 * Append-only (a trigger of migration 0013 refuses UPDATE and DELETE), and without foreign keys,
 * with the e-mails copied: the trail outlives a deleted account.
 */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: serial('id').primaryKey(),
    action: text('action').$type<'start' | 'end'>().notNull(),
    impersonatorId: integer('impersonator_id').notNull(),
    impersonatorEmail: text('impersonator_email').notNull(),
    userId: integer('user_id').notNull(),
    userEmail: text('user_email').notNull(),
    /** The impersonated session (auth_tokens.id): pairs an end with its start. */
    tokenId: integer('token_id').notNull(),
    /** Why an end was written: `logout` (returned to the own account) or `expired`. */
    endReason: text('end_reason').$type<'logout' | 'expired'>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [
    index('impersonation_audit_impersonator_idx').on(t.impersonatorId, t.at),
    index('impersonation_audit_user_idx').on(t.userId, t.at),
    index('impersonation_audit_token_idx').on(t.tokenId),
  ],
);
