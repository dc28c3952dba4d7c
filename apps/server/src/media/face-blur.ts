/**
 * Anonymous mode's blurred files: a photo's served derivatives with some faces made unrecognisable.
 * A face box (fractions of the image, so one box fits every size) is enlarged a little, cut out,
 * shrunk to an eighth, blurred and scaled back, then laid over the image: no detail of the face
 * survives, at any size. One set of hidden faces is one variant; its files live beside the medium's
 * own (`media/<id>/hidden-<key>/…`), so deleting the medium deletes them.
 */
import { createHash } from 'node:crypto';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { Storage } from '../adapters/storage/storage';
import { readMade } from './deferred-derivatives';
import { ENCODINGS } from './derivatives';
import { sharpInput } from './inspect';
import { type MediaVariant, mediaContentType, mediaKey, mediaPrefix } from './variants';

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

/** How each blurrable file is encoded: as the upload job encodes the clear one (derivatives.ts). */
function encodeAs(variant: BlurrableVariant, image: Sharp): Promise<Buffer> {
  if (variant === 'original') return ENCODINGS.original(image).toBuffer();
  if (variant === 'preview' || variant === 'preview-clean') return ENCODINGS.preview(image).toBuffer();
  if (variant.endsWith('-webp')) return ENCODINGS.webp(image).toBuffer();
  if (variant.endsWith('-avif')) return ENCODINGS.avif(image).toBuffer();
  return ENCODINGS.jpeg(image).toBuffer();
}

/** `image` (a stored derivative) with the boxes blurred, encoded as `variant` is. */
export async function blurImage(
  image: Buffer,
  boxes: readonly BlurBox[],
  variant: BlurrableVariant,
): Promise<Buffer> {
  const { data, raw, overlays } = await blurredRaw(image, boxes);
  return encodeAs(variant, sharp(data, { raw }).composite(overlays));
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

/** One making per file at a time: a page may ask for the same file twice at once. */
const running = new Map<string, Promise<boolean>>();

/**
 * Makes and stores the blurred `variant` of a medium from the stored clear file of the same name,
 * unless already stored; false when that file is missing. Each file is blurred on its own (a
 * thumbnail from the clear thumbnail, not from the blurred preview): a thumbnail asked for first
 * costs one small decode and encode, not the preview's.
 */
export function makeBlurred(
  storage: Storage,
  mediaId: number,
  faceIds: readonly number[],
  boxes: readonly BlurBox[],
  variant: BlurrableVariant,
): Promise<boolean> {
  const target = blurredKey(mediaId, blurVariantKey(faceIds), variant);
  const pending = running.get(target);
  if (pending) return pending;
  const work = (async () => {
    if (await storage.exists(target)) return true;
    // A clear file not made yet (deferred, or a marked thumbnail of an old photo) is made first.
    const source = await readMade((key) => storage.get(key), storage, mediaId, variant);
    if (!source) return false;
    await storage.put(target, await blurImage(source, boxes, variant), mediaContentType(variant));
    return true;
  })().finally(() => running.delete(target));
  running.set(target, work);
  return work;
}

/** Makes a blurred file not stored yet; false when it cannot be (a face re-indexed away, the clear file missing). */
export type MakeBlurredFile = (
  mediaId: number,
  faceIds: number[],
  variant: BlurrableVariant,
) => Promise<boolean>;

/**
 * A blurred file as `read` gives it (a buffer or a stream), made first by `make` when it is not
 * stored yet; null when it cannot be made: the caller then has nothing to use, never the clear file.
 */
export async function readBlurred<T>(
  read: (key: string) => Promise<T | null>,
  make: MakeBlurredFile | undefined,
  mediaId: number | string,
  faceIds: readonly number[],
  variant: BlurrableVariant,
): Promise<T | null> {
  const key = blurredKey(mediaId, blurVariantKey(faceIds), variant);
  const found = await read(key);
  if (found !== null) return found;
  return (await make?.(Number(mediaId), [...faceIds], variant)) ? read(key) : null;
}

/** The files a variant is made with ahead of requests (the original waits for a download). */
export const PREMADE: BlurrableVariant[] = [
  'preview',
  'preview-clean',
  'thumb-webp',
  'thumb-avif',
  'thumb-jpeg',
  'thumb-clean-webp',
  'thumb-clean-avif',
  'thumb-clean-jpeg',
];
