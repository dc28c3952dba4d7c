import sharp, { type SharpOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeReadySet } from './derivatives';
import { isStandardSrgb } from './srgb-profile';
import { readSample } from './test-samples';

const watermarkText = 'Fotodrop · Alpine Run 2025';

async function rawPixels(input: Buffer, options: SharpOptions = {}) {
  return sharp(input, options).resize(800).toColourspace('srgb').raw().toBuffer();
}

function largestDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

describe('isStandardSrgb', () => {
  it('knows the sRGB profile cameras embed, and no other', async () => {
    const sample = await readSample('sample2.jpg');
    expect(isStandardSrgb((await sharp(sample).metadata()).icc)).toBe(true);
    const p3 = await sharp(sample).withIccProfile('p3').jpeg().toBuffer();
    expect(isStandardSrgb((await sharp(p3).metadata()).icc)).toBe(false);
    expect(isStandardSrgb(undefined)).toBe(false);
  });

  it('skips a conversion that changes no pixel', async () => {
    const sample = await readSample('sample2.jpg');
    const [converted, skipped] = await Promise.all([
      rawPixels(sample),
      rawPixels(sample, { ignoreIcc: true }),
    ]);
    expect(largestDifference(converted, skipped)).toBeLessThanOrEqual(1);
  });

  it('still converts a photo tagged with another profile', async () => {
    // A saturated red in sRGB, stored as Display P3 numbers (other numbers) with its profile.
    const red = { r: 220, g: 30, b: 40 };
    const p3 = await sharp({ create: { width: 600, height: 400, channels: 3, background: red } })
      .withIccProfile('p3')
      .jpeg({ quality: 95 })
      .toBuffer();
    const stored = await sharp(p3, { ignoreIcc: true }).stats();
    expect(Math.abs(stored.channels[1]!.mean - red.g)).toBeGreaterThan(10);
    const ready = await makeReadySet(p3, { watermarkText });
    const { channels } = await sharp(ready.previewClean.buffer).stats();
    for (const [i, value] of [red.r, red.g, red.b].entries())
      expect(Math.abs(channels[i]!.mean - value)).toBeLessThan(3);
  });
});
