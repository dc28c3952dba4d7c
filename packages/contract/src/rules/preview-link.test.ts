import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPreviewQuery, type LinkQuery, previewCallQuery, sameQuery } from './preview-link';

/** A query string read as the browser's URLSearchParams reads it (enough of it for these links). */
function query(search: string): LinkQuery {
  const entries = search
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
  return {
    get: (key) => entries.find(([k]) => k === key)?.[1] ?? null,
    [Symbol.iterator]: () => entries[Symbol.iterator](),
  };
}

describe('preview link', () => {
  it('needs a picacode, or an event or code with its photo service', () => {
    expect(hasPreviewQuery(query('picacode=K7M2Q9P'))).toBe(true);
    expect(hasPreviewQuery(query('ep=E1&ps=9'))).toBe(true);
    expect(hasPreviewQuery(query('pc=K7M2Q9P&pica_service=9'))).toBe(true);
    expect(hasPreviewQuery(query('pc=K7M2Q9P'))).toBe(false);
    expect(hasPreviewQuery(query('picacode=&accessToken=x'))).toBe(false);
  });

  it('sends the link query less its access token and redirect target', () => {
    expect(previewCallQuery(query('picacode=K7&accessToken=t&redirect=%2Fx&source=mail'))).toEqual({
      picacode: 'K7',
      source: 'mail',
    });
  });

  it('compares two queries whatever the order of their keys', () => {
    const entries = fc.dictionary(fc.string({ minLength: 1 }), fc.string());
    fc.assert(
      fc.property(entries, (call) => {
        const reversed = Object.fromEntries(Object.entries(call).reverse());
        expect(sameQuery(call, reversed)).toBe(true);
        fc.pre(!Object.hasOwn(call, 'extra_key_'));
        expect(sameQuery(call, { ...call, extra_key_: 'x' })).toBe(false);
      }),
    );
  });
});
