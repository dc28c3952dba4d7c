/**
 * The gate for uploaded videos, the counterpart of `inspect.ts` for photos.
 *
 * The container is read from the bytes (MP4/MOV/3GP by their `ftyp` box, WebM/Matroska by the
 * EBML header, AVI by its RIFF header), and ffmpeg is then told to use exactly that demuxer, so an
 * upload never reaches the dozens of other formats ffmpeg would otherwise guess at. A container
 * whose declared size runs past the end of the file is a truncated upload and is refused here, not
 * in the background job. ffprobe then reads duration, frame size, frame rate and rotation, which are
 * checked against limits before a single frame is decoded (a tiny file may claim 16 000 × 16 000 px
 * at 1 000 fps); finally one small frame is decoded to prove the video stream is readable.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FfmpegTools, runTool, ToolFailed } from './ffmpeg';
import { MediaRejected } from './inspect';
import { type ByteReader, sourceHead, sourceSize, type UploadSource, withReader } from './upload-source';
import { withWorkDir } from './work-dirs';

export type VideoContainer = 'mp4' | 'matroska' | 'avi';

export interface VideoInfo {
  container: VideoContainer;
  /** As displayed, i.e. with the rotation applied. */
  width: number;
  height: number;
  /** Degrees the player turns the frames (0, 90, 180, 270). */
  rotation: number;
  durationSeconds: number;
  frameRate: number;
  hasAudio: boolean;
  /** High dynamic range (PQ or HLG transfer), as phones record by default: needs tone mapping. */
  hdr: boolean;
}

export interface VideoLimits {
  maxBytes?: number;
  maxSeconds?: number;
  maxPixels?: number;
  maxFrameRate?: number;
}

/**
 * 200 MB: at phone bit rates about 1.5 min of 4K or 3 min of 1080p. Uploads are received to disk
 * (`upload-spool.ts`), so this bounds disk and transfer time, not memory.
 */
export const DEFAULT_MAX_VIDEO_BYTES = 200 * 1024 * 1024;
/** Ten minutes: event clips are short, and a 2-core worker transcodes about 2–3× faster than real time. */
export const DEFAULT_MAX_VIDEO_SECONDS = 600;
/** A little above 8K (7680 × 4320, 33 MP); anything larger is not a camera's video but a bomb. */
export const DEFAULT_MAX_VIDEO_PIXELS = 8192 * 4352;
/** Phones record slow motion at 240 fps; more is not footage we can transcode in time. */
export const DEFAULT_MAX_FRAME_RATE = 240;

/** The ffmpeg demuxer that reads each container; nothing else is ever tried on an upload. */
export const DEMUXER: Record<VideoContainer, string> = { mp4: 'mov', matroska: 'matroska', avi: 'avi' };

/** The container the content says it is, by magic bytes; null for anything else. */
export function sniffVideoContainer(bytes: Buffer): VideoContainer | null {
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') return 'mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'avi';
  return null;
}

/** False when the container's own size fields say that bytes are missing at the end. */
export async function containerComplete(source: UploadSource, container: VideoContainer): Promise<boolean> {
  return withReader(source, async (reader) => {
    if (container === 'avi') return (await reader.read(4, 4)).readUInt32LE(0) + 8 <= reader.size;
    if (container === 'mp4') return isoBoxesComplete(reader);
    return matroskaSegmentComplete(reader);
  });
}

/** Walks the top-level ISO-BMFF boxes (ftyp, moov, mdat, …); each must end within the file. */
async function isoBoxesComplete(reader: ByteReader): Promise<boolean> {
  let at = 0;
  while (at + 8 <= reader.size) {
    const header = await reader.read(at, 16);
    let size = header.readUInt32BE(0);
    if (size === 0) return true; // the last box runs to the end of the file
    if (size === 1) {
      if (at + 16 > reader.size) return false;
      size = Number(header.readBigUInt64BE(8));
      if (size < 16) return false;
    } else if (size < 8) {
      return false;
    }
    at += size;
  }
  return at <= reader.size;
}

/** The EBML header, then the Segment: a Segment of known size must fit in the file. */
async function matroskaSegmentComplete(reader: ByteReader): Promise<boolean> {
  const header = readVint(await reader.read(4, 8), 0);
  if (!header || header.value === null) return false;
  const segmentAt = 4 + header.length + header.value;
  if (segmentAt + 4 > reader.size) return false;
  const start = await reader.read(segmentAt, 12);
  if (start.readUInt32BE(0) !== 0x18538067) return false;
  const segment = readVint(start, 4);
  if (!segment) return false;
  // A live recording may leave the size "unknown"; then the demuxer finds the end by itself.
  if (segment.value === null) return true;
  return segmentAt + 4 + segment.length + segment.value <= reader.size;
}

/** An EBML variable-length size at `at`; value null for the reserved "unknown size". */
function readVint(bytes: Buffer, at: number): { length: number; value: number | null } | null {
  if (at >= bytes.length) return null;
  const first = bytes[at]!;
  const length = first === 0 ? 9 : Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value: allOnes ? null : value };
}

