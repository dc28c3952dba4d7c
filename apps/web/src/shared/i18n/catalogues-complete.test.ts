import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@fotodrop/contract/languages';
import { describe, expect, it } from 'vitest';

/**
 * Every catalogue in locales/ must be a complete, faithful copy of the English one: the same keys
 * (plural forms counted as one key), no empty text, the same {{placeholders}} and <tags>, and no
 * text left in English except where the allowlist below says the same words are right.
 */

type Catalogue = Record<string, unknown>;
type Flat = Record<string, unknown>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * (language, key) pairs whose text is rightly identical to the English text. Keep it short: each
 * entry says why the English words are the native ones. An entry whose text is no longer identical
 * fails the test, so the list cannot grow stale.
 */
const SAME_AS_ENGLISH: ReadonlyArray<readonly [language: string, key: string]> = [
  // the footer column titled with the brand name alone ("Fotodrop"), never translated
  ...LANGUAGES.filter((language) => language !== 'en').map(
    (language) => [language, 'footer.product'] as const,
  ),
  // the payment methods' brand names (iDEAL, Przelewy24, Mercado Pago) are the same in every language
  ...LANGUAGES.filter((language) => language !== 'en').flatMap((language) =>
    ['checkout.method.ideal', 'checkout.method.p24', 'checkout.method.mercado-pago'].map(
      (key) => [language, key] as const,
    ),
  ),
  // the IBAN is called IBAN in most languages (issue 19); Polish says "Numer IBAN"
  ...LANGUAGES.filter((language) => !['en', 'pl'].includes(language)).map(
    (language) => [language, 'organiser.selling.bank.iban'] as const,
  ),
  // Italian uses the English loanwords "Password" and "Privacy" (no native alternative in UI use)
  ['it', 'auth.fields.password'],
  ['it', 'profile.nav.password'],
  ['it', 'profile.nav.privacy'],
  ['it', 'profile.privacy.title'],
  // Spanish and Portuguese say "Subtotal" too (the console's order totals, issue 19)
  ['es', 'organiser.orders.subtotal'],
  ['pt', 'organiser.orders.subtotal'],
  // German for "name" is "Name"
  ['de', 'profile.resume.name'],
  // European Portuguese labels the e-mail field "E-mail"
  ['pt', 'auth.fields.email'],
  // the console's words that are the same in German, French and Italian (issue 18)
  ['it', 'organiser.console.sections.team'],
  ['it', 'organiser.team.title'],
  ['de', 'organiser.console.organisation'],
  ['de', 'organiser.console.sections.team'],
  ['de', 'organiser.team.title'],
  ['de', 'organiser.team.name'],
  ['de', 'organiser.role_names.support'],
  ['fr', 'organiser.console.organisation'],
  ['fr', 'organiser.events.dates'],
  ['fr', 'organiser.team.actions'],
  ['fr', 'organiser.role_names.support'],
  // "Logo" in Italian, German, French and Polish; German says "Branding" and "Support"; French "Accent"
  ...['it', 'de', 'fr', 'pl'].map((language) => [language, 'organiser.branding.image_kinds.logo'] as const),
  ['de', 'organiser.console.sections.branding'],
  ['de', 'organiser.branding.title'],
  ['de', 'organiser.branding.support'],
  ['fr', 'organiser.branding.colours.accent'],
  // the participants' list (issue 18): "album" is the word in Italian, French, Slovenian and Polish;
  // German "Support", "Status", "Code"; French "Participants", "Participant", "Albums", "Code"; Polish "Status"
  ...['it', 'fr', 'sl', 'pl'].map((language) => [language, 'organiser.participants.count_one'] as const),
  ['fr', 'organiser.participants.count_other'],
  ['de', 'organiser.console.sections.support'],
  ['de', 'organiser.participants.status'],
  ['de', 'organiser.participants.code'],
  ['fr', 'organiser.event.to_participants'],
  ['fr', 'organiser.participants.title'],
  ['fr', 'organiser.participants.list'],
  ['fr', 'organiser.participants.who'],
  ['fr', 'organiser.participants.code'],
  ['pl', 'organiser.participants.status'],
  // the prices pages (issue 19): German "Videos" and "Name", French "Photos"
  ['de', 'organiser.prices.videos'],
  ['de', 'organiser.prices.sheet_name'],
  ['fr', 'organiser.prices.photos'],
  // German "Name" and "Subdomain"
  ['de', 'organiser.staff.fields.name'],
  ['de', 'organiser.staff.fields.app_name'],
  // the event pages' words that are the same in German and French (issue 18): Status, Name,
  // Check-in, Standard, Original, Minimal, Text, Date are the native words
  ...(
    [
      'organiser.events.status',
      'organiser.event.status_title',
      'organiser.event.sections.checkin',
      'organiser.event.fields.name',
      'organiser.event.choices.share_mode.s',
      'organiser.event.choices.share_mode.o',
      'organiser.event.choices.zoom_mode.s',
      'organiser.event.choices.zoom_mode.o',
      'organiser.event.choices.photo_display_type.p',
      'organiser.event.choices.photo_display_type.m',
      'organiser.event.collector.types.text',
      'organiser.event.popup.text',
    ] as const
  ).map((key) => ['de', key] as const),
  ...(
    [
      'organiser.event.choices.share_mode.s',
      'organiser.event.choices.zoom_mode.s',
      'organiser.event.choices.photo_display_type.p',
      'organiser.event.collector.types.date',
    ] as const
  ).map((key) => ['fr', key] as const),
  // the vouchers page (issue 19): German "Code", "Status" and "Link", French "Code", Polish "Status"
  ['de', 'organiser.vouchers.code'],
  ['de', 'organiser.vouchers.status'],
  ['de', 'organiser.vouchers.link'],
  ['fr', 'organiser.vouchers.code'],
  ['pl', 'organiser.vouchers.status'],
];

