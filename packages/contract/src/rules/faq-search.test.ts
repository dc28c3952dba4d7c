import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAQ_SEARCH_LIMIT } from '../constants';
import { searchFaqs } from './faq-search';

const text = fc.string({ unit: fc.constantFrom(...'abcABC xyz'), maxLength: 12 });
const faq = fc.record({ question: text, answer: text });
const groups = fc.array(fc.record({ faqs: fc.array(faq, { maxLength: 5 }) }), { maxLength: 4 });
const query = fc.string({ unit: fc.constantFrom(...'abcAB'), minLength: 1, maxLength: 3 });

const matches = (q: string, f: { question: string; answer: string }) =>
  f.question.toLowerCase().includes(q.toLowerCase()) || f.answer.toLowerCase().includes(q.toLowerCase());

describe('searchFaqs', () => {
  it('finds nothing for an empty query or the text "undefined"', () => {
    fc.assert(
      fc.property(groups, fc.constantFrom('', '   ', 'undefined', null, undefined), (g, q) => {
        expect(searchFaqs(g, q)).toEqual([]);
      }),
    );
    expect(searchFaqs([{ faqs: [{ question: 'undefined', answer: '' }] }], 'undefined')).toEqual([]);
  });

  it('returns the first matches, case-insensitively, at most FAQ_SEARCH_LIMIT', () => {
    fc.assert(
      fc.property(groups, query, (g, q) => {
        const all = g.flatMap((group) => group.faqs).filter((f) => matches(q, f));
        expect(searchFaqs(g, q)).toEqual(all.slice(0, FAQ_SEARCH_LIMIT));
      }),
    );
  });

  it('matches the answer too', () => {
    const g = [{ faqs: [{ question: 'Refunds?', answer: 'Write to SUPPORT' }] }];
    expect(searchFaqs(g, 'support')).toHaveLength(1);
    expect(searchFaqs(g, 'camera')).toHaveLength(0);
  });
});
