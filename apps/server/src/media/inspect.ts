/**
 * The gate every uploaded file passes before anything else touches it.
 *
 * The format is read from the bytes, never from the file name or the browser's content type, and
 * only the four photo formats we can serve are let through (no SVG with scripts, no GIF, no PDF).
 * Size and pixel count are checked from the header before any pixel is decoded, so a small file
 * that claims 100 000 × 100 000 px (a decompression bomb) is refused without allocating gigabytes.
 * Then the pixels are decoded once, cheaply (shrink-on-load), so a truncated upload is refused
 * here and not in a background job later.
 */
import type { MEDIA_REJECT_REASONS } from '@fotodrop/contract';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { sourceHead, sourceSize, type UploadSource } from './upload-source';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** The reasons the API gives in `media_rejected` and a failed medium's `error`; the contract lists them. */
export type MediaRejectReason = (typeof MEDIA_REJECT_REASONS)[number];

export class MediaRejected extends Error {
  constructor(
    readonly reason: MediaRejectReason,
    message: string,
  ) {
    super(message);
    this.name = 'MediaRejected';
  }
}

export interface ImageInfo {
  format: ImageFormat;
  /** As displayed, i.e. after the EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 when absent). */
  orientation: number;
  /** The file carries a location (EXIF GPS latitude/longitude, or the same in XMP). */
  hasExifGps: boolean;
}

export const DEFAULT_MAX_BYTES = 40 * 1024 * 1024;
export const DEFAULT_MAX_PIXELS = 50_000_000;

/** Input options for every sharp pipeline that reads an upload. */
export function sharpInput(maxPixels = DEFAULT_MAX_PIXELS): SharpOptions {
  // 'error' rather than the default 'warning': cameras write harmless warnings (stray bytes before
  // a marker); a truncated file is still an error.
  return { limitInputPixels: maxPixels, failOn: 'error' };
}

/** `input`: the bytes, or a local file's path (read by libvips from disk, never whole into memory). */
export async function inspectImage(
  input: UploadSource,
  limits: { maxBytes?: number; maxPixels?: number } = {},
): Promise<ImageInfo> {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxPixels = limits.maxPixels ?? DEFAULT_MAX_PIXELS;
  if ((await sourceSize(input)) > maxBytes) {
    throw new MediaRejected(
      'too_large_file',
      `The file is larger than ${Math.floor(maxBytes / 2 ** 20)} MB.`,
    );
  }
  const format = sniffImageFormat(await sourceHead(input));
  if (format === null)
    throw new MediaRejected('unsupported_type', 'Only JPEG, PNG, WebP and AVIF are accepted.');

  let meta: Metadata;
  try {
    // Reading the header allocates no pixels, so the size it claims is checked by us, below.
    meta = await sharp(input, { ...sharpInput(maxPixels), limitInputPixels: false }).metadata();
  } catch {
    // The magic bytes promised a format whose header does not follow: not really that format.
    throw new MediaRejected('unsupported_type', 'The file is not a readable image.');
  }
  const { width, height } = meta;
  if (!width || !height || meta.format !== SHARP_FORMAT[format]) {
    throw new MediaRejected('unsupported_type', 'The file is not a readable image.');
  }
  if (width * height > maxPixels) {
    throw new MediaRejected('too_many_pixels', `The image has more than ${maxPixels / 1e6} megapixels.`);
  }

  try {
    await sharp(input, sharpInput(maxPixels)).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch (error) {
    if (String(error).includes('pixel limit')) throw new MediaRejected('too_many_pixels', 'Too many pixels.');
    // Prebuilt libvips has no HEVC decoder: an iPhone HEIC is readable in its header only.
    if (format === 'heic') throw new MediaRejected('unsupported_type', 'HEIC photos are not supported.');
    throw new MediaRejected('corrupt', 'The image is damaged or incomplete.');
  }

  const orientation = meta.orientation ?? 1;
  const turned = orientation >= 5 && orientation <= 8;
  return {
    format,
    width: turned ? height : width,
    height: turned ? width : height,
    orientation,
    hasExifGps: exifHasGps(meta.exif) || (meta.xmp?.includes('GPSLatitude') ?? false),
  };
}

const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
  heic: 'heif',
};

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

/** The format the content says it is, by magic bytes; null for anything else. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // An ISO-BMFF `ftyp` box: major brand, minor version, then compatible brands to the box end.
    const end = Math.min(bytes.readUInt32BE(0), bytes.length, 4096);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const GPS_IFD_POINTER = 0x8825;
const GPS_LATITUDE = 0x0002;
const GPS_LONGITUDE = 0x0004;

/** Whether an EXIF block (with or without its `Exif\0\0` header) holds a GPS position. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  /** The tags of the IFD at `offset` with their value fields' positions; empty when out of bounds. */
  const entries = (offset: number): Map<number, number> => {
    const tags = new Map<number, number>();
    if (offset < 8 || offset + 2 > tiff.length) return tags;
    const count = u16(offset);
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12;
      if (at + 12 > tiff.length) break;
      tags.set(u16(at), at + 8);
    }
    return tags;
  };
  const pointer = entries(u32(4)).get(GPS_IFD_POINTER);
  if (pointer === undefined) return false;
  const gps = entries(u32(pointer));
  return gps.has(GPS_LATITUDE) || gps.has(GPS_LONGITUDE);
}
