export const LANGUAGES = ['it', 'en', 'es', 'pt', 'de', 'fr', 'sl', 'ru', 'uk', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'user_language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** English weeks start on Sunday (0); every other supported language starts on Monday (1). */
export function firstDayOfWeek(language: Language): 0 | 1 {
  return language === 'en' ? 0 : 1;
}

/** Picks the first supported language from browser preferences such as ["sl-SI", "en-US"]. */
export function pickLanguage(preferences: readonly string[]): Language {
  for (const pref of preferences) {
    const base = pref.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
