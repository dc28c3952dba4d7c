/*
 * Find by bib (issue 20): the runner's last name is the second factor next to the bib. Runners type
 * it on a phone after the race, so it must match however the registration wrote it: case, accents,
 * surrounding and inner spaces, hyphens and apostrophes make no difference ("O'Neil" = "oneil",
 * "García-López" = "garcia lopez").
 */

/** Letters that Unicode does not decompose into a base letter and a mark. */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const UNFOLDED = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'g');
/** Marks left by decomposition (accents, cedillas, ogoneks, carons). */
const MARKS = /\p{M}/gu;
/** Spaces, dashes and hyphens, apostrophes and their look-alikes, dots ("St. John"). */
const IGNORED = /[\s\p{Pd}'’‘ʼ`´.]/gu;

/** The form two last names are compared in; empty when nothing but ignored characters was typed. */
export function lastNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(UNFOLDED, (c) => FOLDED[c] ?? c)
    .replace(IGNORED, '');
}

/** Whether the typed last name is the runner's. An empty key matches nothing. */
export function lastNamesMatch(registered: string, typed: string): boolean {
  const key = lastNameKey(typed);
  return key.length > 0 && key === lastNameKey(registered);
}
