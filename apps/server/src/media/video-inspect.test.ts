import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FfmpegTools } from './ffmpeg';
import { MediaRejected, type MediaRejectReason } from './inspect';
import { inspectUpload } from './inspect-upload';
import { readSample } from './test-samples';
import { ffmpegForTests, makeTestVideo } from './test-videos';
import { containerComplete, inspectVideo, sniffVideoContainer } from './video-inspect';

async function rejection(promise: Promise<unknown>): Promise<MediaRejectReason> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaRejected);
  return (error as MediaRejected).reason;
}

let tools: FfmpegTools;
let mp4: Buffer;
beforeAll(async () => {
  tools = await ffmpegForTests();
  mp4 = await makeTestVideo({ width: 320, height: 240, seconds: 2 });
});

describe('inspectVideo', () => {
  it('reads an MP4 with sound: size, duration, frame rate', async () => {
    expect(await inspectVideo(mp4, tools)).toEqual({
      container: 'mp4',
      width: 320,
      height: 240,
      rotation: 0,
      durationSeconds: expect.closeTo(2, 1),
      frameRate: 25,
      hasAudio: true,
      hdr: false,
    });
  });

  it('recognises a phone’s HDR video (HLG), which needs tone mapping', async () => {
    const hlg = await makeTestVideo({ hdr: true, seconds: 1 });
    expect(await inspectVideo(hlg, tools)).toMatchObject({ container: 'mp4', hdr: true, width: 320 });
  });

  it('reads WebM and AVI, with and without sound', async () => {
    const webm = await makeTestVideo({ container: 'webm', audio: false, width: 160, height: 120 });
    expect(await inspectVideo(webm, tools)).toMatchObject({
      container: 'matroska',
      width: 160,
      height: 120,
      hasAudio: false,
    });
    const avi = await makeTestVideo({ container: 'avi', width: 160, height: 96 });
    expect(await inspectVideo(avi, tools)).toMatchObject({
      container: 'avi',
      width: 160,
      height: 96,
      hasAudio: true,
    });
  });

  it('gives the displayed size of a video filmed upright (rotation in the track header)', async () => {
    const upright = await makeTestVideo({ width: 320, height: 240, rotation: 90 });
    expect(await inspectVideo(upright, tools)).toMatchObject({ width: 240, height: 320, rotation: 90 });
  });

  it('refuses a truncated upload of every container, whichever end holds the index', async () => {
    const atEnd = await makeTestVideo({ indexAtEnd: true });
    const webm = await makeTestVideo({ container: 'webm' });
    const avi = await makeTestVideo({ container: 'avi' });
    for (const whole of [mp4, atEnd, webm, avi]) {
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
      expect(await containerComplete(whole, sniffVideoContainer(whole)!)).toBe(true);
      expect(await rejection(inspectVideo(cut, tools))).toBe('corrupt');
    }
  });

  it('refuses a damaged video whose sizes add up', async () => {
    // The index of a fast-start file comes first and stays intact; the frames after it are noise.
    const damaged = Buffer.from(mp4);
    const mdat = damaged.indexOf('mdat', 0, 'latin1');
    expect(mdat).toBeGreaterThan(0);
    damaged.fill(0xaa, mdat + 4);
    expect(await rejection(inspectVideo(damaged, tools))).toBe('corrupt');
  });

  it('refuses a text file named like a video, and an audio-only MP4', async () => {
    expect(await rejection(inspectVideo(Buffer.from('not a video at all, just text.mp4'), tools))).toBe(
      'unsupported_type',
    );
    const m4a = await makeTestVideo({ audioOnly: true });
    expect(m4a.toString('latin1', 4, 8)).toBe('ftyp');
    expect(await rejection(inspectVideo(m4a, tools))).toBe('unsupported_type');
  });

  it('applies the byte, duration, pixel and frame-rate limits', async () => {
    expect(await rejection(inspectVideo(mp4, tools, { maxBytes: mp4.length - 1 }))).toBe('too_large_file');
    expect(await rejection(inspectVideo(mp4, tools, { maxSeconds: 1 }))).toBe('too_long');
    expect(await rejection(inspectVideo(mp4, tools, { maxPixels: 320 * 240 - 1 }))).toBe('too_many_pixels');
    expect(await rejection(inspectVideo(mp4, tools, { maxFrameRate: 24 }))).toBe('too_many_pixels');
    expect(await inspectVideo(mp4, tools, { maxSeconds: 3, maxPixels: 320 * 240 })).toMatchObject({
      width: 320,
    });
  });
});

describe('inspectUpload', () => {
  const withFfmpeg = () => Promise.resolve(tools);
  const without = () => Promise.resolve(null);

  it('tells photos from videos by content, not by name', async () => {
    const photo = await sharp(await readSample('sample1.jpg'))
      .resize(200)
      .jpeg()
      .toBuffer();
    expect(await inspectUpload(photo, { ffmpeg: withFfmpeg })).toMatchObject({ kind: 'photo' });
    expect(await inspectUpload(mp4, { ffmpeg: withFfmpeg })).toMatchObject({
      kind: 'video',
      info: { width: 320 },
    });
    expect(await rejection(inspectUpload(Buffer.from('hello'), { ffmpeg: withFfmpeg }))).toBe(
      'unsupported_type',
    );
  });

  it('keeps the photo size limit for photos and the video limit for videos', async () => {
    const photo = await sharp(await readSample('sample1.jpg')).toBuffer();
    const limits = { photo: { maxBytes: 1000 }, video: { maxBytes: mp4.length } };
    expect(await rejection(inspectUpload(photo, { ffmpeg: withFfmpeg, limits }))).toBe('too_large_file');
    expect(await inspectUpload(mp4, { ffmpeg: withFfmpeg, limits })).toMatchObject({ kind: 'video' });
  });

  it('refuses videos, and only videos, without ffmpeg', async () => {
    const error = await inspectUpload(mp4, { ffmpeg: without }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: 'video_unsupported',
      message: 'This server cannot process videos yet.',
    });
    const photo = await sharp(await readSample('sample1.jpg'))
      .resize(200)
      .jpeg()
      .toBuffer();
    expect(await inspectUpload(photo, { ffmpeg: without })).toMatchObject({ kind: 'photo' });
  });
});

describe('sniffVideoContainer', () => {
  it('knows the containers by their first bytes only', () => {
    expect(sniffVideoContainer(Buffer.from('\0\0\0\x18ftypqt  \0\0\0\0qt  '))).toBe('mp4');
    expect(sniffVideoContainer(Buffer.from('1a45dfa3a34286810142f7', 'hex'))).toBe('matroska');
    expect(sniffVideoContainer(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBe('avi');
    expect(sniffVideoContainer(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(sniffVideoContainer(Buffer.from('GIF89a........'))).toBeNull();
  });
});
