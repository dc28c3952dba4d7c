/**
 * The watermark of the previews and thumbnails anyone may see: `text` repeated in diagonal rows,
 * white at about 25 % opacity with a dark outline, so it shows on snow and on night shots alike.
 *
 * It is rendered once per text and size (an event's photos mostly share both) and kept as the
 * list of pixels it covers (about 14 % of a 1600 px preview) with their blend factors; laying it
 * on a photo is then one pass over those pixels (`applyWatermark`), a few milliseconds where
 * libvips' general-purpose composite (floating point, every pixel) took ~15 × as long.
 */
import sharp, { type OutputInfo } from 'sharp';

/** An 8-bit raw image as sharp gives it (`raw({ depth: 'uchar' })`). */
export interface RawImage {
  data: Buffer;
  info: Pick<OutputInfo, 'width' | 'height' | 'channels'>;
}

export interface Watermark {
  width: number;
  height: number;
  /** Index of each covered pixel (row-major). */
  pixels: Uint32Array;
  /** Per covered pixel: 255 − its alpha, what is kept of the photo. */
  keep: Uint16Array;
  /** Per covered pixel and channel (RGB): its colour × alpha + 127 (for rounding), at most 65,152. */
  add: Uint16Array;
}

/** Rendered watermarks by text and size. */
const rendered = new Map<string, Watermark>();
const CACHE_SIZE = 4;

export async function renderWatermark(text: string, width: number, height: number): Promise<Watermark> {
  const cacheKey = `${width}x${height}:${text}`;
  const cached = rendered.get(cacheKey);
  if (cached) return cached;
  const { data, info } = await sharp(Buffer.from(watermarkSvg(text, width, height)))
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const count = info.width * info.height;
  let covered = 0;
  for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== 0) covered++;
  // Without a usable font librsvg draws nothing, and the "watermarked" preview would be the clean
  // photo that buyers pay for. Better to fail the job loudly.
  if (covered === 0) throw new Error('The watermark rendered empty: is a font installed?');
  const watermark: Watermark = {
    width: info.width,
    height: info.height,
    pixels: new Uint32Array(covered),
    keep: new Uint16Array(covered),
    add: new Uint16Array(covered * 3),
  };
  for (let i = 0, k = 0; i < count; i++) {
    const at = i * channels;
    const alpha = data[at + channels - 1]!;
    if (alpha === 0) continue;
    watermark.pixels[k] = i;
    watermark.keep[k] = 255 - alpha;
    for (let c = 0; c < 3; c++) watermark.add[k * 3 + c] = data[at + c]! * alpha + 127;
    k++;
  }
  if (rendered.size >= CACHE_SIZE) rendered.delete(rendered.keys().next().value ?? '');
  rendered.set(cacheKey, watermark);
  return watermark;
}

/**
 * A copy of `image` (sRGB, 3 or 4 channels, of the watermark's size) with the watermark laid over
 * it: each covered pixel becomes photo × (1 − alpha) + colour × alpha, rounded, as "over" does.
 */
export function applyWatermark(image: RawImage, watermark: Watermark): RawImage {
  const { width, height, channels } = image.info;
  if (width !== watermark.width || height !== watermark.height || channels < 3) {
    throw new RangeError(
      `A ${watermark.width}×${watermark.height} watermark cannot go on ${width}×${height}×${channels}`,
    );
  }
  const out = Buffer.from(image.data);
  const { pixels, keep, add } = watermark;
  for (let k = 0; k < pixels.length; k++) {
    const at = pixels[k]! * channels;
    const kept = keep[k]!;
    const c = k * 3;
    out[at] = ((out[at]! * kept + add[c]!) / 255) | 0;
    out[at + 1] = ((out[at + 1]! * kept + add[c + 1]!) / 255) | 0;
    out[at + 2] = ((out[at + 2]! * kept + add[c + 2]!) / 255) | 0;
  }
  return { data: out, info: image.info };
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
