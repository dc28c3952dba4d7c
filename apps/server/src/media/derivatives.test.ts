import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  avifThumbnail,
  type Derivative,
  derivativeFiles,
  makeDerivatives,
  makeReadySet,
  readySetFiles,
  thumbnailsOf,
} from './derivatives';
import { readSample, SAMPLE_NAMES } from './test-samples';
import { MEDIA_VARIANTS, mediaContentType } from './variants';

const watermarkText = 'Fotodrop · Alpine Run 2025';

/** Mean absolute difference per channel value (0–255) of two images of the same size. */
async function meanDifference(
  a: Buffer,
  b: Buffer,
  size?: { width: number; height: number },
): Promise<number> {
  const raw = (input: Buffer) => {
    const image = sharp(input).removeAlpha().toColourspace('srgb');
    return (size ? image.resize(size.width, size.height, { fit: 'fill' }) : image).raw().toBuffer();
  };
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  expect(x.length).toBe(y.length);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

async function expectClean(d: Derivative, format: string): Promise<void> {
  const meta = await sharp(d.buffer).metadata();
  expect(meta.format).toBe(format);
  expect({ width: meta.width, height: meta.height }).toEqual({ width: d.width, height: d.height });
  expect(d.bytes).toBe(d.buffer.length);
  // No EXIF (so no GPS, camera serial or orientation), no XMP, no IPTC, no ICC profile.
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  await sharp(d.buffer).raw().toBuffer();
}

describe('makeDerivatives', () => {
  it.each(SAMPLE_NAMES)('makes every size of %s, decodable and without metadata', async (name) => {
    const input = await readSample(name);
    const source = await sharp(input).metadata();
    expect(source.exif).toBeDefined(); // the samples carry EXIF with GPS: it must not survive
    const d = await makeDerivatives(input, { watermarkText });
    const aspect = source.width! / source.height!;

    expect([d.original.width, d.original.height]).toEqual([source.width, source.height]);
    for (const [derivative, long] of [
      [d.thumb.webp, 400],
      [d.thumb.avif, 400],
      [d.thumb.jpeg, 400],
      [d.thumbClean.webp, 400],
      [d.thumbClean.avif, 400],
      [d.thumbClean.jpeg, 400],
      [d.preview, 1600],
      [d.previewClean, 1600],
    ] as const) {
      expect(Math.max(derivative.width, derivative.height)).toBe(long);
      expect(Math.abs(derivative.width / derivative.height - aspect)).toBeLessThan(0.01);
    }
    await expectClean(d.thumb.webp, 'webp');
    await expectClean(d.thumb.avif, 'heif');
    await expectClean(d.thumbClean.webp, 'webp');
    await expectClean(d.thumbClean.avif, 'heif');
    for (const jpeg of [d.thumb.jpeg, d.thumbClean.jpeg, d.preview, d.previewClean, d.original])
      await expectClean(jpeg, 'jpeg');
  });

  it('labels each derivative with the content type of its storage variant', async () => {
    const d = await makeDerivatives(await readSample('sample5.jpg'), { watermarkText });
    const files = derivativeFiles(d);
    // Every stored variant but a video's web rendition, which only videos have.
    expect(files.map((f) => f.variant)).toEqual(MEDIA_VARIANTS.filter((v) => v !== 'video'));
    for (const { variant, derivative } of files)
      expect(derivative.contentType).toBe(mediaContentType(variant));
    // each variant carries its own file: marked and clean are not swapped, nor formats
    const fileOf = Object.fromEntries(files.map((f) => [f.variant, f.derivative]));
    expect(fileOf['thumb-webp']).toBe(d.thumb.webp);
    expect(fileOf['thumb-avif']).toBe(d.thumb.avif);
    expect(fileOf['thumb-jpeg']).toBe(d.thumb.jpeg);
    expect(fileOf['thumb-clean-webp']).toBe(d.thumbClean.webp);
    expect(fileOf['thumb-clean-avif']).toBe(d.thumbClean.avif);
    expect(fileOf['thumb-clean-jpeg']).toBe(d.thumbClean.jpeg);
    expect(fileOf.preview).toBe(d.preview);
    expect(fileOf['preview-clean']).toBe(d.previewClean);
    expect(fileOf.original).toBe(d.original);
  });

  it('turns a photo with EXIF orientation 6 upright', async () => {
    const sample = await readSample('sample1.jpg'); // 1920 × 1280, landscape
    const rotated = await sharp(sample).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    expect(await sharp(rotated).metadata()).toMatchObject({ width: 1920, height: 1280, orientation: 6 });
    const d = await makeDerivatives(rotated, { watermarkText });
    expect([d.original.width, d.original.height]).toEqual([1280, 1920]);
    expect([d.previewClean.width, d.previewClean.height]).toEqual([1067, 1600]);
    expect([d.thumb.jpeg.width, d.thumb.jpeg.height]).toEqual([267, 400]);
    await expectClean(d.original, 'jpeg');
    // Turned clockwise (orientation 6), not counter-clockwise.
    const size = { width: 267, height: 400 };
    const clockwise = await sharp(sample).rotate(90).jpeg().toBuffer();
    const counter = await sharp(sample).rotate(270).jpeg().toBuffer();
    const toClockwise = await meanDifference(d.thumbClean.jpeg.buffer, clockwise, size);
    expect(toClockwise).toBeLessThan(5);
    expect(await meanDifference(d.thumbClean.jpeg.buffer, counter, size)).toBeGreaterThan(toClockwise * 3);
  });

  it('watermarks the preview visibly and leaves the clean preview alone', async () => {
    const input = await readSample('sample2.jpg');
    const d = await makeDerivatives(input, { watermarkText });
    const watermark = await meanDifference(d.preview.buffer, d.previewClean.buffer);
    const reference = await sharp(input)
      .resize(d.previewClean.width, d.previewClean.height)
      .jpeg({ quality: 80 })
      .toBuffer();
    const encoding = await meanDifference(d.previewClean.buffer, reference);
    // Two clean 1600 px JPEGs differ by about 1.2–2.1 (encoding); the watermark adds about 4.
    expect(encoding).toBeLessThan(2.5);
    expect(watermark).toBeGreaterThan(3);
  });

  it('watermarks the thumbnails as the preview, and keeps clean thumbnails for buyers', async () => {
    const d = await makeDerivatives(await readSample('sample2.jpg'), { watermarkText });
    const pairs = [
      [d.thumb.jpeg, d.thumbClean.jpeg],
      [d.thumb.webp, d.thumbClean.webp],
      [d.thumb.avif, d.thumbClean.avif],
    ] as const;
    for (const [marked, clean] of pairs) {
      expect([marked.width, marked.height, marked.contentType]).toEqual([
        clean.width,
        clean.height,
        clean.contentType,
      ]);
      // Same encoder and settings on both sides: the difference is the watermark (about 4.5–6.5 here).
      expect(await meanDifference(marked.buffer, clean.buffer)).toBeGreaterThan(3);
    }
    // What a photo derived before this change gets on first request: its stored preview scaled down,
    // which is the marked thumbnail again, not the clean one.
    const restored = await thumbnailsOf(() => sharp(d.preview.buffer));
    const toMarked = await meanDifference(restored.jpeg.buffer, d.thumb.jpeg.buffer);
    expect(await meanDifference(restored.jpeg.buffer, d.thumbClean.jpeg.buffer)).toBeGreaterThan(
      toMarked * 1.5,
    );
  });

  it('scales small photos down only, never up', async () => {
    const small = await sharp(await readSample('sample3.jpg'))
      .resize(300)
      .png()
      .toBuffer();
    const d = await makeDerivatives(small, { watermarkText });
    expect([d.original.width, d.preview.width, d.thumb.webp.width]).toEqual([300, 300, 300]);
  });

  it('flattens transparency onto white for JPEG outputs', async () => {
    const transparent = await sharp({
      create: { width: 500, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const d = await makeDerivatives(transparent, { watermarkText });
    const { channels } = await sharp(d.previewClean.buffer).stats();
    expect(channels.map((c) => Math.round(c.mean))).toEqual([255, 255, 255]);
  });
});

describe('makeReadySet', () => {
  it('makes the published set from one decode, upright, and AVIF thumbnails later from its previews', async () => {
    const sample = await readSample('sample1.jpg'); // 1920 × 1280, landscape, with EXIF
    const rotated = await sharp(sample).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const ready = await makeReadySet(rotated, { watermarkText });
    expect([ready.width, ready.height]).toEqual([1280, 1920]);
    expect(readySetFiles(ready).map((f) => f.variant)).toEqual([
      'thumb-webp',
      'thumb-jpeg',
      'thumb-clean-webp',
      'thumb-clean-jpeg',
      'preview',
      'preview-clean',
    ]);
    for (const { variant, derivative } of readySetFiles(ready)) {
      expect(derivative.contentType).toBe(mediaContentType(variant));
      await expectClean(derivative, variant.endsWith('webp') ? 'webp' : 'jpeg');
    }
    // Made later from the stored previews: the watermark survives in the marked one only.
    const [marked, clean] = await Promise.all([
      avifThumbnail(ready.preview.buffer),
      avifThumbnail(ready.previewClean.buffer),
    ]);
    expect([marked.width, marked.height]).toEqual([267, 400]);
    await expectClean(marked, 'heif');
    expect(await meanDifference(marked.buffer, ready.thumb.webp.buffer)).toBeLessThan(
      (await meanDifference(marked.buffer, ready.thumbClean.webp.buffer)) / 1.5,
    );
    expect(await meanDifference(clean.buffer, ready.thumbClean.webp.buffer)).toBeLessThan(
      await meanDifference(clean.buffer, ready.thumb.webp.buffer),
    );
  });
});
