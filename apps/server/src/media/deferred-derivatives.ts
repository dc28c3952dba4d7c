/**
 * The files a photo is published without (issue 20): its AVIF thumbnails and its full-size
 * original. A later, lower-priority job makes them (`media-files.service.ts`), and whoever needs one
 * first makes it now: a buyer's download, a zip, a lab package, a blurred variant. The upload stays
 * stored until the original is made from it.
 *
 * One making per file at a time in a process; across processes two makings of the same file write
 * the same bytes, and a storage write replaces a file whole (local: renamed into place; S3: one
 * PUT), so a reader sees the file either missing or complete.
 */
import type { Storage } from '../adapters/storage/storage';
import { avifThumbnail, makeOriginal } from './derivatives';
import { isMarkedThumb, restoreMarkedThumbs } from './marked-thumbs';
import { type MediaVariant, mediaKey, uploadKey } from './variants';

export const DEFERRED = ['thumb-avif', 'thumb-clean-avif', 'original'] as const satisfies MediaVariant[];
export type DeferredVariant = (typeof DEFERRED)[number];

export function isDeferred(variant: MediaVariant): variant is DeferredVariant {
  return (DEFERRED as readonly MediaVariant[]).includes(variant);
}

/**
 * What a request for a deferred AVIF thumbnail not made yet is answered with: the WebP of the same
 * thumbnail (every browser that takes AVIF takes WebP), so a grid never waits for an encoder.
 */
export const AVIF_FALLBACK = {
  'thumb-avif': 'thumb-webp',
  'thumb-clean-avif': 'thumb-clean-webp',
} as const satisfies Partial<Record<MediaVariant, MediaVariant>>;

export function avifFallback(variant: MediaVariant): MediaVariant | null {
  return variant === 'thumb-avif' || variant === 'thumb-clean-avif' ? AVIF_FALLBACK[variant] : null;
}

/** The stored file each AVIF thumbnail is made from: the preview it scales down. */
const AVIF_SOURCE = { 'thumb-avif': 'preview', 'thumb-clean-avif': 'preview-clean' } as const;

const running = new Map<string, Promise<boolean>>();

/**
 * Makes and stores one deferred file of `mediaId` unless it is stored (`replace`: again, after a
 * re-run of the photo's derivatives); false when its source is gone.
 */
export function makeDeferred(
  storage: Storage,
  mediaId: number | string,
  variant: DeferredVariant,
  options: { replace?: boolean } = {},
): Promise<boolean> {
  const key = mediaKey(mediaId, variant);
  const pending = running.get(key);
  if (pending) return pending;
  const work = (async () => {
    if (!options.replace && (await storage.exists(key))) return true;
    if (variant === 'original') {
      const upload = await storage.get(uploadKey(mediaId));
      // Gone: the later job made the original and deleted the upload meanwhile (or it never was).
      if (!upload) return storage.exists(key);
      const made = await makeOriginal(upload);
      await storage.put(key, made.buffer, made.contentType);
      return true;
    }
    const preview = await storage.get(mediaKey(mediaId, AVIF_SOURCE[variant]));
    if (!preview) return false;
    const made = await avifThumbnail(preview);
    await storage.put(key, made.buffer, made.contentType);
    return true;
  })().finally(() => running.delete(key));
  running.set(key, work);
  return work;
}

/**
 * Makes a stored file of a photo that may be missing for a known reason: deferred (above), or a
 * watermarked thumbnail of a photo derived before thumbnails were watermarked (`marked-thumbs.ts`).
 * False for any other variant, and when the file cannot be made.
 */
export async function makeMissing(storage: Storage, mediaId: number | string, variant: MediaVariant) {
  if (isDeferred(variant)) return makeDeferred(storage, mediaId, variant);
  if (isMarkedThumb(variant)) return restoreMarkedThumbs(storage, String(mediaId));
  return false;
}

/** A stored file of a photo as `read` gives it (a buffer or a stream), made first when missing. */
export async function readMade<T>(
  read: (key: string) => Promise<T | null>,
  storage: Storage,
  mediaId: number | string,
  variant: MediaVariant,
): Promise<T | null> {
  const key = mediaKey(mediaId, variant);
  return (await read(key)) ?? ((await makeMissing(storage, mediaId, variant)) ? read(key) : null);
}