/** `input`: the bytes, or a local file's path (probed where it is, never read whole). */
export async function inspectVideo(
  input: UploadSource,
  tools: FfmpegTools,
  limits: VideoLimits = {},
): Promise<VideoInfo> {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_VIDEO_BYTES;
  if ((await sourceSize(input)) > maxBytes) {
    throw new MediaRejected(
      'too_large_file',
      `The video is larger than ${Math.floor(maxBytes / 2 ** 20)} MB.`,
    );
  }
  const container = sniffVideoContainer(await sourceHead(input));
  if (container === null) throw new MediaRejected('unsupported_type', 'The file is not a video.');
  if (!(await containerComplete(input, container))) {
    throw new MediaRejected('corrupt', 'The video is incomplete: was the upload cut off?');
  }
  if (typeof input === 'string') return probeVideoFile(tools, input, container, limits);
  return withWorkDir(async (dir) => {
    const path = join(dir, 'upload');
    await writeFile(path, input);
    return probeVideoFile(tools, path, container, limits);
  });
}

/** Reads and checks a video file of a known container; see the module comment for the order. */
export async function probeVideoFile(
  tools: FfmpegTools,
  path: string,
  container: VideoContainer,
  limits: VideoLimits = {},
): Promise<VideoInfo> {
  const maxSeconds = limits.maxSeconds ?? DEFAULT_MAX_VIDEO_SECONDS;
  const maxPixels = limits.maxPixels ?? DEFAULT_MAX_VIDEO_PIXELS;
  const maxFrameRate = limits.maxFrameRate ?? DEFAULT_MAX_FRAME_RATE;
  const input = ['-f', DEMUXER[container], '-protocol_whitelist', 'file', '-i', path];

  let probe: Probe;
  try {
    const json = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', ...input],
      { timeoutMs: 20_000 },
    );
    probe = JSON.parse(json.toString('utf8')) as Probe;
  } catch (error) {
    if (error instanceof ToolFailed || error instanceof SyntaxError) {
      throw new MediaRejected('corrupt', 'The video is damaged or not readable.');
    }
    throw error;
  }
  const video = probe.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const storedWidth = video?.width ?? 0;
  const storedHeight = video?.height ?? 0;
  if (!video || storedWidth <= 0 || storedHeight <= 0) {
    throw new MediaRejected('unsupported_type', 'The file has no video in it.');
  }
  const durationSeconds = Number(probe.format?.duration ?? video.duration ?? Number.NaN);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new MediaRejected('corrupt', 'The video has no readable duration.');
  }
  if (durationSeconds > maxSeconds) {
    throw new MediaRejected('too_long', `The video is longer than ${formatMinutes(maxSeconds)}.`);
  }
  if (storedWidth * storedHeight > maxPixels) {
    throw new MediaRejected('too_many_pixels', 'The video frame is larger than 8K.');
  }
  const frameRate = parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate) ?? 0;
  if (frameRate > maxFrameRate) {
    throw new MediaRejected('too_many_pixels', `The video has more than ${maxFrameRate} frames per second.`);
  }

  // One frame, shrunk to 32 × 32 grey bytes: proves the stream decodes, for the price of a keyframe.
  const frame = await runTool(
    tools.ffmpeg,
    ['-v', 'error', '-nostdin', ...input, '-map', '0:V:0', '-frames:v', '1', '-vf', 'scale=32:32'].concat([
      '-pix_fmt',
      'gray',
      '-f',
      'rawvideo',
      'pipe:1',
    ]),
    { timeoutMs: 30_000 },
  ).catch((error: unknown) => {
    if (error instanceof ToolFailed) return Buffer.alloc(0);
    throw error;
  });
  if (frame.length === 0) throw new MediaRejected('corrupt', 'The video is damaged or not readable.');

  const rotation = normaliseRotation(video);
  const turned = rotation === 90 || rotation === 270;
  return {
    container,
    width: turned ? storedHeight : storedWidth,
    height: turned ? storedWidth : storedHeight,
    rotation,
    durationSeconds,
    frameRate,
    hasAudio: probe.streams?.some((s) => s.codec_type === 'audio') ?? false,
    hdr: video.color_transfer === 'smpte2084' || video.color_transfer === 'arib-std-b67',
  };
}

/** What we read of ffprobe's `-show_format -show_streams -of json`. */
interface Probe {
  format?: { duration?: string };
  streams?: ProbeStream[];
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  color_transfer?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

/** `30000/1001` → 29.97; null for `0/0` and other non-rates. */
function parseRate(rate: string | undefined): number | null {
  const [num, den] = (rate ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return null;
  return num / den;
}

/** The display rotation as 0/90/180/270, from the display matrix (or the older `rotate` tag). */
function normaliseRotation(stream: ProbeStream): number {
  const fromMatrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = fromMatrix ?? Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

function formatMinutes(seconds: number): string {
  return seconds >= 60 ? `${Math.round(seconds / 60)} min` : `${seconds} s`;
}
