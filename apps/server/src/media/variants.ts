/**
 * The storage layout of a photo's files, in one place: which derivative lives under which key and
 * is served with which content type. Upload jobs, file routes and deletion all ask here, so the
 * layout can change without a hunt through the code.
 */

export const MEDIA_VARIANTS = [
  'thumb-webp',
  'thumb-avif',
  'thumb-jpeg',
  'preview',
  'preview-clean',
  'original',
  'video',
] as const;

export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

const LAYOUT: Record<MediaVariant, { file: string; contentType: string }> = {
  'thumb-webp': { file: 'thumb.webp', contentType: 'image/webp' },
  'thumb-avif': { file: 'thumb.avif', contentType: 'image/avif' },
  'thumb-jpeg': { file: 'thumb.jpg', contentType: 'image/jpeg' },
  preview: { file: 'preview.jpg', contentType: 'image/jpeg' },
  'preview-clean': { file: 'preview-clean.jpg', contentType: 'image/jpeg' },
  original: { file: 'original.jpg', contentType: 'image/jpeg' },
  /** A video's web rendition (H.264/AAC MP4); its poster is stored as the photo variants above. */
  video: { file: 'video.mp4', contentType: 'video/mp4' },
};

/** `media/<id>/`: every file of one photo, for `Storage.deletePrefix`. */
export function mediaPrefix(mediaId: string | number): string {
  const id = String(mediaId);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new RangeError(`Invalid media id ${JSON.stringify(id)}`);
  return `media/${id}/`;
}

/** `media/<id>/thumb.webp`, `media/<id>/preview-clean.jpg`, … */
export function mediaKey(mediaId: string | number, variant: MediaVariant): string {
  return mediaPrefix(mediaId) + LAYOUT[variant].file;
}

export function mediaContentType(variant: MediaVariant): string {
  return LAYOUT[variant].contentType;
}

/** The variant stored under a file name of the layout (`thumb.avif` → `thumb-avif`), or null. */
export function mediaVariantOfFile(file: string): MediaVariant | null {
  return MEDIA_VARIANTS.find((variant) => LAYOUT[variant].file === file) ?? null;
}
