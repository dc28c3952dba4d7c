import { isLanguage } from '@fotodrop/contract/languages';
import { weekStart } from './i18n';
import { useTranslation } from './use-translation';

/** First day of the week for date pickers in the current language: 0 Sunday (en), 1 Monday (others). */
export function useWeekStart(): 0 | 1 {
  const { language } = useTranslation();
  return weekStart(isLanguage(language) ? language : 'en');
}
