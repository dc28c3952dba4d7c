/**
 * What a derivatives job makes of a medium, before storing it: a photo's published set (the
 * deferred files are left to the later job, `deferred-derivatives.ts`), or a video's web rendition
 * (stored here) with its poster's whole set.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../adapters/storage/storage';
import {
  type Derivative,
  type Derivatives,
  derivativeFiles,
  makeReadySet,
  readySetFiles,
} from '../../media/derivatives';
import type { FfmpegTools } from '../../media/ffmpeg';
import { MediaRejected } from '../../media/inspect';
import type { UploadLimits } from '../../media/inspect-upload';
import { type MediaVariant, mediaKey, uploadKey } from '../../media/variants';
import { makeVideoDerivatives, makeVideoPoster } from '../../media/video-derivatives';
import { withWorkDir } from '../../media/work-dirs';

/** What a derivatives job stores: the files, and whether the deferred ones are left to the later job. */
export type MadeFiles = {
  files: { variant: MediaVariant; derivative: Derivative }[];
  width: number;
  height: number;
  durationSeconds: number | null;
  deferred: boolean;
};

/** Durations are stored in whole seconds; a clip shorter than half a second still counts as one. */
export function wholeSeconds(seconds: number): number {
  return Math.max(1, Math.round(seconds));
}

export function derivativeMaker(deps: {
  storage: Storage;
  ffmpeg: () => Promise<FfmpegTools | null>;
  workRoot: string;
  limits?: UploadLimits | undefined;
}) {
  /**
   * Stores the web rendition and returns the poster's photo derivatives, for the caller to store;
   * null when the upload is missing. The upload is copied to a local file for ffmpeg, in the job's
   * own folder: never whole in memory.
   */
  async function videoFiles(
    mediaId: number,
    watermarkText: string,
    posterSeconds: number | null,
    durationSeconds: number | null,
  ): Promise<{ photo: Derivatives; durationSeconds: number } | null> {
    const tools = await deps.ffmpeg();
    if (!tools) throw new MediaRejected('video_unsupported', 'This server cannot process videos yet.');
    const made = await withWorkDir(async (dir) => {
      const path = join(dir, 'upload');
      const stored = await deps.storage.stream(uploadKey(mediaId));
      if (!stored) {
        // Processed already (issue 18: a new poster second, or processing run again): the upload
        // is gone, the web rendition gives the poster; the rendition itself stays as it is.
        const rendition = await deps.storage.stream(mediaKey(mediaId, 'video'));
        if (!rendition) return null;
        await pipeline(rendition.stream, createWriteStream(path));
        const poster = await makeVideoPoster(path, {
          tools,
          watermarkText,
          posterSeconds,
          workRoot: deps.workRoot,
        });
        return { poster, rendition: null };
      }
      await pipeline(stored.stream, createWriteStream(path));
      return makeVideoDerivatives(path, {
        tools,
        watermarkText,
        workRoot: deps.workRoot,
        posterSeconds,
        ...(deps.limits?.video ? { limits: deps.limits.video } : {}),
      });
    }, deps.workRoot);
    if (!made) return null;
    if (made.rendition === null) return { photo: made.poster, durationSeconds: durationSeconds ?? 1 };
    await deps.storage.put(mediaKey(mediaId, 'video'), made.rendition.buffer, made.rendition.contentType);
    return { photo: made.poster, durationSeconds: wholeSeconds(made.rendition.durationSeconds) };
  }

  /**
   * A photo's derivatives, from the upload read whole (at most 40 MB), or once processed (issue 18:
   * processing run again) from its clean original; null when neither is there.
   */
  async function photoFiles(mediaId: number, watermarkText: string): Promise<MadeFiles | null> {
    const bytes =
      (await deps.storage.get(uploadKey(mediaId))) ?? (await deps.storage.get(mediaKey(mediaId, 'original')));
    if (!bytes) return null;
    const ready = await makeReadySet(bytes, { watermarkText });
    const { width, height } = ready;
    return { files: readySetFiles(ready), width, height, durationSeconds: null, deferred: true };
  }

  /** A video's files: its poster's whole set, beside a transcoding that costs far more. */
  async function videoMadeFiles(
    mediaId: number,
    watermarkText: string,
    media: { posterSeconds: number | null; durationSeconds: number | null },
  ): Promise<MadeFiles | null> {
    const made = await videoFiles(mediaId, watermarkText, media.posterSeconds, media.durationSeconds);
    if (!made) return null;
    const { original } = made.photo;
    return {
      files: derivativeFiles(made.photo),
      width: original.width,
      height: original.height,
      durationSeconds: made.durationSeconds,
      deferred: false,
    };
  }

  return { photo: photoFiles, video: videoMadeFiles };
}
