import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FfmpegTools, runTool, withTempDir } from './ffmpeg';
import { MediaRejected } from './inspect';
import { ffmpegForTests, makeTestVideo, probeForTests, TEST_LOCATION, topLevelBoxes } from './test-videos';
import { makeVideoDerivatives, posterTime } from './video-derivatives';

const watermarkText = 'Fotodrop · Lakeside City Marathon';

let tools: FfmpegTools;
beforeAll(async () => {
  tools = await ffmpegForTests();
});

describe('makeVideoDerivatives', () => {
  it('makes an upright poster and a fast-start H.264 rendition without the recorded place', async () => {
    const upload = await makeTestVideo({ width: 320, height: 240, rotation: 90, withLocation: true });
    expect((await probeForTests(upload)).format.tags?.location).toBe(TEST_LOCATION);
    const made = await makeVideoDerivatives(upload, { tools, watermarkText });

    // The poster is a photo like any other: every photo derivative, turned upright.
    expect([made.poster.original.width, made.poster.original.height]).toEqual([240, 320]);
    const thumb = await sharp(made.poster.thumb.jpeg.buffer).metadata();
    expect([thumb.width, thumb.height]).toEqual([240, 320]);
    expect(thumb.exif).toBeUndefined();
    expect(made.poster.preview.buffer.equals(made.poster.previewClean.buffer)).toBe(false);

    const { rendition } = made;
    expect(rendition.contentType).toBe('video/mp4');
    expect(rendition.durationSeconds).toBeCloseTo(2, 0);
    const probe = await probeForTests(rendition.buffer);
    const video = probe.streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      pix_fmt: 'yuv420p',
      width: 240,
      height: 320,
    });
    // The pixels are turned, so no player may turn them again.
    expect(video.side_data_list?.some((d) => d.rotation)).toBeFalsy();
    expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    const boxes = topLevelBoxes(rendition.buffer);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // No location in any of its MP4 (`loci`) or QuickTime (`©xyz`) forms, and no other tag.
    for (const marker of ['loci', '\u00a9xyz', 'Testcam', TEST_LOCATION]) {
      expect(rendition.buffer.includes(marker, 0, 'latin1'), marker).toBe(false);
    }
    const harmless = new Set(['major_brand', 'minor_version', 'compatible_brands', 'encoder']);
    expect(Object.keys(probe.format.tags ?? {}).filter((tag) => !harmless.has(tag))).toEqual([]);
  });

  it('shrinks to 1280 px on the long side, keeps the aspect and makes the sides even', async () => {
    const wide = await makeTestVideo({ width: 1920, height: 1080, seconds: 1, audio: false });
    const fromWide = await makeVideoDerivatives(wide, { tools, watermarkText });
    expect([fromWide.rendition.width, fromWide.rendition.height]).toEqual([1280, 720]);
    expect([fromWide.poster.original.width, fromWide.poster.original.height]).toEqual([1920, 1080]);
    const silent = await probeForTests(fromWide.rendition.buffer);
    expect(silent.streams.map((s) => s.codec_type)).toEqual(['video']);

    const odd = await makeTestVideo({ container: 'webm', width: 641, height: 1281, seconds: 1 });
    const fromOdd = await makeVideoDerivatives(odd, { tools, watermarkText });
    expect(fromOdd.rendition.height).toBe(1280);
    expect(fromOdd.rendition.width % 2).toBe(0);
    expect(Math.abs(fromOdd.rendition.width - 640)).toBeLessThanOrEqual(2);

    const small = await makeTestVideo({ container: 'avi', width: 161, height: 121, seconds: 1 });
    const fromSmall = await makeVideoDerivatives(small, { tools, watermarkText });
    expect([fromSmall.rendition.width, fromSmall.rendition.height]).toEqual([160, 120]);
  });

  it('tone-maps an HDR video to an SDR rendition and poster', async () => {
    const hlg = await makeTestVideo({ hdr: true, seconds: 1 });
    const made = await makeVideoDerivatives(hlg, { tools, watermarkText });
    const video = (await probeForTests(made.rendition.buffer)).streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', color_transfer: 'bt709' });
    // The poster's pixels went through the curve: they differ from the frame decoded as is.
    const untouched = await withTempDir(async (dir) => {
      await writeFile(join(dir, 'hlg.mp4'), hlg);
      const args = [
        '-v',
        'error',
        '-ss',
        String(posterTime(1)),
        '-i',
        join(dir, 'hlg.mp4'),
        '-frames:v',
        '1',
      ];
      return runTool(
        tools.ffmpeg,
        [...args, '-f', 'image2pipe', '-c:v', 'png', '-pix_fmt', 'rgb24', 'pipe:1'],
        {
          timeoutMs: 30_000,
        },
      );
    });
    const [a, b] = await Promise.all(
      [untouched, made.poster.original.buffer].map((x) => sharp(x).raw().toBuffer()),
    );
    expect(a!.length).toBe(b!.length);
    let difference = 0;
    for (let i = 0; i < a!.length; i++) difference += Math.abs(a![i]! - b![i]!);
    expect(difference / a!.length).toBeGreaterThan(4);
  });

  it('refuses what is not a video, as the upload check does', async () => {
    const error = await makeVideoDerivatives(Buffer.from('plain text'), { tools, watermarkText }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaRejected);
  });
});

describe('posterTime', () => {
  it('is a second in, or a tenth of a short clip', () => {
    expect(posterTime(600)).toBe(1);
    expect(posterTime(10)).toBe(1);
    expect(posterTime(4)).toBeCloseTo(0.4);
  });
});
