/**
 * The watermark of the previews and thumbnails anyone may see: `text` repeated in diagonal rows,
 * white at about 25 % opacity with a dark outline, so it shows on snow and on night shots alike.
 *
 * It is rendered once per text and long side, as a square centred on the photo (portrait and
 * landscape previews of any aspect share it: the rows are drawn from the centre), and kept as the
 * list of pixels it covers (about 14 %) with their blend factors. Laying it on a photo is then one
 * pass over those pixels (`applyWatermark`), a few milliseconds where libvips' general-purpose
 * composite (floating point, every pixel) took ~12 × as long, and rendering the SVG each time a
 * new aspect came along cost as much as the rest of the published set.
 */
import sharp, { type OutputInfo } from 'sharp';

/** An 8-bit raw image as sharp gives it (`raw({ depth: 'uchar' })`). */
export interface RawImage {
  data: Buffer;
  info: Pick<OutputInfo, 'width' | 'height' | 'channels'>;
}

export interface Watermark {
  /** The side of the square it was rendered as. */
  size: number;
  /** Index of each covered pixel in the square (row-major). */
  pixels: Uint32Array;
  /** Per covered pixel: 255 − its alpha, what is kept of the photo. */
  keep: Uint16Array;
  /** Per covered pixel and channel (RGB): its colour × alpha + 127 (for rounding), at most 65,152. */
  add: Uint16Array;
}

/** Rendered watermarks by text and long side. */
const rendered = new Map<string, Watermark>();
const CACHE_SIZE = 4;

/** The watermark for a `width` × `height` image (rendered as a square of its long side). */
export async function renderWatermark(text: string, width: number, height: number): Promise<Watermark> {
  const size = Math.max(width, height);
  const cacheKey = `${size}:${text}`;
  const cached = rendered.get(cacheKey);
  if (cached) return cached;
  const { data, info } = await sharp(Buffer.from(watermarkSvg(text, size, size)))
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
    size,
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
 * A copy of `image` (sRGB, 3 or 4 channels, its long side the watermark's) with the watermark's
 * centre laid over its centre: each covered pixel becomes photo × (1 − alpha) + colour × alpha,
 * rounded, as composite "over" does.
 */
export function applyWatermark(image: RawImage, watermark: Watermark): RawImage {
  const { width, height, channels } = image.info;
  const { size, pixels, keep, add } = watermark;
  if (Math.max(width, height) !== size || channels < 3) {
    throw new RangeError(`A ${size} px watermark cannot go on ${width}×${height}×${channels}`);
  }
  const left = (size - width) >> 1;
  const top = (size - height) >> 1;
  const out = Buffer.from(image.data);
  for (let k = 0; k < pixels.length; k++) {
    const x = (pixels[k]! % size) - left;
    const y = ((pixels[k]! / size) | 0) - top;
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const at = (y * width + x) * channels;
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
