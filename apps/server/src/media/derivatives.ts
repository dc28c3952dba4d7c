/**
 * The files made from one uploaded photo, once, in the upload job: watermarked thumbnails and a
 * watermarked preview that anyone may see; clean thumbnails, a clean preview and a clean original
 * for buyers.
 *
 * Every output is turned upright (EXIF orientation) and carries no metadata at all: participants'
 * photos must not leak where they were taken (GPS) or the photographer's camera serial. sharp
 * strips everything unless told otherwise and converts to sRGB, which browsers assume untagged.
 *
 * The photo is decoded twice, in parallel: once at full size for the original, once into a 1600 px
 * raw intermediate from which both previews and the thumbnails are made.
 */
import sharp, { type OutputInfo, type OverlayOptions, type Sharp } from 'sharp';
import { sharpInput } from './inspect';
import type { MediaVariant } from './variants';

export interface Derivative {
  buffer: Buffer;
  width: number;
  height: number;
  contentType: string;
  bytes: number;
}

export interface Thumbnails {
  webp: Derivative;
  avif: Derivative;
  jpeg: Derivative;
}

export interface Derivatives {
  /** With the watermark, like `preview`: the grid of whoever has not bought the photo. */
  thumb: Thumbnails;
  thumbClean: Thumbnails;
  /** With the watermark: what visitors who have not bought the photo see. */
  preview: Derivative;
  previewClean: Derivative;
  original: Derivative;
}

export const THUMB_SIZE = 400;
export const PREVIEW_SIZE = 1600;

export async function makeDerivatives(
  input: Buffer,
  options: { watermarkText: string },
): Promise<Derivatives> {
  const upright = () =>
    sharp(input, sharpInput()).autoOrient().flatten({ background: '#ffffff' }).toColourspace('srgb');
  const [original, fromPreview] = await Promise.all([
    encode(upright().jpeg({ quality: 95, chromaSubsampling: '4:4:4' }), 'image/jpeg'),
    previewDerivatives(upright(), options.watermarkText),
  ]);
  return { ...fromPreview, original };
}

/**
 * Everything made from the 1600 px intermediate: both previews and both sets of thumbnails. The
 * watermarked thumbnails are the watermarked preview scaled down, exactly as `thumbnailsOf` makes
 * them from a stored preview for photos derived before thumbnails were watermarked.
 */
async function previewDerivatives(upright: Sharp, watermarkText: string) {
  const clean = await toRaw(
    upright.resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true }),
  );
  const watermark = await renderWatermark(watermarkText, clean.info.width, clean.info.height);
  const marked = await toRaw(fromRaw(clean).composite([watermark]));
  const [previewClean, watermarked, thumbClean, thumb] = await Promise.all([
    encode(fromRaw(clean).jpeg(PREVIEW_JPEG), 'image/jpeg'),
    encode(fromRaw(marked).jpeg(PREVIEW_JPEG), 'image/jpeg'),
    thumbnailsOf(() => fromRaw(clean)),
    thumbnailsOf(() => fromRaw(marked)),
  ]);
  return { thumb, thumbClean, preview: watermarked, previewClean };
}

type RawImage = { data: Buffer; info: OutputInfo };

async function toRaw(pipeline: Sharp): Promise<RawImage> {
  return pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
}

/** Three channels: the watermark's alpha must not reach the thumbnails. */
function fromRaw({ data, info }: RawImage): Sharp {
  return sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).removeAlpha();
}

/** The grid's thumbnails of one image, in the three formats browsers are offered. */
export async function thumbnailsOf(source: () => Sharp): Promise<Thumbnails> {
  const thumb = () => source().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true });
  const [webp, avif, jpeg] = await Promise.all([
    encode(thumb().webp({ quality: 75 }), 'image/webp'),
    // effort 2: ~90 ms instead of ~950 ms at the default 4, for files about 4 % larger.
    encode(thumb().avif({ quality: 50, effort: 2 }), 'image/avif'),
    encode(thumb().jpeg({ quality: 78, mozjpeg: true }), 'image/jpeg'),
  ]);
  return { webp, avif, jpeg };
}

