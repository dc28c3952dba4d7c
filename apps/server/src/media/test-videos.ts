/**
 * Small real videos for the media tests, made by Debian's ffmpeg from its test pattern: each
 * container we accept, with and without sound, with a rotation and with a recorded location.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FfmpegTools, findFfmpeg, runTool } from './ffmpeg';

/** The place written into `withLocation` videos: it must never reach a served file. */
export const TEST_LOCATION = '+46.2044+006.1432/';

export interface TestVideoOptions {
  width?: number;
  height?: number;
  seconds?: number;
  /** Default mp4 (H.264 + AAC); webm is VP8 + Opus; avi is Motion JPEG + PCM. */
  container?: 'mp4' | 'webm' | 'avi';
  audio?: boolean;
  /** Written as a display matrix, as phones held upright do. */
  rotation?: 90 | 180 | 270;
  withLocation?: boolean;
  /** Index after the data (a camera's usual layout) rather than before it. */
  indexAtEnd?: boolean;
  /** Sound only, in an MP4 (`.m4a`). */
  audioOnly?: boolean;
  /** 10-bit HEVC with the HLG transfer and BT.2020 colours, as phones record HDR. */
  hdr?: boolean;
}

/** As the process started: tests may point FFMPEG_PATH elsewhere to play a server without it. */
const startEnv = { ...process.env };

export async function ffmpegForTests(): Promise<FfmpegTools> {
  const tools = await findFfmpeg(startEnv);
  if (!tools) throw new Error('ffmpeg is missing: `node scripts/ensure-debian-packages.mjs ffmpeg`');
  return tools;
}

export async function makeTestVideo(options: TestVideoOptions = {}): Promise<Buffer> {
  const tools = await ffmpegForTests();
  const { width = 320, height = 240, seconds = 2, container = 'mp4', audio = true } = options;
  const dir = await mkdtemp(join(tmpdir(), 'fotodrop-test-video-'));
  try {
    const out = join(dir, `made.${container}`);
    const args = ['-v', 'error', '-nostdin', '-y'];
    if (!options.audioOnly) {
      args.push('-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`);
    }
    if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
    args.push(...(options.hdr ? HDR_CODECS : CODECS[container]));
    const location = options.withLocation
      ? ['-metadata', `location=${TEST_LOCATION}`, '-metadata', 'make=Testcam']
      : [];
    args.push(...location);
    if (container === 'mp4' && !options.indexAtEnd) args.push('-movflags', '+faststart');
    await runTool(tools.ffmpeg, [...args, out], { timeoutMs: 60_000 });
    if (!options.rotation) return await readFile(out);
    // ffmpeg 5 writes a rotation only when copying streams, as a display matrix in the track header.
    const rotated = join(dir, `rotated.${container}`);
    await runTool(
      tools.ffmpeg,
      ['-v', 'error', '-nostdin', '-y', '-i', out, '-c', 'copy'].concat([
        '-metadata:s:v:0',
        `rotate=${options.rotation}`,
        ...location,
        rotated,
      ]),
      { timeoutMs: 60_000 },
    );
    return await readFile(rotated);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CODECS: Record<NonNullable<TestVideoOptions['container']>, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  webm: ['-c:v', 'libvpx', '-b:v', '300k', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus'],
  avi: ['-c:v', 'mjpeg', '-q:v', '5', '-c:a', 'pcm_s16le'],
};

const HDR_CODECS = [
  ['-vf', 'format=yuv420p10le', '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
  ['-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-colorspace', 'bt2020nc', '-tag:v', 'hvc1'],
  ['-c:a', 'aac'],
].flat();

/** ffprobe's view of a file, for assertions on what the pipeline wrote. */
export async function probeForTests(bytes: Buffer): Promise<ProbeReport> {
  const tools = await ffmpegForTests();
  const dir = await mkdtemp(join(tmpdir(), 'fotodrop-test-probe-'));
  try {
    const path = join(dir, 'file');
    await writeFile(path, bytes);
    const json = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path],
      { timeoutMs: 20_000 },
    );
    return JSON.parse(json.toString('utf8')) as ProbeReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface ProbeReport {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    profile?: string;
    pix_fmt?: string;
    color_transfer?: string;
    width?: number;
    height?: number;
    tags?: Record<string, string>;
    side_data_list?: { rotation?: number }[];
  }[];
}

/** The top-level ISO-BMFF box types in file order (`ftyp`, `moov`, `mdat`, …). */
export function topLevelBoxes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return types;
}
