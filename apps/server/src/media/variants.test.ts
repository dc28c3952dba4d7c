import { describe, expect, it } from 'vitest';
import { assertStorageKey } from '../adapters/storage/storage';
import { MEDIA_VARIANTS, mediaContentType, mediaKey, mediaPrefix, mediaVariantOfFile } from './variants';

describe('media variants', () => {
  it('lays out every file of a photo or video under media/<id>/', () => {
    expect(MEDIA_VARIANTS.map((v) => [mediaKey(42, v), mediaContentType(v)])).toEqual([
      ['media/42/thumb-marked.webp', 'image/webp'],
      ['media/42/thumb-marked.avif', 'image/avif'],
      ['media/42/thumb-marked.jpg', 'image/jpeg'],
      // The clean thumbnails keep the names every thumbnail had before they were watermarked.
      ['media/42/thumb.webp', 'image/webp'],
      ['media/42/thumb.avif', 'image/avif'],
      ['media/42/thumb.jpg', 'image/jpeg'],
      ['media/42/preview.jpg', 'image/jpeg'],
      ['media/42/preview-clean.jpg', 'image/jpeg'],
      ['media/42/original.jpg', 'image/jpeg'],
      ['media/42/video.mp4', 'video/mp4'],
    ]);
    expect(mediaPrefix('0b6f1c2e-uuid')).toBe('media/0b6f1c2e-uuid/');
    for (const v of MEDIA_VARIANTS) expect(() => assertStorageKey(mediaKey(42, v))).not.toThrow();
  });

  it('maps a file name back to its variant', () => {
    for (const v of MEDIA_VARIANTS) expect(mediaVariantOfFile(mediaKey(7, v).split('/').pop()!)).toBe(v);
    expect(mediaVariantOfFile('secret.txt')).toBeNull();
  });

  it('refuses ids that would change the path', () => {
    for (const id of ['', '..', '4/2', 'a b', 'x'.repeat(65)]) expect(() => mediaPrefix(id)).toThrow();
  });
});
