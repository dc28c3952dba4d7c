import { FAQ_SEARCH_LIMIT } from '../constants';

export interface FaqEntryLike {
  question: string;
  answer: string;
}

/**
 * Searches the questions of FAQ groups: an empty query (or the literal text "undefined", which a
 * stringified missing value produces) finds nothing; otherwise a case-insensitive substring match
 * on question or answer, in group order, at most FAQ_SEARCH_LIMIT results.
 * decision: the query is trimmed first, so a query of only spaces is empty.
 */
export function searchFaqs<T extends FaqEntryLike>(
  groups: readonly { faqs: readonly T[] }[],
  query: string | null | undefined,
): T[] {
  const q = (query ?? '').trim();
  if (q === '' || q === 'undefined') return [];
  const needle = q.toLowerCase();
  const found: T[] = [];
  for (const group of groups) {
    for (const faq of group.faqs) {
      if (faq.question.toLowerCase().includes(needle) || faq.answer.toLowerCase().includes(needle)) {
        found.push(faq);
        if (found.length === FAQ_SEARCH_LIMIT) return found;
      }
    }
  }
  return found;
}