function flatten(node: unknown, prefix = '', out: Flat = {}): Flat {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = node;
  }
  return out;
}

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]))].sort();

/** Every opening and closing tag, so a lost or misspelt closing tag counts too. */
const tags = (text: string) =>
  [...text.matchAll(/<\s*(\/?)\s*([A-Za-z][\w-]*)\s*\/?>/g)].map((m) => `<${m[1]}${m[2]}>`).sort();

/** The English text a key is compared with: the same key, else the English `_other` plural form. */
function englishFor(en: Flat, key: string): unknown {
  if (key in en) return en[key];
  const base = baseKey(key);
  return en[`${base}_other`] ?? en[base] ?? Object.entries(en).find(([k]) => baseKey(k) === base)?.[1];
}

/** All problems of a set of catalogues (language -> parsed JSON), one readable line each. */
function catalogueProblems(
  catalogues: Record<string, Catalogue>,
  sameAsEnglish: ReadonlyArray<readonly [string, string]> = SAME_AS_ENGLISH,
): string[] {
  const problems: string[] = [];
  const flat = Object.fromEntries(Object.entries(catalogues).map(([lang, c]) => [lang, flatten(c)]));
  const en = flat.en;
  if (!en) return ['no English catalogue'];

  const allBaseKeys = new Set(Object.values(flat).flatMap((f) => Object.keys(f).map(baseKey)));
  const allowed = new Set(sameAsEnglish.map(([lang, key]) => `${lang}:${key}`));
  const usedAllowances = new Set<string>();

  for (const [lang, entries] of Object.entries(flat)) {
    const bases = new Set(Object.keys(entries).map(baseKey));
    for (const base of allBaseKeys) if (!bases.has(base)) problems.push(`${lang}: missing ${base}`);

    for (const [key, value] of Object.entries(entries)) {
      if (typeof value !== 'string') {
        problems.push(`${lang}: ${key} is not a string`);
        continue;
      }
      if (value.trim() === '') {
        problems.push(`${lang}: ${key} is empty`);
        continue;
      }
      const english = englishFor(en, key);
      if (lang === 'en' || typeof english !== 'string') continue;

      const [ours, theirs] = [placeholders(value).join(' '), placeholders(english).join(' ')];
      if (ours !== theirs) problems.push(`${lang}: ${key} has placeholders [${ours}], English [${theirs}]`);
      const [ourTags, theirTags] = [tags(value).join(''), tags(english).join('')];
      if (ourTags !== theirTags)
        problems.push(`${lang}: ${key} has tags ${ourTags || '(none)'}, English ${theirTags}`);

      if (key in en && value.trim() === english.trim()) {
        if (allowed.has(`${lang}:${key}`)) usedAllowances.add(`${lang}:${key}`);
        else problems.push(`${lang}: ${key} is still in English ("${value}")`);
      }
    }
  }
  for (const entry of allowed) {
    const [lang = ''] = entry.split(':');
    if (lang in flat && !usedAllowances.has(entry)) problems.push(`allowlist entry ${entry} is not needed`);
  }
  return problems;
}

