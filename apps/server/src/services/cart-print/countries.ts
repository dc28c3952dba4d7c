import { isLanguage, type Language } from '@fotodrop/contract';
import { COUNTRY_CODES } from '@fotodrop/contract/countries';

const CODE_SET = new Set(COUNTRY_CODES);

/** Whether a code is an assigned ISO 3166-1 alpha-2 country or territory. */
export const isCountryCode = (code: string) => CODE_SET.has(code);

const cache = new Map<Language, { code: string; name: string }[]>();

/** Countries with their names in `language` (from the runtime's CLDR data), sorted for that language. */
export function countries(language: Language) {
  let list = cache.get(language);
  if (!list) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const collator = new Intl.Collator(language);
    list = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    cache.set(language, list);
  }
  return list;
}

/** The first supported language of an Accept-Language header, else English. */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}
