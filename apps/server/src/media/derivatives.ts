/**
 * The files made from one uploaded photo. The upload job makes the set a photo is published with
 * (`makeReadySet`): watermarked thumbnails and preview that anyone may see, clean ones for buyers,
 * the organiser's console and face indexing. What is rarely asked for — AVIF thumbnails and the
 * full-size original — waits for a later, lower-priority job or the first request that needs it
 * (`deferred-derivatives.ts`); `makeDerivatives` makes everything at once (video posters).
 *
 * Every output is turned upright (EXIF orientation) and carries no metadata at all: participants'
 * photos must not leak where they were taken (GPS) or the photographer's camera serial. sharp
 * strips everything unless told otherwise and converts to sRGB, which browsers assume untagged.
 *
 * The photo is decoded once, shrunk on load (a 24 MP JPEG decodes at half size, not whole) into a
 * 1600 px raw intermediate; both previews and every thumbnail are made from it. A photo tagged
 * with the standard sRGB profile skips the colour conversion (`srgb-profile.ts`).
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { sharpInput } from './inspect';
import { isStandardSrgb } from './srgb-profile';
import { MEDIA_VARIANTS, type MediaVariant } from './variants';
import { applyWatermark, type RawImage, renderWatermark } from './watermark';

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

/** The thumbnails made before a photo is published: AVIF comes later (browsers get WebP meanwhile). */
export type ReadyThumbnails = Omit<Thumbnails, 'avif'>;

/** What a photo is published with (status `ready`). */
export interface ReadySet {
  /** With the watermark, like `preview`: the grid of whoever has not bought the photo. */
  thumb: ReadyThumbnails;
  thumbClean: ReadyThumbnails;
  /** With the watermark: what visitors who have not bought the photo see. */
  preview: Derivative;
  previewClean: Derivative;
  /** The upright photo's size: the original's, whenever that is made. */
  width: number;
  height: number;
}

/** Every file of a photo. */
export interface Derivatives extends ReadySet {
  thumb: Thumbnails;
  thumbClean: Thumbnails;
  original: Derivative;
}

export const THUMB_SIZE = 400;
export const PREVIEW_SIZE = 1600;

/**
 * How each file is encoded, measured on the six 1920 px samples (docs/decisions.md, issue 20):
 * - previews: libjpeg-turbo with mozjpeg's quantisation tables and Huffman optimisation, without
 *   trellis quantisation — 4–5× faster than full mozjpeg, which made files 10 % smaller at the same
 *   PSNR — and baseline, not progressive: the same pixels, files 0.9 % larger, half the encoding
 *   time (a preview draws top-down instead of coarse-to-fine while it loads);
 * - WebP thumbnails at effort 2: half the time of the default 4, within 2 % of its size;
 * - JPEG thumbnails (only browsers without WebP get them) plain with optimised Huffman tables;
 * - AVIF at effort 2 (made later): ~90 ms instead of ~950 ms at 4, files about 4 % larger.
 */
export const ENCODINGS = {
  preview: (image: Sharp) => image.jpeg({ quality: 80, optimiseCoding: true, quantisationTable: 3 }),
  original: (image: Sharp) => image.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }),
  webp: (image: Sharp) => image.webp({ quality: 75, effort: 2 }),
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 2 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 78, optimiseCoding: true }),
} as const;

/**
 * Upright, opaque, sRGB: what every output starts from. `meta` is the input's header: a photo
 * tagged with the standard sRGB profile is sRGB already and is not converted again.
 */
function upright(input: Buffer, meta: Metadata): Sharp {
  return sharp(input, { ...sharpInput(), ignoreIcc: isStandardSrgb(meta.icc) })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
}

function headerOf(input: Buffer): Promise<Metadata> {
  return sharp(input, sharpInput()).metadata();
}

/** The set a photo is published with, from one decode. */
export async function makeReadySet(input: Buffer, options: { watermarkText: string }): Promise<ReadySet> {
  return (await previewSet(input, options.watermarkText)).ready;
}

/** Every file at once, from the same decode as `makeReadySet` (a video's poster). */
export async function makeDerivatives(
  input: Buffer,
  options: { watermarkText: string },
): Promise<Derivatives> {
  const [{ ready, thumbRaw, thumbCleanRaw }, original] = await Promise.all([
    previewSet(input, options.watermarkText),
    makeOriginal(input),
  ]);
  const [avif, cleanAvif] = await Promise.all([
    encode(ENCODINGS.avif(fromRaw(thumbRaw)), 'image/avif'),
    encode(ENCODINGS.avif(fromRaw(thumbCleanRaw)), 'image/avif'),
  ]);
  return {
    ...ready,
    thumb: { ...ready.thumb, avif },
    thumbClean: { ...ready.thumbClean, avif: cleanAvif },
    original,
  };
}

/** The full-size original for buyers: upright, sRGB, stripped, re-encoded at high quality. */
export async function makeOriginal(input: Buffer): Promise<Derivative> {
  return encode(ENCODINGS.original(upright(input, await headerOf(input))), 'image/jpeg');
}

