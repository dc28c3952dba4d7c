import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPreviewQuery, previewCallQuery, sameQuery } from './preview-link';

describe('preview link', () => {
  it('needs a picacode, or an event or code with its photo service', () => {
    expect(hasPreviewQuery(new URLSearchParams('picacode=K7M2Q9P'))).toBe(true);
    expect(hasPreviewQuery(new URLSearchParams('ep=E1&ps=9'))).toBe(true);
    expect(hasPreviewQuery(new URLSearchParams('pc=K7M2Q9P&pica_service=9'))).toBe(true);
    expect(hasPreviewQuery(new URLSearchParams('pc=K7M2Q9P'))).toBe(false);
    expect(hasPreviewQuery(new URLSearchParams('picacode=&accessToken=x'))).toBe(false);
  });

  it('sends the link query less its access token and redirect target', () => {
    expect(
      previewCallQuery(new URLSearchParams('picacode=K7&accessToken=t&redirect=%2Fx&source=mail')),
    ).toEqual({
      picacode: 'K7',
      source: 'mail',
    });
  });

  it('compares two queries whatever the order of their keys', () => {
    const entries = fc.dictionary(fc.string({ minLength: 1 }), fc.string());
    fc.assert(
      fc.property(entries, (query) => {
        const reversed = Object.fromEntries(Object.entries(query).reverse());
        expect(sameQuery(query, reversed)).toBe(true);
        fc.pre(!Object.hasOwn(query, 'extra_key_'));
        expect(sameQuery(query, { ...query, extra_key_: 'x' })).toBe(false);
      }),
    );
  });
});
