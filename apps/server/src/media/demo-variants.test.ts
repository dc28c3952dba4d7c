import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_MIN_AREA, demoPlan, demoVariant, insideRotated } from './demo-variants';
import { inspectImage } from './inspect';
import { readSample } from './test-samples';

const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('demoVariant', () => {
  it('gives identical bytes for the same n and different ones for different n', async () => {
    const input = await readSample('sample1.jpg');
    const [a, b, c] = await Promise.all([
      demoVariant(input, 7),
      demoVariant(input, 7),
      demoVariant(input, 8),
    ]);
    expect(hash(a)).toBe(hash(b));
    expect(hash(a)).not.toBe(hash(c));
  });

  it('makes decodable JPEGs of photo size in which people stay visible', async () => {
    const input = await readSample('sample4.jpg');
    const hashes = new Set<string>();
    for (let n = 0; n < 8; n++) {
      const out = await demoVariant(input, n);
      hashes.add(hash(out));
      const info = await inspectImage(out);
      expect(info.format).toBe('jpeg');
      const long = Math.max(info.width, info.height);
      expect(long).toBeGreaterThanOrEqual(1600);
      expect(long).toBeLessThanOrEqual(1920);
      expect(Math.min(info.width, info.height)).toBeGreaterThan(1000);
      expect(info.hasExifGps).toBe(false);
      expect((await sharp(out).metadata()).channels).toBe(3);
      await sharp(out).raw().toBuffer();
    }
    expect(hashes.size).toBe(8);
  });

  it('refuses a negative or fractional n', async () => {
    const input = await readSample('sample1.jpg');
    await expect(demoVariant(input, -1)).rejects.toThrow(RangeError);
    await expect(demoVariant(input, 1.5)).rejects.toThrow(RangeError);
  });
});

describe('demoPlan', () => {
  it('keeps at least about 60 % of the frame and varies every transform', () => {
    const plans = Array.from({ length: 1000 }, (_, n) => demoPlan(n, 1920, 1280));
    for (const p of plans) {
      const side = insideRotated(1920, 1280, p.angle) * 0.995 * p.region;
      expect(side ** 2).toBeGreaterThan(DEMO_MIN_AREA * 0.99);
      expect(Math.abs(p.angle)).toBeLessThanOrEqual(4);
      expect(p.region).toBeLessThanOrEqual(1);
    }
    const share = (f: (p: (typeof plans)[number]) => boolean) => plans.filter(f).length / plans.length;
    expect(share((p) => p.flip)).toBeGreaterThan(0.4);
    expect(share((p) => p.angle !== 0)).toBeGreaterThan(0.5);
    expect(share((p) => p.grey)).toBeGreaterThan(0.05);
    expect(share((p) => p.grey)).toBeLessThan(0.2);
    expect(share((p) => p.region < 0.9)).toBeGreaterThan(0.3);
  });
});

describe('insideRotated', () => {
  it('keeps everything unturned and enough at ±4° for the crop to stay above the minimum', () => {
    expect(insideRotated(1920, 1280, 0)).toBe(1);
    const kept = insideRotated(1920, 1280, 4);
    expect(kept).toBeCloseTo(0.907, 3);
    expect(insideRotated(1920, 1280, -4)).toBe(kept);
    expect(kept ** 2).toBeGreaterThan(DEMO_MIN_AREA);
  });
});