/** Each derivative with the variant it is stored as (see `variants.ts`). */
export function derivativeFiles(d: Derivatives): { variant: MediaVariant; derivative: Derivative }[] {
  return [
    { variant: 'thumb-webp', derivative: d.thumb.webp },
    { variant: 'thumb-avif', derivative: d.thumb.avif },
    { variant: 'thumb-jpeg', derivative: d.thumb.jpeg },
    { variant: 'thumb-clean-webp', derivative: d.thumbClean.webp },
    { variant: 'thumb-clean-avif', derivative: d.thumbClean.avif },
    { variant: 'thumb-clean-jpeg', derivative: d.thumbClean.jpeg },
    { variant: 'preview', derivative: d.preview },
    { variant: 'preview-clean', derivative: d.previewClean },
    { variant: 'original', derivative: d.original },
  ];
}

const PREVIEW_JPEG = { quality: 80, progressive: true, mozjpeg: true } as const;

async function encode(pipeline: Sharp, contentType: string): Promise<Derivative> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height, contentType, bytes: data.length };
}

/** Rendered overlays by text and size: an event's photos mostly share both. */
const overlays = new Map<string, OverlayOptions>();
const OVERLAY_CACHE_SIZE = 4;

/**
 * A transparent overlay of `width` × `height` with `text` repeated in diagonal rows: white at about
 * 25 % opacity with a dark outline, so it shows on snow and on night shots alike.
 */
export async function renderWatermark(text: string, width: number, height: number): Promise<OverlayOptions> {
  const cacheKey = `${width}x${height}:${text}`;
  const cached = overlays.get(cacheKey);
  if (cached) return cached;
  const { data, info } = await sharp(Buffer.from(watermarkSvg(text, width, height)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Without a usable font librsvg draws nothing, and the "watermarked" preview would be the clean
  // photo that buyers pay for. Better to fail the job loudly.
  let drawn = false;
  for (let i = info.channels - 1; i < data.length && !drawn; i += info.channels) drawn = data[i] !== 0;
  if (!drawn) throw new Error('The watermark rendered empty: is a font installed?');
  const overlay = { input: data, raw: { width: info.width, height: info.height, channels: info.channels } };
  if (overlays.size >= OVERLAY_CACHE_SIZE) overlays.delete(overlays.keys().next().value ?? '');
  overlays.set(cacheKey, overlay);
  return overlay;
}

export function watermarkSvg(text: string, width: number, height: number): string {
  const label = escapeXml(
    text
      .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
      .trim()
      .slice(0, 80),
  );
  if (label === '') throw new RangeError('The watermark text is empty');
  const fontSize = Math.max(12, Math.round(Math.max(width, height) / 22));
  const diagonal = Math.ceil(Math.hypot(width, height));
  const rowGap = Math.round(fontSize * 3.2);
  // Rough advance of a bold sans glyph; rows only need to be long enough to cross the diagonal.
  const tile = label.length * fontSize * 0.65 + fontSize * 2;
  const repeat = Math.ceil(diagonal / tile) + 2;
  const rowText = Array.from({ length: repeat }, () => label).join('\u2003\u2003');
  const rows: string[] = [];
  for (let i = 0, y = -diagonal / 2; y <= diagonal / 2 + rowGap; i++, y += rowGap) {
    const x = -diagonal / 2 - (i % 2 === 0 ? 0 : tile / 2);
    rows.push(`<text x="${Math.round(x)}" y="${Math.round(y)}">${rowText}</text>`);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<g transform="translate(${width / 2} ${height / 2}) rotate(-30)"`,
    ` font-family="DejaVu Sans, Noto Sans, Liberation Sans, Arial, Helvetica, sans-serif"`,
    ` font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.25"`,
    ` stroke="#000000" stroke-opacity="0.25" stroke-width="${Math.max(1, fontSize / 16).toFixed(1)}"`,
    ` paint-order="stroke" stroke-linejoin="round">`,
    ...rows,
    '</g></svg>',
  ].join('');
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
