import type { Language } from '@fotodrop/contract/languages';
import type { PolicyTexts } from './types';

type Loader = () => Promise<{ default: PolicyTexts }>;

/**
 * The policy texts per language, each its own chunk. Polish and Portuguese show the English text
 * (albums spec "outbound links": their terms pages fall back to English), saying so on the page.
 */
const LOADERS: Record<Language, Loader> = {
  en: () => import('./en'),
  de: () => import('./de'),
  fr: () => import('./fr'),
  it: () => import('./it'),
  es: () => import('./es'),
  sl: () => import('./sl'),
  ru: () => import('./ru'),
  uk: () => import('./uk'),
  pl: () => import('./en'),
  pt: () => import('./en'),
};

/** Languages whose policy texts are the English ones. */
export const ENGLISH_POLICY_LANGUAGES: readonly Language[] = ['pl', 'pt'];

export async function loadPolicyTexts(language: Language): Promise<PolicyTexts> {
  return (await LOADERS[language]()).default;
}
