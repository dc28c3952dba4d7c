import type { Language } from '@fotodrop/contract';

/**
 * Countries where one of our languages is the language most people read (ISO 3166-1 alpha-2).
 * Countries with several (Belgium, Canada…) are left out on purpose: English is the safer guess.
 */
const BY_COUNTRY: Record<string, Language> = {
  ...Object.fromEntries(['IT', 'SM', 'VA'].map((c) => [c, 'it'])),
  ...Object.fromEntries(
    'ES MX AR CO CL PE VE EC GT CU BO DO HN PY SV NI CR PA UY PR GQ'.split(' ').map((c) => [c, 'es']),
  ),
  ...Object.fromEntries('PT BR AO MZ CV GW ST TL'.split(' ').map((c) => [c, 'pt'])),
  ...Object.fromEntries(['DE', 'AT', 'LI'].map((c) => [c, 'de'])),
  ...Object.fromEntries(['FR', 'MC', 'LU'].map((c) => [c, 'fr'])),
  SI: 'sl',
  ...Object.fromEntries(['RU', 'BY', 'KZ', 'KG'].map((c) => [c, 'ru'])),
  UA: 'uk',
  PL: 'pl',
};

/**
 * The language an organisation's participants most likely read, from its country: what it prints
 * for them (QR cards) speaks it unless the organiser asks for another. English when unknown.
 */
export function languageOfCountry(country: string | null | undefined): Language {
  return (country && BY_COUNTRY[country.toUpperCase()]) || 'en';
}
