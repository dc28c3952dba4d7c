import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHOTOBOOK_BACK_COVER_ID, PHOTOBOOK_BLANK_PAGE_ID, PHOTOBOOK_FRONT_COVER_ID } from '../constants';
import { photobookOfferEnd, photobookPages } from './photobook';

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

describe('photobookOfferEnd', () => {
  it('runs 60 days after the event, through the whole last day', () => {
    expect(photobookOfferEnd({ end_date: '2026-10-04', deadline: null })).toEqual({
      at: '2026-12-04T00:00:00.000Z',
      until: '2026-12-03',
    });
  });

  it('ends with the album deadline when that comes first, on the day that holds it', () => {
    expect(photobookOfferEnd({ end_date: '2026-10-04', deadline: '2026-11-10T15:00:00.000Z' })).toEqual({
      at: '2026-11-10T15:00:00.000Z',
      until: '2026-11-10',
    });
    expect(photobookOfferEnd({ end_date: '2026-10-04', deadline: '2026-11-10T00:00:00.000Z' }).until).toBe(
      '2026-11-09',
    );
  });

  it('never ends after the deadline nor later than 60 days after the event', () => {
    const day = fc
      .integer({ min: 0, max: 20_000 })
      .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
    const instant = fc.integer({ min: 0, max: 20_000 * 86_400_000 }).map((n) => new Date(n).toISOString());
    fc.assert(
      fc.property(day, fc.option(instant, { nil: null }), (end_date, deadline) => {
        const end = photobookOfferEnd({ end_date, deadline });
        const at = Date.parse(end.at);
        if (deadline !== null) expect(at).toBeLessThanOrEqual(Date.parse(deadline));
        expect(at).toBeLessThanOrEqual(Date.parse(`${end_date}T00:00:00Z`) + 61 * 86_400_000);
        expect(Date.parse(`${end.until}T00:00:00Z`)).toBeLessThan(at);
        expect(Date.parse(`${end.until}T00:00:00Z`) + 86_400_000).toBeGreaterThanOrEqual(at);
      }),
    );
  });
});
