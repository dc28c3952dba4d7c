/**
 * Short demo videos made from the sample photographs: a slow zoom or pan over one photo
 * (`zoompan`), 1280 × 720 at 25 fps, with a quiet pink-noise track standing in for the crowd.
 * They are uploads like any other and go through the whole video pipeline.
 *
 * Video `n` is fully determined by `n` (moves by index, seeded noise, bit-exact encoding), so a
 * restart makes the same bytes and the ingest recognises them as already there.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { type FfmpegTools, runTool, withTempDir } from './ffmpeg';
import { sharpInput } from './inspect';

export const DEMO_VIDEO_SECONDS = 6;
const FPS = 25;

interface Move {
  zoom: [number, number];
  /** Horizontal position of the view, 0 (left edge) to 1 (right edge). */
  x: [number, number];
}

const MOVES: Move[] = [
  { zoom: [1, 1.25], x: [0.5, 0.5] },
  { zoom: [1.3, 1.05], x: [0.5, 0.5] },
  { zoom: [1.2, 1.2], x: [0, 1] },
];

export async function makeDemoVideo(tools: FfmpegTools, photo: Buffer, n: number): Promise<Buffer> {
  const move = MOVES[n % MOVES.length]!;
  const frames = DEMO_VIDEO_SECONDS * FPS;
  const along = ([from, to]: [number, number]) => `(${from}+${to - from}*on/${frames})`;
  // The photo is cropped to 16:9 and doubled once, here, so zoompan samples a sharp source
  // (it rounds positions to whole pixels, which judders on a small one) without decoding it per frame.
  const still = await sharp(photo, sharpInput())
    .autoOrient()
    .resize(2560, 1440, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return withTempDir(async (dir) => {
    const input = join(dir, 'still.jpg');
    const output = join(dir, 'demo.mp4');
    await writeFile(input, still);
    const zoompan = [
      `z='${along(move.zoom)}'`,
      `x='(iw-iw/zoom)*${along(move.x)}'`,
      "y='(ih-ih/zoom)/2'",
      `d=${frames}`,
      's=1280x720',
      `fps=${FPS}`,
    ].join(':');
    const noise = `anoisesrc=color=pink:amplitude=0.02:seed=${n + 1}:duration=${DEMO_VIDEO_SECONDS}`;
    await runTool(
      tools.ffmpeg,
      ['-v', 'error', '-nostdin', '-y', '-f', 'image2', '-i', input, '-f', 'lavfi', '-i', noise]
        .concat([
          '-filter_complex',
          `[0:v]zoompan=${zoompan},format=yuv420p[v]`,
          '-map',
          '[v]',
          '-map',
          '1:a',
        ])
        .concat(['-t', String(DEMO_VIDEO_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '24'])
        .concat(['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart'])
        .concat(['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact', output]),
      { timeoutMs: 120_000 },
    );
    return readFile(output);
  });
}
