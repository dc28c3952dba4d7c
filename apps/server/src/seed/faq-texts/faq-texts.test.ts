import { describe, expect, it } from 'vitest';
import { FAQ_TEXTS } from '.';

describe('FAQ texts', () => {
  it('has every group and question in every language', () => {
    const shape = (l: keyof typeof FAQ_TEXTS) =>
      Object.entries(FAQ_TEXTS[l]).map(([group, texts]) => [group, texts.faqs.length]);
    for (const language of Object.keys(FAQ_TEXTS) as (keyof typeof FAQ_TEXTS)[]) {
      expect(shape(language), language).toEqual(shape('en'));
      for (const group of Object.values(FAQ_TEXTS[language])) {
        expect(group.title.trim(), language).not.toBe('');
        for (const [q, a] of group.faqs)
          expect(q.length > 5 && a.length > 20, `${language}: ${q}`).toBe(true);
      }
    }
  });
});
