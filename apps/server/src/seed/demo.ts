import {
  IMPERSONATE_PERMISSION,
  MEDIA_UPLOAD_PERMISSION,
  PLATFORM_STAFF_PERMISSION,
} from '@fotodrop/contract';
import { sql } from 'drizzle-orm';
import type { PasswordHasher } from '../adapters/password-hasher';
import type { SsoIntegrationConfig } from '../config';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { organisationsRepository } from '../repositories/organisations.repository';
import { photoServicesRepository } from '../repositories/photo-services.repository';
import { teamRepository } from '../repositories/team.repository';
import { usersRepository } from '../repositories/users.repository';
import { seedDemoCheckout } from './demo-checkout';
import { DEMO_CODES, seedDemoEvents, upgradeDemoPackagePrices } from './demo-events';
import { seedDemoFaceEvent } from './demo-face-event';
import { seedDemoPrint } from './demo-print';
import { seedDemoSupport, seedPlatformSupport } from './demo-support';

/** The product's own site; the default event-owner id of the spec. */
export const OWN_SITE_ID = 34;
export const BRANDED_APP_NAME = 'alpinerun';

export const DEMO_USERS = [
  { email: 'demo@fotodrop.test', password: 'Fotodrop-demo1', firstName: 'Dana', lastName: 'Demo', perms: [] },
  {
    email: 'staff@fotodrop.test',
    password: 'Fotodrop-staff1',
    firstName: 'Sam',
    lastName: 'Staff',
    perms: [IMPERSONATE_PERMISSION, PLATFORM_STAFF_PERMISSION],
  },
  {
    email: 'organiser@fotodrop.test',
    password: 'Fotodrop-organiser1',
    firstName: 'Olga',
    lastName: 'Organiser',
    perms: [MEDIA_UPLOAD_PERMISSION],
  },
] as const;

/** Organisations every installation needs: the product's own site. Safe to run at every start. */
export async function seedBase(db: Db): Promise<void> {
  await db
    .insert(organisations)
    .values({ id: OWN_SITE_ID, appName: 'www', name: 'Fotodrop', isOwnSite: true })
    .onConflictDoNothing();
  // Explicit ids leave the serial behind; move it past them so later inserts do not collide.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('organisations', 'id'), greatest((select max(id) from organisations), 1))`,
  );
  await seedPlatformSupport(db, OWN_SITE_ID);
}

/** Demo data for `npm start`: a branded organisation and two accounts. Only fills an empty installation. */
export async function seedDemo(
  db: Db,
  hasher: PasswordHasher,
  requiredPoliciesVersion: number,
): Promise<void> {
  const orgs = organisationsRepository(db);
  const existing = await orgs.findByAppName(BRANDED_APP_NAME);
  if (existing) {
    // A demo seeded before issue 11 left icons, white-label flags and texts at the main site's
    // values; its favicon is the mark (set by this seed, never cleared by it). Runs once.
    if (existing.favicon === null) await orgs.upsert(brandedDemoOrganisation());
    // An installation seeded before a demo permission existed (e.g. platform staff) gets it now.
    for (const demo of DEMO_USERS) {
      const user = await usersRepository(db).findByEmail(demo.email);
      if (user) await usersRepository(db).grant(user.id, [...demo.perms]);
    }
    await seedDemoCheckout(db);
    await seedDemoFaceEvent(db, OWN_SITE_ID);
    await seedDemoSupportFor(db);
    await upgradeDemoPackagePrices(db);
    await seedDemoTeam(db);
    return;
  }
  const branded = await orgs.upsert(brandedDemoOrganisation());
  const users = usersRepository(db);
  for (const demo of DEMO_USERS) {
    const now = new Date();
    const user = await users.insert({
      email: demo.email,
      passwordHash: await hasher.hash(demo.password),
      firstName: demo.firstName,
      lastName: demo.lastName,
      policiesAcceptedVersion: requiredPoliciesVersion,
      policiesAcceptedAt: now,
      declaredAdultAt: now,
      marketingConsentUpdatedAt: now,
      organisationId: demo.email.startsWith('staff') ? branded.id : OWN_SITE_ID,
    });
    if (user) await users.grant(user.id, [...demo.perms]);
  }
  await seedDemoEvents(db, { ownSite: OWN_SITE_ID, branded: branded.id });
  await seedDemoFaceEvent(db, OWN_SITE_ID);
  await seedDemoPrint(db);
  await seedDemoCheckout(db);
  await seedDemoSupportFor(db);
  await seedDemoTeam(db);
}

