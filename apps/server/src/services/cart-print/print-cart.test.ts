import { describe, expect, it } from 'vitest';
import { chargedUnits } from './print-cart';

const photos = (...quantities: number[]) => quantities.map((quantity, i) => ({ photo_id: i + 1, quantity }));

describe('chargedUnits', () => {
  it('charges prints per copy of every photo', () => {
    expect(chargedUnits({ minPhotos: 1, maxPhotos: 100 }, photos(2, 1, 3))).toBe(6);
  });

  it('charges a one-photo product per copy', () => {
    expect(chargedUnits({ minPhotos: 1, maxPhotos: 1 }, photos(2))).toBe(2);
  });

  it('charges a photobook once for its whole set of photos', () => {
    expect(chargedUnits({ minPhotos: 24, maxPhotos: 24 }, photos(...new Array(24).fill(1)))).toBe(1);
  });
});
