import {
  FALLBACK_LANGUAGE,
  firstDayOfWeek,
  isLanguage,
  LANGUAGES,
  type Language,
  pickLanguage,
} from '@fotodrop/contract/languages';
import i18next from 'i18next';
import { useAppStore } from '../store/app-store';

export { i18next as i18n };

export type Catalogue = Record<string, unknown>;
type CatalogueLoader = (language: Language) => Promise<Catalogue | null>;

/**
 * Catalogues are JSON files (locales/<lang>.json) that the build emits as separate assets; only
 * the current language (and English as fallback) is fetched. A language without a catalogue yet
 * falls back to English. JSON rather than a JS chunk: it parses faster and does not count against
 * the home page's JavaScript.
 */
const catalogueUrls = import.meta.glob<string>('./locales/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

let fetchCatalogue: CatalogueLoader = async (language) => {
  const url = catalogueUrls[`./locales/${language}.json`];
  if (!url) return null;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`catalogue ${language}: HTTP ${response.status}`);
  return (await response.json()) as Catalogue;
};

/** Replaces how catalogues are loaded (tests read the files from disk). */
export function setCatalogueLoader(loader: CatalogueLoader): void {
  fetchCatalogue = loader;
}

/** Native names, shown in the language switcher whatever the current language is. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  it: 'Italiano',
  en: 'English',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  fr: 'Français',
  sl: 'Slovenščina',
  ru: 'Русский',
  uk: 'Українська',
  pl: 'Polski',
};

async function loadCatalogue(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const catalogue = await fetchCatalogue(language);
  if (catalogue) i18next.addResourceBundle(language, 'translation', catalogue, true, true);
}

/** The stored choice (user_language), else the browser's preferences, else English. */
export function detectLanguage(): Language {
  const stored = useAppStore.getState().language;
  if (stored) return stored;
  const nav = globalThis.navigator;
  return pickLanguage(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}

/** The chosen language (even while its catalogue falls back to English): Accept-Language, <html lang>. */
export function currentLanguage(): Language {
  const lang = i18next.language;
  if (isLanguage(lang)) return lang;
  // before i18next starts (the router's first calls go out while the catalogue loads): the
  // language it will start in
  return i18next.isInitialized ? FALLBACK_LANGUAGE : detectLanguage();
}

function syncDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let ready: Promise<void> | null = null;

/** Loads the catalogues of the start language (and English as fallback) and starts i18next. */
export function initI18n(language: Language = detectLanguage()): Promise<void> {
  ready ??= (async () => {
    const wanted = [...new Set<Language>([FALLBACK_LANGUAGE, language])];
    const loaded = await Promise.all(wanted.map(async (lang) => [lang, await fetchCatalogue(lang)] as const));
    const resources: Record<string, { translation: Catalogue }> = {};
    for (const [lang, catalogue] of loaded) if (catalogue) resources[lang] = { translation: catalogue };
    await i18next.init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: LANGUAGES,
      partialBundledLanguages: true,
      resources,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    i18next.on('languageChanged', syncDocument);
    syncDocument(language);
  })();
  return ready;
}

/** Switches the interface language and remembers it; the caller tells the server when logged in. */
export async function switchLanguage(language: Language): Promise<void> {
  // a user's profile language may arrive before i18next has started: switch once it has
  if (ready) await ready;
  await loadCatalogue(language);
  await i18next.changeLanguage(language);
  useAppStore.getState().setLanguage(language);
}

/** First day of the week for date pickers: 0 Sunday (English), 1 Monday (all others). */
export function weekStart(language: Language = currentLanguage()): 0 | 1 {
  return firstDayOfWeek(language);
}
