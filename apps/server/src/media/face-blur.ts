/**
 * Anonymous mode's blurred files: a photo's served derivatives with some faces made unrecognisable.
 * A face box (fractions of the image, so one box fits every size) is enlarged a little, cut out,
 * shrunk to an eighth, blurred and scaled back, then laid over the image: no detail of the face
 * survives, at any size. One set of hidden faces is one variant; its files live beside the medium's
 * own (`media/<id>/hidden-<key>/…`), so deleting the medium deletes them.
 */
import { createHash } from 'node:crypto';
import sharp, { type OverlayOptions } from 'sharp';
import type { Storage } from '../adapters/storage/storage';
import { thumbnailsOf } from './derivatives';
import { sharpInput } from './inspect';
import { type MediaVariant, mediaKey, mediaPrefix } from './variants';

export interface BlurBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Each side of a face box grows by this share of its size: hair, ears and chin go too. */
const MARGIN = 0.25;

/** The key of a set of hidden faces: the same set, in any order, is the same variant. */
export function blurVariantKey(faceIds: readonly number[]): string {
  const sorted = [...new Set(faceIds)].sort((a, b) => a - b);
  return createHash('sha256').update(sorted.join(',')).digest('base64url').slice(0, 22);
}

/** The storage key of one file of a blurred variant. */
export function blurredKey(mediaId: number | string, key: string, variant: MediaVariant): string {
  const prefix = mediaPrefix(mediaId);
  return `${prefix}hidden-${key}/${mediaKey(mediaId, variant).slice(prefix.length)}`;
}

export function blurredPrefix(mediaId: number | string, key: string): string {
  return `${mediaPrefix(mediaId)}hidden-${key}/`;
}

/** The pixels a box covers on an image of `width` × `height`, enlarged by MARGIN and kept inside it. */
export function boxPixels(box: BlurBox, width: number, height: number) {
  const left = Math.max(0, Math.floor((box.x - box.width * MARGIN) * width));
  const top = Math.max(0, Math.floor((box.y - box.height * MARGIN) * height));
  const right = Math.min(width, Math.ceil((box.x + box.width * (1 + MARGIN)) * width));
  const bottom = Math.min(height, Math.ceil((box.y + box.height * (1 + MARGIN)) * height));
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** `image` (an upright, stored derivative) with every box blurred beyond recognition, as raw pixels. */
async function blurredRaw(image: Buffer, boxes: readonly BlurBox[]) {
  const base = await sharp(image, sharpInput()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = base.info;
  const raw = { width, height, channels };
  const overlays: OverlayOptions[] = [];
  for (const box of boxes) {
    const area = boxPixels(box, width, height);
    if (area.width < 2 || area.height < 2) continue;
    const small = {
      width: Math.max(1, Math.round(area.width / 8)),
      height: Math.max(1, Math.round(area.height / 8)),
    };
    const shrunk = await sharp(base.data, { raw })
      .extract(area)
      .resize(small.width, small.height, { fit: 'fill' })
      .raw()
      .toBuffer();
    const blurred = await sharp(shrunk, { raw: { ...small, channels } })
      .blur(Math.max(1, Math.min(small.width, small.height) / 6))
      .resize(area.width, area.height, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
    overlays.push({ input: blurred, raw: { width: area.width, height: area.height, channels }, ...area });
  }
  return { data: base.data, raw, overlays };
}

/** A JPEG of `image` with the boxes blurred; `quality` as the stored derivative was encoded. */
export async function blurJpeg(
  image: Buffer,
  boxes: readonly BlurBox[],
  quality: 'preview' | 'original',
): Promise<Buffer> {
  const { data, raw, overlays } = await blurredRaw(image, boxes);
  const out = sharp(data, { raw }).composite(overlays);
  return quality === 'original'
    ? out.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer()
    : out.jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();
}

/** The files a blurred variant may hold: what participants are served of a photo. */
export const BLURRABLE = [
  'preview',
  'preview-clean',
  'original',
  'thumb-webp',
  'thumb-avif',
  'thumb-jpeg',
  'thumb-clean-webp',
  'thumb-clean-avif',
  'thumb-clean-jpeg',
] as const satisfies MediaVariant[];
export type BlurrableVariant = (typeof BLURRABLE)[number];

export function isBlurrable(variant: MediaVariant): variant is BlurrableVariant {
  return (BLURRABLE as readonly MediaVariant[]).includes(variant);
}

/** One making per file set at a time: a grid asks for a thumbnail in two or three formats at once. */
const running = new Map<string, Promise<boolean>>();

/**
 * Makes and stores the blurred `variant` of a medium (and the files made with it: all three
 * formats of a thumbnail, from the blurred preview) unless stored; false when the medium's own
 * file is missing. Previews and the original are blurred from the stored file of the same name,
 * thumbnails are the blurred preview scaled down, as the upload job makes them.
 */
export function makeBlurred(
  storage: Storage,
  mediaId: number,
  faceIds: readonly number[],
  boxes: readonly BlurBox[],
  variant: BlurrableVariant,
): Promise<boolean> {
  const key = blurVariantKey(faceIds);
  const target = blurredKey(mediaId, key, variant);
  const thumbOf = variant.startsWith('thumb-clean-')
    ? 'preview-clean'
    : variant.startsWith('thumb-')
      ? 'preview'
      : null;
  const jobKey = thumbOf ? `${blurredKey(mediaId, key, thumbOf)}#thumbs` : target;
  const pending = running.get(jobKey);
  if (pending) return pending;
  const work = (async () => {
    if (await storage.exists(target)) return true;
    if (thumbOf) {
      if (!(await makeBlurred(storage, mediaId, faceIds, boxes, thumbOf))) return false;
      const preview = await storage.get(blurredKey(mediaId, key, thumbOf));
      if (!preview) return false;
      const made = await thumbnailsOf(() => sharp(preview, sharpInput()));
      const prefix = thumbOf === 'preview' ? 'thumb' : 'thumb-clean';
      // The one asked for last: its presence means all three are there.
      const formats: ('webp' | 'avif' | 'jpeg')[] = ['webp', 'avif', 'jpeg'];
      const order = [
        ...formats.filter((f) => `${prefix}-${f}` !== variant),
        ...formats.filter((f) => `${prefix}-${f}` === variant),
      ];
      for (const format of order) {
        const file = made[format];
        await storage.put(
          blurredKey(mediaId, key, `${prefix}-${format}` as BlurrableVariant),
          file.buffer,
          file.contentType,
        );
      }
      return true;
    }
    const source = await storage.get(mediaKey(mediaId, variant));
    if (!source) return false;
    const blurred = await blurJpeg(source, boxes, variant === 'original' ? 'original' : 'preview');
    await storage.put(target, blurred, 'image/jpeg');
    return true;
  })().finally(() => running.delete(jobKey));
  running.set(jobKey, work);
  return work;
}

/** The files a variant is made with ahead of requests (the original waits for a download). */
export const PREMADE: BlurrableVariant[] = ['preview', 'preview-clean', 'thumb-webp', 'thumb-clean-webp'];
