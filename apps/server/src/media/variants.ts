/**
 * The storage layout of a photo's files, in one place: which derivative lives under which key and
 * is served with which content type. Upload jobs, file routes and deletion all ask here, so the
 * layout can change without a hunt through the code.
 */

export const MEDIA_VARIANTS = [
  'thumb-webp',
  'thumb-avif',
  'thumb-jpeg',
  'thumb-clean-webp',
  'thumb-clean-avif',
  'thumb-clean-jpeg',
  'preview',
  'preview-clean',
  'original',
  'video',
] as const;

export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/**
 * decision: thumbnails, like previews, are watermarked for whoever has not bought the photo
 * (`thumb-*`, files `thumb-marked.*`); the clean ones (`thumb-clean-*`) keep the file names all
 * thumbnails had before issue 8, so photos derived earlier already have theirs. Their marked ones
 * are made from the stored watermarked preview on first request (`marked-thumbs.ts`).
 */
const LAYOUT: Record<MediaVariant, { file: string; contentType: string }> = {
  'thumb-webp': { file: 'thumb-marked.webp', contentType: 'image/webp' },
  'thumb-avif': { file: 'thumb-marked.avif', contentType: 'image/avif' },
  'thumb-jpeg': { file: 'thumb-marked.jpg', contentType: 'image/jpeg' },
  'thumb-clean-webp': { file: 'thumb.webp', contentType: 'image/webp' },
  'thumb-clean-avif': { file: 'thumb.avif', contentType: 'image/avif' },
  'thumb-clean-jpeg': { file: 'thumb.jpg', contentType: 'image/jpeg' },
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

/**
 * An upload waits under its own key until its derivatives are made: the published set first, the
 * original later (`deferred-derivatives.ts`), then it is deleted.
 */
export const uploadKey = (mediaId: number | string) => `uploads/${mediaId}`;

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