/**
 * An AVIF thumbnail from a stored 1600 px preview (watermarked or clean): the JPEG decodes at a
 * quarter of its size straight away (shrink on load), so this costs little beyond the encoding.
 */
export function avifThumbnail(preview: Buffer): Promise<Derivative> {
  return encode(
    ENCODINGS.avif(sharp(preview, sharpInput()).resize(THUMB_SIZE, THUMB_SIZE, INSIDE)),
    'image/avif',
  );
}

const INSIDE = { fit: 'inside', withoutEnlargement: true } as const;

/**
 * Both previews and both sets of thumbnails from one 1600 px intermediate: the watermark is laid
 * on a copy of it, and each of the two is encoded and scaled down while the other is. The
 * watermarked thumbnails are the watermarked preview scaled down, exactly as `thumbnailsOf` makes
 * them from a stored preview for photos derived before thumbnails were watermarked.
 */
async function previewSet(input: Buffer, watermarkText: string) {
  const meta = await headerOf(input);
  const clean = await toRaw(upright(input, meta).resize(PREVIEW_SIZE, PREVIEW_SIZE, INSIDE));
  const watermark = await renderWatermark(watermarkText, clean.info.width, clean.info.height);
  const marked = applyWatermark(clean, watermark);
  const thumbnails = async (raw: RawImage) => {
    const thumbRaw = await toRaw(fromRaw(raw).resize(THUMB_SIZE, THUMB_SIZE, INSIDE));
    return { raw: thumbRaw, files: await readyThumbnails(thumbRaw) };
  };
  const [previewClean, preview, cleanThumbs, markedThumbs] = await Promise.all([
    encode(ENCODINGS.preview(fromRaw(clean)), 'image/jpeg'),
    encode(ENCODINGS.preview(fromRaw(marked)), 'image/jpeg'),
    thumbnails(clean),
    thumbnails(marked),
  ]);
  const turned = (meta.orientation ?? 1) >= 5;
  const ready: ReadySet = {
    thumb: markedThumbs.files,
    thumbClean: cleanThumbs.files,
    preview,
    previewClean,
    width: turned ? meta.height! : meta.width!,
    height: turned ? meta.width! : meta.height!,
  };
  return { ready, thumbRaw: markedThumbs.raw, thumbCleanRaw: cleanThumbs.raw };
}

async function readyThumbnails(raw: RawImage): Promise<ReadyThumbnails> {
  const [webp, jpeg] = await Promise.all([
    encode(ENCODINGS.webp(fromRaw(raw)), 'image/webp'),
    encode(ENCODINGS.jpeg(fromRaw(raw)), 'image/jpeg'),
  ]);
  return { webp, jpeg };
}

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
  const thumb = await toRaw(source().resize(THUMB_SIZE, THUMB_SIZE, INSIDE));
  const [ready, avif] = await Promise.all([
    readyThumbnails(thumb),
    encode(ENCODINGS.avif(fromRaw(thumb)), 'image/avif'),
  ]);
  return { ...ready, avif };
}

type PhotoVariant = Exclude<MediaVariant, 'video'>;
type StoredFile = { variant: MediaVariant; derivative: Derivative };

/**
 * Where each stored variant of a photo sits in its derivatives, in one place: the ones a photo is
 * published with are read from its ready set, the rest only exist once everything is made. A
 * variant added to `variants.ts` does not compile until it is placed in one of the two.
 */
const READY_FILES = {
  'thumb-webp': (d: ReadySet) => d.thumb.webp,
  'thumb-jpeg': (d: ReadySet) => d.thumb.jpeg,
  'thumb-clean-webp': (d: ReadySet) => d.thumbClean.webp,
  'thumb-clean-jpeg': (d: ReadySet) => d.thumbClean.jpeg,
  preview: (d: ReadySet) => d.preview,
  'preview-clean': (d: ReadySet) => d.previewClean,
} satisfies Partial<Record<PhotoVariant, (d: ReadySet) => Derivative>>;

const FILES: Record<PhotoVariant, (d: Derivatives) => Derivative> = {
  ...READY_FILES,
  'thumb-avif': (d) => d.thumb.avif,
  'thumb-clean-avif': (d) => d.thumbClean.avif,
  original: (d) => d.original,
};

type ReadyVariant = keyof typeof READY_FILES;

function isReadyVariant(variant: MediaVariant): variant is ReadyVariant {
  return variant in READY_FILES;
}

function isPhotoVariant(variant: MediaVariant): variant is PhotoVariant {
  return variant in FILES;
}

/** The files of a published photo with the variant each is stored as (see `variants.ts`). */
export function readySetFiles(d: ReadySet): StoredFile[] {
  return MEDIA_VARIANTS.filter(isReadyVariant).map((variant) => ({
    variant,
    derivative: READY_FILES[variant](d),
  }));
}

/** Every derivative with the variant it is stored as, in the order of `MEDIA_VARIANTS`. */
export function derivativeFiles(d: Derivatives): StoredFile[] {
  return MEDIA_VARIANTS.filter(isPhotoVariant).map((variant) => ({ variant, derivative: FILES[variant](d) }));
}

async function encode(pipeline: Sharp, contentType: string): Promise<Derivative> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height, contentType, bytes: data.length };
}
