import { describe, expect, it } from 'vitest';
import { blurredKey, blurVariantKey, boxPixels, readBlurred } from './face-blur';

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

  it('reads a stored blurred file, makes it first when it is not stored, and gives nothing when it cannot be made', async () => {
    const key = blurredKey(7, blurVariantKey([3, 5]), 'original');
    const stored = new Map<string, string>();
    const read = async (k: string) => stored.get(k) ?? null;
    const made: unknown[] = [];
    const make = async (mediaId: number, faceIds: number[], variant: string) => {
      made.push([mediaId, faceIds, variant]);
      if (faceIds.includes(9)) return false;
      stored.set(blurredKey(mediaId, blurVariantKey(faceIds), 'original'), 'made');
      return true;
    };
    expect(await readBlurred(read, make, 7, [5, 3], 'original')).toBe('made');
    expect(made).toEqual([[7, [5, 3], 'original']]);
    stored.set(key, 'stored');
    expect(await readBlurred(read, make, 7, [3, 5], 'original')).toBe('stored');
    expect(made).toHaveLength(1);
    expect(await readBlurred(read, make, 7, [9], 'original')).toBeNull();
    expect(await readBlurred(read, undefined, 8, [3], 'original')).toBeNull();
  });
});
