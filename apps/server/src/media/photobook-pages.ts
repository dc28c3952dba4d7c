import sharp, { type Sharp } from 'sharp';
import { sharpInput } from './inspect';

/** A page of the book at print size, bleed included. */
export interface PageSize {
  /** Pixels of the whole page, bleed included. */
  width: number;
  height: number;
  /** Pixels of bleed on each side (cut off when the book is trimmed). */
  bleed: number;
  dpi: number;
}

/** What the covers show: the event, and its organisation's colours (the site's theme). */
export interface CoverBranding {
  title: string;
  /** Under the title on the front, alone on the back (the organisation's name). */
  subtitle: string;
  /** Band and back-cover colour, and the text on it: `#rrggbb`. */
  colour: string;
  contrast: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const safeColour = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);
const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

// System fonts through librsvg: Noto Sans covers Latin, Cyrillic and Greek; DejaVu Sans where Noto
// is not installed.
const FONT = "'Noto Sans', 'DejaVu Sans', sans-serif";

const jpeg = (image: Sharp, dpi: number) =>
  image.withDensity(dpi).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();

/** A photo filling a page edge to edge (bleed included), cropped around its centre. */
export function photoPage(original: Buffer, size: PageSize): Promise<Buffer> {
  return jpeg(
    sharp(original, sharpInput())
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(size.width, size.height, { fit: 'cover', position: 'centre' }),
    size.dpi,
  );
}

/** Text no longer than `max` characters, cut at a word with an ellipsis. */
function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/**
 * The front cover: the book's first photo edge to edge, and a band in the organisation's colour
 * across its lower part with the event's name and its organisation, inside the safe area (10 mm
 * within the trim), as photo-book makers lay out their title covers.
 */
export async function frontCover(photo: Buffer, size: PageSize, brand: CoverBranding): Promise<Buffer> {
  const colour = safeColour(brand.colour, '#4338ca');
  const ink = safeColour(brand.contrast, '#ffffff');
  const mm = size.dpi / 25.4;
  const band = Math.round(size.height * 0.24);
  const left = size.bleed + Math.round(15 * mm);
  const title = fit(brand.title, 48);
  // a bold sans glyph is about 0.6 em wide on average: the title shrinks to stay inside the safe area
  const titleSize = Math.round(Math.min(band * 0.3, (size.width - 2 * left) / (title.length * 0.6)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
  <rect x="0" y="${size.height - size.bleed - band - Math.round(12 * mm)}" width="${size.width}" height="${band}" fill="${colour}" fill-opacity="0.92"/>
  <text x="${left}" y="${size.height - size.bleed - Math.round(12 * mm) - band + Math.round(band * 0.48)}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="${ink}">${escapeXml(title)}</text>
  <text x="${left}" y="${size.height - size.bleed - Math.round(12 * mm) - band + Math.round(band * 0.78)}" font-family="${FONT}" font-size="${Math.round(band * 0.15)}" fill="${ink}">${escapeXml(fit(brand.subtitle, 70))}</text>
</svg>`;
  const base = await photoPage(photo, size);
  return jpeg(sharp(base).composite([{ input: Buffer.from(svg), top: 0, left: 0 }]), size.dpi);
}

/**
 * The back cover: the organisation's colour, the book's last photo framed in white at its centre,
 * and the organisation's name below it.
 */
export async function backCover(photo: Buffer, size: PageSize, brand: CoverBranding): Promise<Buffer> {
  const colour = safeColour(brand.colour, '#4338ca');
  const ink = safeColour(brand.contrast, '#ffffff');
  const mm = size.dpi / 25.4;
  const frame = Math.round(3 * mm);
  const photoHeight = Math.round(size.height * 0.5);
  const photoWidth = Math.round(photoHeight * 1.5);
  const inner = await sharp(photo, sharpInput())
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(photoWidth, photoHeight, { fit: 'cover', position: 'centre' })
    .extend({ top: frame, bottom: frame, left: frame, right: frame, background: '#ffffff' })
    .toBuffer();
  const top = Math.round((size.height - photoHeight) / 2) - frame - Math.round(8 * mm);
  const textY = top + photoHeight + 2 * frame + Math.round(16 * mm);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
  <text x="${size.width / 2}" y="${textY}" text-anchor="middle" font-family="${FONT}" font-size="${Math.round(7 * mm)}" fill="${ink}">${escapeXml(fit(brand.subtitle, 60))}</text>
</svg>`;
  return jpeg(
    sharp({ create: { width: size.width, height: size.height, channels: 3, background: colour } }).composite([
      { input: inner, top, left: Math.round((size.width - photoWidth) / 2) - frame },
      { input: Buffer.from(svg), top: 0, left: 0 },
    ]),
    size.dpi,
  );
}
