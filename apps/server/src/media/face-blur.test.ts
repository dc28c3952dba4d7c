import { describe, expect, it } from 'vitest';
import { blurredKey, blurVariantKey, boxPixels } from './face-blur';

describe('blurred variants', () => {
  it('names one set of faces by one key, whatever the order, and another set by another', () => {
    expect(blurVariantKey([12, 3, 40])).toBe(blurVariantKey([40, 12, 3]));
    expect(blurVariantKey([3, 12])).not.toBe(blurVariantKey([3, 12, 40]));
    expect(blurredKey(7, blurVariantKey([3]), 'preview')).toBe(
      `media/7/hidden-${blurVariantKey([3])}/preview.jpg`,
    );
  });

  it('enlarges a face box by a quarter per side and keeps it inside the image', () => {
    expect(boxPixels({ x: 0.4, y: 0.4, width: 0.2, height: 0.2 }, 1000, 500)).toEqual({
      left: 350,
      top: 175,
      width: 300,
      height: 150,
    });
    expect(boxPixels({ x: 0, y: 0.9, width: 0.2, height: 0.2 }, 100, 100)).toEqual({
      left: 0,
      top: 85,
      width: 25,
      height: 15,
    });
  });
});
