/**
 * Turns the six sample photos into a few hundred different-looking ones for demo events, so the
 * grid, search and paging can be seen with realistic numbers without shipping hundreds of files.
 *
 * Variant `n` is fully determined by `n` (a seeded generator, no Math.random), so seeding twice
 * gives the same bytes and the same files can be compared across runs. Crops keep at least about
 * 60 % of the frame, so the people in it stay visible for face search.
 */
import sharp from 'sharp';
import { sharpInput } from './inspect';

/** Smallest share of the source frame's area a variant keeps. */
export const DEMO_MIN_AREA = 0.6;

export interface DemoPlan {
  flip: boolean;
  /** Degrees, within ±4; 0 for about 40 % of variants. */
  angle: number;
  /** Side share of the corner-free rectangle kept by the crop, and where the crop sits (0–1). */
  region: number;
  x: number;
  y: number;
  longSide: number;
  brightness: number;
  saturation: number;
  hue: number;
  contrast: number;
  grey: boolean;
}

/** What variant `n` does to a `width` × `height` photo; pure, so its limits are testable. */
export function demoPlan(n: number, width: number, height: number): DemoPlan {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Invalid variant number ${n}`);
  const random = mulberry32(n);
  const between = (min: number, max: number) => min + (max - min) * random();
  const flip = random() < 0.5;
  const angle = random() < 0.6 ? between(-4, 4) : 0;
  const smallest = Math.min(1, Math.sqrt(DEMO_MIN_AREA) / insideRotated(width, height, angle));
  return {
    flip,
    angle,
    region: between(smallest, 1),
    x: random(),
    y: random(),
    longSide: Math.round(between(1600, 1920)),
    brightness: between(0.85, 1.15),
    saturation: between(0.7, 1.3),
    hue: Math.round(between(-18, 18)),
    contrast: between(0.9, 1.12),
    grey: random() < 0.12,
  };
}

export async function demoVariant(input: Buffer, n: number): Promise<Buffer> {
  const { width, height } = (await sharp(input, sharpInput()).metadata()).autoOrient;
  const { flip, angle, region, x, y, longSide, ...colour } = demoPlan(n, width, height);
  // Pass 1: upright, mirrored and turned, as raw pixels (one sharp pipeline would crop before turning).
  let turned = sharp(input, sharpInput()).autoOrient().flatten({ background: '#ffffff' });
  if (flip) turned = turned.flop();
  if (angle !== 0) turned = turned.rotate(angle, { background: '#000000' });
  const { data, info } = await turned.raw().toBuffer({ resolveWithObject: true });

  // Pass 2: inside the largest upright rectangle that misses the blank corners (`inner`, centred in
  // the enlarged canvas), a region of the same proportions keeping at least DEMO_MIN_AREA overall.
  // A hair smaller, so rounding never lets a sliver of a blank corner in.
  const inner = insideRotated(width, height, angle) * 0.995;
  const cropWidth = Math.floor(width * inner * region);
  const cropHeight = Math.floor(height * inner * region);
  const left = Math.floor((info.width - width * inner) / 2 + x * (width * inner - cropWidth));
  const top = Math.floor((info.height - height * inner) / 2 + y * (height * inner - cropHeight));

  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .resize(longSide, longSide, { fit: 'inside' })
    .modulate({ brightness: colour.brightness, saturation: colour.saturation, hue: colour.hue })
    .linear(colour.contrast, 128 * (1 - colour.contrast));
  if (colour.grey) image = image.greyscale();
  // Three channels even when grey, as a camera would write it.
  return image.toColourspace('srgb').jpeg({ quality: 86 }).toBuffer();
}

/**
 * The share of each side of a `width` × `height` photo turned by `degrees` that an upright, centred
 * rectangle of the same proportions can keep without reaching the blank corners.
 */
export function insideRotated(width: number, height: number, degrees: number): number {
  const radians = (Math.abs(degrees) * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return Math.min(width / (width * cos + height * sin), height / (height * cos + width * sin));
}

/** A small seeded pseudo-random generator (mulberry32): numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = (seed ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
