import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHOTOBOOK_BACK_COVER_ID, PHOTOBOOK_BLANK_PAGE_ID, PHOTOBOOK_FRONT_COVER_ID } from '../constants';
import { photobookPages } from './photobook';

const photos = fc.array(fc.record({ id: fc.integer({ min: 1, max: 80_000 }), url: fc.webUrl() }), {
  maxLength: 30,
});

describe('photobookPages', () => {
  it('puts the front cover first and the back cover last', () => {
    fc.assert(
      fc.property(photos, (p) => {
        const pages = photobookPages(p, { front_cover_url: 'front', back_cover_url: 'back' });
        expect(pages[0]).toEqual({ id: PHOTOBOOK_FRONT_COVER_ID, kind: 'front_cover', url: 'front' });
        expect(pages.at(-1)).toEqual({ id: PHOTOBOOK_BACK_COVER_ID, kind: 'back_cover', url: 'back' });
      }),
    );
  });

  it('keeps the photos in order and adds a blank page before the back cover only when their count is odd', () => {
    fc.assert(
      fc.property(photos, (p) => {
        const pages = photobookPages(p);
        const inner = pages.slice(1, -1);
        const odd = p.length % 2 === 1;
        expect(inner.length).toBe(p.length + (odd ? 1 : 0));
        expect(inner.slice(0, p.length).map((x) => x.id)).toEqual(p.map((x) => x.id));
        expect(inner.at(-1)?.id === PHOTOBOOK_BLANK_PAGE_ID).toBe(odd);
        expect(pages.length % 2).toBe(0);
      }),
    );
  });

  it('ignores photos that carry a special id', () => {
    const pages = photobookPages([
      { id: 0, url: 'a' },
      { id: 5, url: 'b' },
      { id: 99_999, url: 'c' },
    ]);
    expect(pages.map((p) => p.id)).toEqual([0, 5, 88_888, 99_999]);
  });
});
