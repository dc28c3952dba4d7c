/**
 * Photos derived before thumbnails were watermarked (issue 8) have clean thumbnails only, which
 * now serve buyers. Their watermarked ones are made on the first request from the watermarked
 * preview every ready photo has (the same text, scaled down as new uploads do it), stored, and
 * served from then on: no migration run or downtime, no database lookup in the file route, and
 * never a clean file in their place. A photo without a stored preview stays "not ready".
 */
import sharp from 'sharp';
import type { Storage } from '../adapters/storage/storage';
import { thumbnailsOf } from './derivatives';
import { sharpInput } from './inspect';
import { type MediaVariant, mediaKey } from './variants';

export const MARKED_THUMBS = ['thumb-webp', 'thumb-avif', 'thumb-jpeg'] as const satisfies MediaVariant[];

export function isMarkedThumb(variant: MediaVariant): boolean {
  return (MARKED_THUMBS as readonly MediaVariant[]).includes(variant);
}

/** One restoration per photo at a time: a grid asks for each thumbnail in two or three formats at once. */
const running = new Map<string, Promise<boolean>>();

/** Makes and stores the watermarked thumbnails of `mediaId` from its watermarked preview; false without one. */
export function restoreMarkedThumbs(storage: Storage, mediaId: string): Promise<boolean> {
  const key = mediaKey(mediaId, 'preview');
  const pending = running.get(key);
  if (pending) return pending;
  const work = (async () => {
    const preview = await storage.get(key);
    if (!preview) return false;
    const made = await thumbnailsOf(() => sharp(preview, sharpInput()));
    await Promise.all([
      storage.put(mediaKey(mediaId, 'thumb-webp'), made.webp.buffer, made.webp.contentType),
      storage.put(mediaKey(mediaId, 'thumb-avif'), made.avif.buffer, made.avif.contentType),
      storage.put(mediaKey(mediaId, 'thumb-jpeg'), made.jpeg.buffer, made.jpeg.contentType),
    ]);
    return true;
  })().finally(() => running.delete(key));
  running.set(key, work);
  return work;
}