// a path, not a URL: under jsdom the global URL is not the one node:fs accepts
const localesDir = join(dirname(fileURLToPath(import.meta.url)), 'locales');

function readCatalogues(): Record<string, Catalogue> {
  const files = readdirSync(localesDir).filter((name) => name.endsWith('.json'));
  const languages = new Set([...LANGUAGES, ...files.map((name) => name.slice(0, -'.json'.length))]);
  return Object.fromEntries(
    [...languages].map((lang) => {
      const file = `${lang}.json`;
      if (!files.includes(file)) return [lang, {}];
      return [lang, JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as Catalogue];
    }),
  );
}

describe('the language catalogues', () => {
  const catalogues = readCatalogues();

  it('exist for every supported language', () => {
    const missing = LANGUAGES.filter((lang) => Object.keys(catalogues[lang] ?? {}).length === 0);
    expect(missing).toEqual([]);
  });

  it('are complete and consistent with English', () => {
    expect(catalogueProblems(catalogues)).toEqual([]);
  });
});

describe('the catalogue check', () => {
  const en = { a: { hello: 'Hello {{name}}', terms: 'Accept the <terms>terms</terms>' }, brand: 'Fotodrop' };
  const good = {
    a: { hello: 'Ciao {{name}}', terms: 'Accetta i <terms>termini</terms>' },
    brand: 'Fotodrop',
  };

  it('accepts a faithful catalogue and allowlisted identical text', () => {
    expect(catalogueProblems({ en, it: good }, [['it', 'brand']])).toEqual([]);
  });

  it('counts plural forms as one key, compared with the English _other form', () => {
    const enPlural = { n_one: '{{count}} photo', n_other: '{{count}} photos' };
    const ru = {
      n_one: '{{count}} фото',
      n_few: '{{count}} фото',
      n_many: '{{count}} фото',
      n_other: '{{count}} фото',
    };
    expect(catalogueProblems({ en: enPlural, ru }, [])).toEqual([]);
    expect(catalogueProblems({ en: enPlural, ru: { ...ru, n_few: 'фото' } }, [])).toEqual([
      'ru: n_few has placeholders [], English [count]',
    ]);
  });

  it('reports every kind of defect', () => {
    const bad = {
      a: { hello: 'Hello {{name}}', terms: 'Accetta i <terms>termini</term>' },
      brand: '  ',
      extra: 'Solo qui {{code}}',
    };
    expect(catalogueProblems({ en, it: bad }, [['it', 'brand']])).toEqual([
      'en: missing extra',
      'it: a.hello is still in English ("Hello {{name}}")',
      'it: a.terms has tags </term><terms>, English </terms><terms>',
      'it: brand is empty',
      'allowlist entry it:brand is not needed',
    ]);
    expect(
      catalogueProblems({ en, it: { ...good, a: { hello: 'Ciao {{nome}}', terms: good.a.terms } } }, [
        ['it', 'brand'],
      ]),
    ).toEqual(['it: a.hello has placeholders [nome], English [name]']);
    expect(catalogueProblems({ en, it: { a: good.a } }, [])).toEqual(['it: missing brand']);
  });
});
