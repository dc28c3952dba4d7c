import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifHasGps, inspectImage, MediaRejected, type MediaRejectReason, sniffImageFormat } from './inspect';
import { readSample, SAMPLE_NAMES } from './test-samples';

async function rejection(promise: Promise<unknown>): Promise<MediaRejectReason> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaRejected);
  return (error as MediaRejected).reason;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A valid-looking PNG of a few dozen bytes whose header claims `width` × `height` px. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bit, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from('789c030000000001', 'hex')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('inspectImage', () => {
  it.each(SAMPLE_NAMES)('reads %s', async (name) => {
    const input = await readSample(name);
    const meta = await sharp(input).metadata();
    expect(await inspectImage(input)).toEqual({
      format: 'jpeg',
      width: meta.width,
      height: meta.height,
      orientation: 1,
      // face-api's samples carry a GPS position in their EXIF.
      hasExifGps: true,
    });
    expect(meta.width).toBe(1920);
  });

  it('reports no GPS when there is none', async () => {
    const stripped = await sharp(await readSample('sample1.jpg'))
      .resize(300)
      .jpeg()
      .toBuffer();
    expect((await inspectImage(stripped)).hasExifGps).toBe(false);
  });

  it('detects the format by content, not by name: a PNG saved as .jpg is a PNG', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fotodrop-inspect-'));
    try {
      const png = await sharp(await readSample('sample1.jpg'))
        .resize(300)
        .png()
        .toBuffer();
      await writeFile(join(dir, 'photo.jpg'), png);
      expect(await inspectImage(await readFile(join(dir, 'photo.jpg')))).toMatchObject({
        format: 'png',
        width: 300,
        height: 200,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('accepts WebP and AVIF', async () => {
    const small = sharp(await readSample('sample2.jpg')).resize(200);
    expect((await inspectImage(await small.clone().webp().toBuffer())).format).toBe('webp');
    expect((await inspectImage(await small.clone().avif().toBuffer())).format).toBe('avif');
  });

  it('reports the displayed size of a rotated photo and whether it carries GPS', async () => {
    const input = await sharp(await readSample('sample3.jpg'))
      .resize(600)
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const info = await inspectImage(input);
    expect(info).toMatchObject({ orientation: 6, width: 422, height: 600, hasExifGps: true });
  });

  it('refuses a header that claims 100000 × 100000 px, before decoding anything', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await rejection(inspectImage(bomb))).toBe('too_many_pixels');
    expect(await rejection(inspectImage(await readSample('sample1.jpg'), { maxPixels: 1_000_000 }))).toBe(
      'too_many_pixels',
    );
  });

  it('refuses files over the byte limit', async () => {
    const input = await readSample('sample1.jpg');
    expect(await rejection(inspectImage(input, { maxBytes: input.length - 1 }))).toBe('too_large_file');
    const huge = Buffer.alloc(40 * 1024 * 1024 + 1);
    expect(await rejection(inspectImage(huge))).toBe('too_large_file');
  });

  it('refuses what is not a JPEG, PNG, WebP or AVIF', async () => {
    const gif = await sharp(await readSample('sample1.jpg'))
      .resize(50)
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const fakeHeic = Buffer.concat([Buffer.from('00000018667479706865696300000000', 'hex'), randomBytes(64)]);
    for (const input of [
      randomBytes(4096),
      gif,
      svg,
      Buffer.from('just some text, named photo.jpg'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(4096)]),
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), randomBytes(100)]),
      fakeHeic,
      Buffer.alloc(0),
    ]) {
      expect(await rejection(inspectImage(input))).toBe('unsupported_type');
    }
  });

  it('refuses a truncated JPEG as corrupt', async () => {
    const input = await readSample('sample4.jpg');
    expect(await rejection(inspectImage(input.subarray(0, input.length / 2)))).toBe('corrupt');
  });
});

describe('sniffImageFormat', () => {
  it('reads ftyp brands', () => {
    const box = (major: string, ...compatible: string[]) => {
      const b = Buffer.from(`\0\0\0\0ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
      b.writeUInt32BE(b.length);
      return b;
    };
    expect(sniffImageFormat(box('avif', 'mif1'))).toBe('avif');
    expect(sniffImageFormat(box('mif1', 'miaf', 'avif'))).toBe('avif');
    expect(sniffImageFormat(box('heic', 'mif1'))).toBe('heic');
    expect(sniffImageFormat(box('isom', 'mp41'))).toBeNull();
  });
});

describe('exifHasGps', () => {
  it('is false for missing or malformed EXIF', () => {
    expect(exifHasGps(undefined)).toBe(false);
    expect(exifHasGps(Buffer.from('Exif\0\0MM'))).toBe(false);
    expect(exifHasGps(randomBytes(64))).toBe(false);
  });
});
