/**
 * Photo or video: the content decides, and each kind then passes its own gate with its own limits
 * (`inspect.ts`, `video-inspect.ts`). Used by every ingest, whichever way the file came in.
 */
import type { FfmpegTools } from './ffmpeg';
import { type ImageInfo, inspectImage, MediaRejected, sniffImageFormat } from './inspect';
import { sourceHead, type UploadSource } from './upload-source';
import { inspectVideo, sniffVideoContainer, type VideoInfo, type VideoLimits } from './video-inspect';

export type UploadInfo = { kind: 'photo'; info: ImageInfo } | { kind: 'video'; info: VideoInfo };

export interface UploadLimits {
  photo?: { maxBytes?: number; maxPixels?: number };
  video?: VideoLimits;
}

/** `input`: the bytes, or the path of a local file (a received upload), read from disk. */
export async function inspectUpload(
  input: UploadSource,
  options: { ffmpeg: () => Promise<FfmpegTools | null>; limits?: UploadLimits },
): Promise<UploadInfo> {
  const head = await sourceHead(input);
  // Image signatures first: AVIF and HEIC photos are ISO-BMFF files with an `ftyp` box too.
  if (sniffImageFormat(head) !== null) {
    return { kind: 'photo', info: await inspectImage(input, options.limits?.photo) };
  }
  if (sniffVideoContainer(head) !== null) {
    const tools = await options.ffmpeg();
    if (!tools) throw new MediaRejected('video_unsupported', 'This server cannot process videos yet.');
    return { kind: 'video', info: await inspectVideo(input, tools, options.limits?.video) };
  }
  throw new MediaRejected(
    'unsupported_type',
    'Only photos (JPEG, PNG, WebP, AVIF) and videos (MP4, MOV, WebM, AVI) are accepted.',
  );
}
