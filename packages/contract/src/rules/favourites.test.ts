import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustFavouriteCount, clampRootGalleryId } from './favourites';

describe('adjustFavouriteCount', () => {
  it('adds the delta and never goes below 0', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.integer({ min: -1000, max: 1000 }), (count, delta) => {
        const next = adjustFavouriteCount(count, delta);
        expect(next).toBeGreaterThanOrEqual(0);
        if (count + delta >= 0) expect(next).toBe(count + delta);
        else expect(next).toBe(0);
      }),
    );
  });

  it('removing from 0 stays 0', () => {
    expect(adjustFavouriteCount(0, -1)).toBe(0);
  });
});

describe('clampRootGalleryId', () => {
  it('turns negative ids into 0 and keeps the others', () => {
    fc.assert(
      fc.property(fc.integer(), (id) => {
        expect(clampRootGalleryId(id)).toBe(Math.max(0, id));
      }),
    );
  });

  it('keeps null', () => {
    expect(clampRootGalleryId(null)).toBeNull();
  });
});
