import type { Language } from '@fotodrop/contract/languages';
import type { TextTranslations } from '../../db/print-schema';

/**
 * A catalogue text in the request's language: the row's translation of the field when it has
 * one, else its own (English) text. The catalogue stores its translations beside the English
 * text, so a product added later is translated where it is entered.
 */
export function localized<T extends string | null>(
  english: T,
  translations: TextTranslations,
  language: Language,
  field: string,
): T | string {
  return translations[language]?.[field] ?? english;
}
