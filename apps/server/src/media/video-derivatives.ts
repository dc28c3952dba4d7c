/**
 * The files made from one uploaded video, in the upload job: a poster frame that becomes the same
 * photo derivatives every photo gets (so grids, previews and watermarks need no video special
 * case), and one web rendition every browser plays.
 *
 * The rendition is H.264 High in yuv420p (the only pixel format all browsers decode), at most
 * 1280 px on its long side with even dimensions, AAC stereo audio when the upload has sound,
 * `+faststart` (the index first, so playback starts before the download ends) and no metadata at
 * all: phones write the place of recording (ISO 6709 location) and the device into the file.
 * ffmpeg applies the rotation to the pixels (autorotate), so poster and rendition stand upright.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Derivative, type Derivatives, makeDerivatives } from './derivatives';
import { type FfmpegTools, runTool, ToolFailed } from './ffmpeg';
import { MediaRejected } from './inspect';
import { sourceHead, type UploadSource } from './upload-source';
import {
  DEMUXER,
  probeVideoFile,
  sniffVideoContainer,
  type VideoInfo,
  type VideoLimits,
} from './video-inspect';
import { withWorkDir } from './work-dirs';

export const RENDITION_MAX_SIZE = 1280;

export interface VideoDerivatives {
  /** Made from the poster frame; `original` is the clean poster at the video's full size. */
  poster: Derivatives;
  rendition: Derivative & { durationSeconds: number };
  source: VideoInfo;
}

/** About a second in, where the first frame's black or blur is over; 10 % in for short clips. */
export function posterTime(durationSeconds: number): number {
  return Math.min(1, durationSeconds * 0.1);
}

/** The chosen second, within the video (a second past its end takes its last moments), or the default. */
function posterAt(durationSeconds: number, chosen: number | null | undefined): number {
  if (chosen === null || chosen === undefined) return posterTime(durationSeconds);
  return Math.max(0, Math.min(chosen, durationSeconds - 0.1));
}

/**
 * A new poster for a processed video, from its stored web rendition (the upload is gone once it is
 * ready): the frame at `posterSeconds`, then the photo derivatives every poster gets (issue 18).
 */
export async function makeVideoPoster(
  renditionPath: string,
  options: { tools: FfmpegTools; watermarkText: string; posterSeconds: number | null; workRoot?: string },
): Promise<Derivatives> {
  const { tools } = options;
  return withWorkDir(async (dir) => {
    const info = await probeVideoFile(tools, renditionPath, 'mp4', { maxSeconds: Number.POSITIVE_INFINITY });
    const posterPath = join(dir, 'poster.png');
    const grab = (at: number) =>
      ffmpeg(
        tools,
        ['-v', 'error', '-nostdin', '-y', '-ss', at.toFixed(3), '-i', renditionPath]
          .concat(['-map', '0:V:0', '-frames:v', '1', '-vf', 'format=rgb24', '-c:v', 'png'])
          .concat(['-f', 'image2', '-update', '1', posterPath]),
        60_000,
      );
    await grab(posterAt(info.durationSeconds, options.posterSeconds));
    if (!(await exists(posterPath))) await grab(0);
    if (!(await exists(posterPath)))
      throw new MediaRejected('corrupt', 'No frame of the video could be read.');
    return makeDerivatives(await readFile(posterPath), { watermarkText: options.watermarkText });
  }, options.workRoot);
}

/**
 * Encoding time as a multiple of the video's duration, plus a fixed start: far above what a
 * 4K clip needs on two cores, so only a stuck or pathological file reaches it.
 */
function transcodeTimeoutMs(durationSeconds: number): number {
  return 120_000 + durationSeconds * 4_000;
}

/**
 * `input`: the bytes, or a local file's path (read where it is). The work happens in a folder
 * under the work root (`work-dirs.ts`), removed afterwards, or at the next start after a crash.
 */
