import type { Theme } from '@fotodrop/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export interface FooterCategory {
  title: string;
  links: { label: string; url: string }[];
}
export interface PrivacyCheckbox {
  id: string;
  label: string;
  required: boolean;
  url: string | null;
}

/** An organisation (event owner) with its per-subdomain branding: the AppConfig of entry spec §3. */
export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  appName: text('app_name').notNull().unique(),
  name: text('name').notNull(),
  isOwnSite: boolean('is_own_site').notNull().default(false),
  logo: text('logo'),
  theme: jsonb('theme').$type<Theme>(),
  hideCart: boolean('hide_cart').notNull().default(false),
  footerCompanyInfo: text('footer_company_info'),
  footerCategories: jsonb('footer_categories').$type<FooterCategory[]>().notNull().default([]),
  privacyCheckboxes: jsonb('privacy_checkboxes').$type<PrivacyCheckbox[]>().notNull().default([]),
  favicon: text('favicon'),
  appleTouchIcon: text('apple_touch_icon'),
  hideAppStoreLinks: boolean('hide_app_store_links').notNull().default(false),
  hidePoweredByLogo: boolean('hide_powered_by_logo').notNull().default(false),
  hideMarketingConsentLastUpdateDate: boolean('hide_marketing_consent_last_update_date')
    .notNull()
    .default(false),
  loginSubtitle: text('login_subtitle'),
  marketingConsentDescription: text('marketing_consent_description'),
  showCalendar: boolean('show_calendar').notNull().default(false),
  disableSocialLogin: boolean('disable_social_login').notNull().default(false),
  faceCheckinPrivacyStatement: text('face_checkin_privacy_statement'),
  minRequiredAge: integer('min_required_age').notNull().default(18),
  minRequiredAgePolicyUrl: text('min_required_age_policy_url'),
  /** An album code of this site shown as the example on its home page and code forms (none: no example). */
  sampleCode: text('sample_code'),
  /** Where support requests of this site and its events go (none: the platform's SUPPORT_EMAIL). */
  supportEmail: text('support_email'),
  /** IANA time zone of the support team: decides when support is open (Monday to Friday). */
  timeZone: text('time_zone').notNull().default('Europe/Rome'),
  /** ISO 3166-1 alpha-2; null for organisations made before issue 18. */
  country: text('country'),
  /** ISO 4217: the organisation's default currency; null for organisations made before issue 18. */
  currency: text('currency'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    language: text('language').notNull().default('en'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** Version of the required policies the user accepted; below the current one means "not accepted". */
    policiesAcceptedVersion: integer('policies_accepted_version'),
    policiesAcceptedAt: timestamp('policies_accepted_at', { withTimezone: true }),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentUpdatedAt: timestamp('marketing_consent_updated_at', { withTimezone: true }),
    declaredAdultAt: timestamp('declared_adult_at', { withTimezone: true }),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    perm: text('perm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.perm] })],
);

/** A user's identity at an external issuer (social login provider, partner, organisation SSO). */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('external_identities_issuer_subject_key').on(t.issuer, t.subject)],
);

/** API tokens; only a SHA-256 of the key is stored, so a leaked table grants nothing. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    tokenType: text('token_type').$type<'Token' | 'Bearer'>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set on an impersonated session: the staff user acting as `user_id` (short-lived, never extended). */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Per-organisation SSO integrations and the partner token issuer. Tokens are verified either with
 * a shared secret (HS256) or against a JSON Web Key Set (inline or fetched from jwks_uri).
 */
export const ssoIntegrations = pgTable('sso_integrations', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  audience: text('audience'),
  secret: text('secret'),
  jwksUri: text('jwks_uri'),
  jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every API process, so limits hold behind a load balancer. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** What remains of a deleted account: no personal data, only that an account existed and when it went. */
export const accountDeletions = pgTable('account_deletions', {
  id: serial('id').primaryKey(),
  formerUserId: integer('former_user_id').notNull(),
  dateJoined: timestamp('date_joined', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});
