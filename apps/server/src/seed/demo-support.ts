import type { Language } from '@fotodrop/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import type { TextTranslations } from '../db/print-schema';
import { organisations } from '../db/schema';
import { faqGroups, faqs, supportHolidays } from '../db/support-schema';
import { FAQ_TEXTS, type FaqTexts } from './faq-texts';

/** decision: the own site's support address until an operator sets another one. */
export const OWN_SITE_SUPPORT_EMAIL = 'support@fotodrop.example';

const PLATFORM_GROUPS = ['finding', 'buying', 'downloads', 'privacy', 'prints'] as const;
/** Anchors of the groups' hash links (/help#finding-photos). */
const GROUP_KEYS: Record<keyof FaqTexts, string> = {
  finding: 'finding-photos',
  buying: 'buying',
  downloads: 'downloads',
  privacy: 'privacy',
  prints: 'prints',
  marathon: 'event-lakeside-marathon',
};

const others = (Object.keys(FAQ_TEXTS) as Language[]).filter((l) => l !== 'en');

async function insertGroup(
  db: Queryable,
  group: keyof FaqTexts,
  position: number,
  owner: { organisationId: number | null; photoServiceId: number | null },
): Promise<void> {
  const en = FAQ_TEXTS.en[group];
  const title: TextTranslations = Object.fromEntries(
    others.map((l) => [l, { title: FAQ_TEXTS[l][group].title }]),
  );
  const [row] = await db
    .insert(faqGroups)
    .values({ ...owner, key: GROUP_KEYS[group], title: en.title, position, translations: title })
    .returning({ id: faqGroups.id });
  await db.insert(faqs).values(
    en.faqs.map(([question, answer], i) => ({
      groupId: row!.id,
      question,
      answer,
      position: i,
      translations: Object.fromEntries(
        others.map((l) => {
          const [q, a] = FAQ_TEXTS[l][group].faqs[i]!;
          return [l, { question: q, answer: a }];
        }),
      ) as TextTranslations,
    })),
  );
}

/**
 * The platform's FAQ, written as its support team answers (finding photos, payment, downloads and
 * HD, privacy and biometrics, prints), in every language; and the own site's support address.
 * Every installation needs them; safe to run at every start (only fills what is missing).
 */
export async function seedPlatformSupport(db: Db, ownSiteId: number): Promise<void> {
  await db
    .update(organisations)
    .set({ supportEmail: OWN_SITE_SUPPORT_EMAIL })
    .where(and(eq(organisations.id, ownSiteId), isNull(organisations.supportEmail)));
  const [existing] = await db
    .select({ id: faqGroups.id })
    .from(faqGroups)
    .where(and(isNull(faqGroups.organisationId), isNull(faqGroups.photoServiceId)))
    .limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    for (const [i, group] of PLATFORM_GROUPS.entries()) {
      await insertGroup(tx, group, i, { organisationId: null, photoServiceId: null });
    }
  });
}

/** Italian public holidays of the demo years: support is closed on them. */
const DEMO_HOLIDAYS: [string, string][] = [
  ['2026-12-08', 'Immaculate Conception'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-26', 'St Stephen’s Day'],
  ['2027-01-01', 'New Year’s Day'],
  ['2027-01-06', 'Epiphany'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-04-25', 'Liberation Day'],
  ['2027-05-01', 'Labour Day'],
  ['2027-06-02', 'Republic Day'],
  ['2027-08-15', 'Assumption Day'],
  ['2027-11-01', 'All Saints’ Day'],
  ['2027-12-08', 'Immaculate Conception'],
  ['2027-12-25', 'Christmas Day'],
  ['2027-12-26', 'St Stephen’s Day'],
];

/** Demo support: both organisations' holidays, the branded club's own address, the marathon's FAQ. */
export async function seedDemoSupport(
  db: Db,
  ids: { ownSite: number; branded: number; marathonId: number | null },
): Promise<void> {
  await db
    .update(organisations)
    .set({ supportEmail: 'photos@alpinerun.example' })
    .where(and(eq(organisations.id, ids.branded), isNull(organisations.supportEmail)));
  for (const organisationId of [ids.ownSite, ids.branded]) {
    await db
      .insert(supportHolidays)
      .values(DEMO_HOLIDAYS.map(([day, name]) => ({ organisationId, day, name })))
      .onConflictDoNothing();
  }
  if (ids.marathonId === null) return;
  const [existing] = await db
    .select({ id: faqGroups.id })
    .from(faqGroups)
    .where(eq(faqGroups.photoServiceId, ids.marathonId))
    .limit(1);
  if (!existing)
    await insertGroup(db, 'marathon', 0, { organisationId: null, photoServiceId: ids.marathonId });
}