export async function makeVideoDerivatives(
  input: UploadSource,
  options: {
    tools: FfmpegTools;
    watermarkText: string;
    limits?: VideoLimits;
    workRoot?: string;
    /** The organiser's poster second (issue 18); else `posterTime`. */
    posterSeconds?: number | null;
  },
): Promise<VideoDerivatives> {
  const container = sniffVideoContainer(await sourceHead(input));
  if (container === null) throw new MediaRejected('unsupported_type', 'The file is not a video.');
  const { tools } = options;
  return withWorkDir(async (dir) => {
    const source = typeof input === 'string' ? input : join(dir, 'upload');
    if (typeof input !== 'string') await writeFile(source, input);
    const info = await probeVideoFile(tools, source, container, options.limits);
    const demuxer = ['-f', DEMUXER[container], '-protocol_whitelist', 'file'];
    const common = ['-v', 'error', '-nostdin', '-y'];

    const posterPath = join(dir, 'poster.png');
    const posterOutput = ['-vf', [...toneMap(info), 'format=rgb24'].join(','), '-c:v', 'png'].concat([
      '-compression_level',
      '1',
      '-f',
      'image2',
      '-update',
      '1',
      posterPath,
    ]);
    const grabPoster = (at: number) =>
      ffmpeg(
        tools,
        [
          ...common,
          '-ss',
          at.toFixed(3),
          ...demuxer,
          '-i',
          source,
          '-map',
          '0:V:0',
          '-frames:v',
          '1',
          ...posterOutput,
        ],
        60_000,
      );
    await grabPoster(posterAt(info.durationSeconds, options.posterSeconds));
    // A seek past the last decodable frame (variable frame rate, damaged tail) writes nothing.
    if (!(await exists(posterPath))) await grabPoster(0);
    if (!(await exists(posterPath)))
      throw new MediaRejected('corrupt', 'No frame of the video could be read.');

    const renditionPath = join(dir, 'video.mp4');
    const transcode = ffmpeg(
      tools,
      [...common, ...demuxer, '-i', source, '-map', '0:V:0', '-map', '0:a:0?']
        .concat(['-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'])
        .concat(['-vf', renditionFilter(RENDITION_MAX_SIZE, info), '-fpsmax', '60'])
        .concat(info.hdr ? ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'] : [])
        .concat(['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high'])
        .concat(['-c:a', 'aac', '-b:a', '128k', '-ac', '2'])
        .concat(['-movflags', '+faststart', '-fflags', '+bitexact', '-f', 'mp4', renditionPath]),
      transcodeTimeoutMs(info.durationSeconds),
    );
    // The poster's sharp work and ffmpeg's encoding use the two cores side by side; both settle
    // before the folder is removed, so ffmpeg never writes into a deleted one.
    const [posterResult, transcodeResult] = await Promise.allSettled([
      readFile(posterPath).then((png) => makeDerivatives(png, { watermarkText: options.watermarkText })),
      transcode,
    ]);
    if (transcodeResult.status === 'rejected') throw transcodeResult.reason;
    if (posterResult.status === 'rejected') throw posterResult.reason;
    const poster = posterResult.value;
    const rendition = await readFile(renditionPath);
    // What the viewer gets: its size and duration (a damaged tail may make it shorter than the upload).
    const made = await probeVideoFile(tools, renditionPath, 'mp4', { maxSeconds: Number.POSITIVE_INFINITY });
    return {
      poster,
      rendition: {
        buffer: rendition,
        width: made.width,
        height: made.height,
        contentType: 'video/mp4',
        bytes: rendition.length,
        durationSeconds: made.durationSeconds,
      },
      source: info,
    };
  }, options.workRoot);
}

/**
 * Long side at most RENDITION_MAX_SIZE, aspect kept, both sides even (yuv420p halves chroma
 * in both directions, so x264 refuses odd sizes); never enlarged.
 */
export function renditionFilter(
  maxSize = RENDITION_MAX_SIZE,
  source: Pick<VideoInfo, 'hdr'> = { hdr: false },
): string {
  // Quoted so the commas inside the expressions do not split the filter chain.
  const even = (side: string) => `trunc(min(${maxSize},${side})/2)*2`;
  const width = `'if(gte(iw,ih),${even('iw')},-2)'`;
  const height = `'if(gte(iw,ih),-2,${even('ih')})'`;
  // Scaled first: tone mapping works in 32-bit float per pixel, the fewer pixels the better.
  return [`scale=w=${width}:h=${height}`, ...toneMap(source), 'format=yuv420p'].join(',');
}

/**
 * HDR (PQ or HLG, BT.2020) to SDR BT.709 with the Hable curve: without it an iPhone video looks
 * grey and flat in every browser that plays the 8-bit rendition. Empty for SDR sources.
 */
function toneMap(source: Pick<VideoInfo, 'hdr'>): string[] {
  if (!source.hdr) return [];
  return [
    'zscale=t=linear:npl=100',
    'format=gbrpf32le',
    'zscale=p=bt709',
    'tonemap=tonemap=hable:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
  ];
}

async function ffmpeg(tools: FfmpegTools, args: string[], timeoutMs: number): Promise<void> {
  try {
    await runTool(tools.ffmpeg, args, { timeoutMs });
  } catch (error) {
    if (!(error instanceof ToolFailed)) throw error;
    if (error.timedOut) {
      throw new MediaRejected('processing_timeout', 'The video took too long to process.');
    }
    throw new MediaRejected('corrupt', 'The video could not be converted.');
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );
}