/**
 * The demo organiser owns the organisation its `organisation_id` names (issue 18's team calls read
 * memberships). Also given to an installation seeded before memberships existed; never demotes.
 */
async function seedDemoTeam(db: Db): Promise<void> {
  const organiser = await usersRepository(db).findByEmail('organiser@fotodrop.test');
  if (organiser?.organisationId != null) {
    await teamRepository(db).addMember(organiser.organisationId, organiser.id, 'owner');
  }
}

/**
 * The branded demo site: every AppConfig field set apart from the main site's defaults, so the
 * demo shows what each one changes (logo, colours, icons, cart, footer, sign-up, login, calendar…).
 */
function brandedDemoOrganisation() {
  return {
    appName: BRANDED_APP_NAME,
    name: 'Alpine Run Club',
    logo: '/brand/alpinerun.svg',
    theme: {
      primary: '#0f766e',
      primary_contrast: '#ffffff',
      accent: '#f59e0b',
      background: '#f0fdfa',
      surface: '#ffffff',
      text: '#134e4a',
    },
    favicon: '/brand/alpinerun-icon.svg',
    appleTouchIcon: '/brand/alpinerun-touch-icon.png',
    hideCart: true,
    footerCompanyInfo: 'Alpine Run Club · Via dei Monti 12 · 39100 Bolzano · VAT IT01234567890',
    footerCategories: [
      {
        title: 'Alpine Run',
        links: [
          { label: 'Race calendar', url: 'https://alpinerun.example/calendar' },
          { label: 'Contact', url: 'mailto:photos@alpinerun.example' },
        ],
      },
    ],
    privacyCheckboxes: [
      {
        id: 'club-photo-rules',
        label: 'I accept the Alpine Run Club photo rules',
        required: true,
        url: 'https://alpinerun.example/photo-rules',
      },
      { id: 'club-newsletter', label: 'Send me the club newsletter', required: false, url: null },
    ],
    hideAppStoreLinks: true,
    // a white-label site: no "Powered by Fotodrop" (the main site never shows one either)
    hidePoweredByLogo: true,
    hideMarketingConsentLastUpdateDate: true,
    loginSubtitle: 'Find your race photos from the Alpine Run trail series',
    marketingConsentDescription: 'News about upcoming Alpine Run races and photo offers.',
    showCalendar: true,
    disableSocialLogin: true,
    faceCheckinPrivacyStatement:
      'Alpine Run Club compares your selfie only with this race’s photos and deletes it when the race album closes.',
    minRequiredAge: 16,
    minRequiredAgePolicyUrl: 'https://alpinerun.example/youth-policy',
    // the home page and code forms show this site's own demo album code, not the main site's
    sampleCode: DEMO_CODES.trailRunner,
  } satisfies typeof organisations.$inferInsert;
}

async function seedDemoSupportFor(db: Db): Promise<void> {
  const branded = await organisationsRepository(db).findByAppName(BRANDED_APP_NAME);
  const marathon = await photoServicesRepository(db).findBySlug('5e1a0c3d');
  if (branded)
    await seedDemoSupport(db, {
      ownSite: OWN_SITE_ID,
      branded: branded.id,
      marathonId: marathon?.id ?? null,
    });
}

/** Upserts the SSO and partner integrations named in the configuration. */
export async function applySsoIntegrations(db: Db, integrations: SsoIntegrationConfig[]): Promise<void> {
  const orgs = organisationsRepository(db);
  for (const integration of integrations) {
    const organisation = integration.organisation
      ? await orgs.findByAppName(integration.organisation)
      : undefined;
    if (integration.organisation && !organisation) {
      throw new Error(
        `SSO integration ${integration.key}: no organisation with app name ${integration.organisation}`,
      );
    }
    await orgs.upsertIntegration({
      key: integration.key,
      organisationId: organisation?.id ?? null,
      issuer: integration.issuer,
      audience: integration.audience ?? null,
      secret: integration.secret ?? null,
      jwksUri: integration.jwks_uri ?? null,
      jwks: null,
    });
  }
}
