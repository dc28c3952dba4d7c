import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const getLanguage = () => i18n.language;

/**
 * The translate function, re-rendering the component when the language changes. A few lines over
 * i18next instead of react-i18next, whose 3 KB the home-route budget cannot spare.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n; language: string } {
  const language = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return { t: i18n.t, i18n, language };
}
