import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readSample } from './test-samples';
import { applyWatermark, renderWatermark, watermarkSvg } from './watermark';

describe('applyWatermark', () => {
  it('lays the watermark on a photo as a composite "over" would, leaving the original alone', async () => {
    const photo = await sharp(await readSample('sample2.jpg'))
      .resize(1600)
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = photo.info;
    const before = Buffer.from(photo.data);
    const marked = applyWatermark(photo, await renderWatermark('Fotodrop · Alpine Run 2025', width, height));
    // What libvips' composite makes of the same square rendering, centred on the photo.
    const size = Math.max(width, height);
    const square = await sharp(Buffer.from(watermarkSvg('Fotodrop · Alpine Run 2025', size, size)))
      .extract({ left: (size - width) >> 1, top: (size - height) >> 1, width, height })
      .png()
      .toBuffer();
    const reference = await sharp(photo.data, { raw: { width, height, channels } })
      .composite([{ input: square }])
      .removeAlpha()
      .raw()
      .toBuffer();

    expect(photo.data.equals(before)).toBe(true);
    expect(marked.info).toEqual(photo.info);
    let changed = 0;
    let worst = 0;
    for (let i = 0; i < reference.length; i++) {
      if (marked.data[i] !== before[i]) changed++;
      worst = Math.max(worst, Math.abs(marked.data[i]! - reference[i]!));
    }
    // The text covers a good part of the photo, and every value is libvips' own to within rounding.
    expect(changed / reference.length).toBeGreaterThan(0.05);
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('fits portrait and landscape images of the same long side, and refuses another size', async () => {
    const watermark = await renderWatermark('Fotodrop', 200, 100);
    expect(await renderWatermark('Fotodrop', 150, 200)).toBe(watermark);
    const image = (width: number, height: number) => ({
      data: Buffer.alloc(width * height * 3),
      info: { width, height, channels: 3 as const },
    });
    expect(applyWatermark(image(150, 200), watermark).data.some((v) => v !== 0)).toBe(true);
    expect(() => applyWatermark(image(100, 100), watermark)).toThrow(RangeError);
  });
});

describe('watermarkSvg', () => {
  it('escapes the text and refuses an empty one', () => {
    const svg = watermarkSvg('<script>&"\u0000', 100, 100);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;&#38;&#34;');
    expect(() => watermarkSvg(' \u0001 ', 100, 100)).toThrow();
  });
});
