import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { bibOfTag, DOWNLOAD_LINK_TTL_HOURS } from '@fotodrop/contract';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { DomainError } from '../../http/errors';
import { DEFERRED, makeDeferred } from '../../media/deferred-derivatives';
import { type FfmpegTools, findFfmpeg } from '../../media/ffmpeg';
import { MediaRejected } from '../../media/inspect';
import { inspectUpload, type UploadInfo, type UploadLimits } from '../../media/inspect-upload';
import { signMediaPath } from '../../media/signed-url';
import { memoisedSigner } from '../../media/signed-url-memo';
import { HEAD_BYTES, kindOf, type SpooledUpload, spoolUpload } from '../../media/upload-spool';
import { type MediaVariant, mediaKey, uploadKey } from '../../media/variants';
import { DEFAULT_MAX_VIDEO_BYTES } from '../../media/video-inspect';
import { DEFAULT_WORK_ROOT, makeWorkDir } from '../../media/work-dirs';
import { mediaRepository } from '../../repositories/media.repository';
import { organiserBibsRepository } from '../../repositories/organiser-bibs.repository';
import { shareHasher } from '../sharing/share-hash';
import { derivativeMaker, wholeSeconds } from './derivative-maker';
import { type DownloadOwner, ownerSegment } from './download-owner';

export const DERIVATIVES_QUEUE = 'media-derivatives';

export { uploadKey };

/** A derivatives job's data: `later` makes the deferred files (`deferred-derivatives.ts`). */
export type DerivativesJob = { mediaId: number; redo?: boolean; later?: boolean };

/** A photobook preview cover's file name (services/cart-print/photobook-covers.ts). */
export const PHOTOBOOK_COVER_NAME = /^\d{1,12}-(front|back)-[0-9a-f]{32}\.jpg$/;

/**
 * What a media URL names; `thumb` and `thumb-clean` are served as AVIF, WebP or JPEG by what the
 * browser accepts. `thumb` and `preview` carry the watermark; the clean ones are signed only for
 * whoever may see them (media-dto.ts).
 */
export const SERVED_FILES = [
  'thumb',
  'thumb-clean',
  'preview',
  'preview-clean',
  'original',
  'video',
] as const;
export type ServedFile = (typeof SERVED_FILES)[number];

/**
 * A bought medium's download (`downloadUrl`): the stored original, or a video's rendition, sent as
 * an attachment under the file name that its signed link carries
 * (`/media/<id>/original-download/<owner>/<name>`, `download-owner.ts`).
 */
export const ORIGINAL_DOWNLOAD = 'original-download';

/** The stored variant a download name's extension asks for; null for any other name. */
export function downloadVariantOf(name: string): MediaVariant | null {
  if (name.endsWith('.mp4')) return 'video';
  return name.endsWith('.jpg') ? 'original' : null;
}

/**
 * Download links live DOWNLOAD_LINK_TTL_HOURS from the hour they are made (72 to 73 hours), so
 * one stays the same for an hour of page loads.
 */
export function downloadLinkExpiry(now: Date): Date {
  const hour = 3_600_000;
  return new Date(Math.floor(now.getTime() / hour) * hour + (DOWNLOAD_LINK_TTL_HOURS + 1) * hour);
}

/** Links stay the same for a whole UTC day (so browsers and CDNs cache them) and live one day more. */
export function linkExpiry(now: Date): Date {
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(startOfDay + 2 * 86_400_000);
}

/** The stored variant to send for a served file, given the request's Accept header. */
export function variantFor(file: ServedFile, accept: string | undefined): MediaVariant {
  if (file !== 'thumb' && file !== 'thumb-clean') return file;
  const format = accept?.includes('image/avif') ? 'avif' : accept?.includes('image/webp') ? 'webp' : 'jpeg';
  return file === 'thumb' ? `thumb-${format}` : `thumb-clean-${format}`;
}

/** `hidden/<face ids>/` of a blurred variant's path (anonymous mode), or nothing. */
export const HIDDEN_SEGMENT = 'hidden';
function hiddenSegment(hidden: readonly number[] | undefined): string {
  return hidden && hidden.length > 0 ? `${HIDDEN_SEGMENT}/${hidden.join('.')}/` : '';
}

/** The face ids of a `hidden/<ids>/` path segment; null when it is not one. */
export function hiddenFacesOf(segment: string): number[] | null {
  if (!/^\d{1,12}(\.\d{1,12}){0,63}$/.test(segment)) return null;
  return segment.split('.').map(Number);
}

/** An upload received to a local file (`receive`); `discard` removes it, whatever became of it. */
export interface ReceivedUpload extends SpooledUpload {
  discard(): Promise<void>;
}

/** Where a file goes and what is said about it, whichever way its bytes came in. */
export interface IngestTarget {
  photoServiceId: number;
  galleryId: number | null;
  tags: string[];
  filename: string | null;
  takenAt?: Date | null;
  /** The member uploading it (the console's "uploaded by"); none for seeds and imports. */
  uploadedBy?: number | null;
}

export type IngestInput = IngestTarget & ({ bytes: Buffer } | { upload: ReceivedUpload });

/** What an accepted file became: a new medium, or the one with the same content already in the event. */
export type IngestResult = { id: number; duplicate: boolean; status: 'processing' | 'ready' | 'failed' };

/** A refusal of the media checks as the API answers it. */
export function refusal(error: MediaRejected): DomainError {
  const status = error.reason === 'too_large_file' ? 413 : 400;
  return new DomainError(status, 'media_rejected', error.message, { reason: error.reason });
}

export function mediaFilesService(deps: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  secret: string;
  now: () => Date;
  /** Where ffmpeg is, if anywhere; found once per process by default. */
  ffmpeg?: () => Promise<FfmpegTools | null>;
  limits?: UploadLimits;
  /** Where uploads are received and videos processed (`work-dirs.ts`); the system's temp folder by default. */
  workRoot?: string;
  /** Told when a medium's derivatives are stored and it is ready (face indexing queues it). */
  onReady?: (mediaId: number) => Promise<void>;
}) {
  const repo = () => mediaRepository(deps.db);
  const workRoot = deps.workRoot ?? DEFAULT_WORK_ROOT;
  const ffmpeg = deps.ffmpeg ?? (() => findFfmpeg());
  const shares = shareHasher(deps.secret);
  const sign = memoisedSigner((path, expiresAt) => signMediaPath(path, { secret: deps.secret, expiresAt }));
  // Links expire with the UTC day (`linkExpiry`): worked out when the day changes, not for each of
  // the two links of every medium on a page. A pure function of the clock, so no process keeps
  // anything another could disagree with.
  let expiryDay = Number.NaN;
  let expiry = new Date(0);
  const currentExpiry = (): Date => {
    const time = deps.now().getTime();
    const day = Math.floor(time / 86_400_000);
    if (day !== expiryDay) {
      expiry = linkExpiry(new Date(time));
      expiryDay = day;
    }
    return expiry;
  };

  const maker = derivativeMaker({ storage: deps.storage, ffmpeg, workRoot, limits: deps.limits });

  const service = {
    /**
     * Receives an upload's bytes into a local file under the work root, refusing it as soon as its
     * first bytes or its size rule it out (`upload-spool.ts`); nothing of a refused upload is kept.
     * The caller hands the result to `ingest` and discards it afterwards in every case.
     */
    async receive(source: AsyncIterable<Uint8Array>): Promise<ReceivedUpload> {
      const dir = await makeWorkDir(workRoot);
      const discard = () => rm(dir, { recursive: true, force: true });
      try {
        const spooled = await spoolUpload(source, { dir, ...(deps.limits ? { limits: deps.limits } : {}) });
        return { ...spooled, discard };
      } catch (error) {
        await discard();
        throw error instanceof MediaRejected ? refusal(error) : error;
      }
    },

    /**
     * Checks the file by its content, records it and queues its derivatives. The upload is stored
     * before the job is queued, so a crash at any point leaves either nothing or a job that can run.
     */
    async ingest(input: IngestInput): Promise<IngestResult> {
      const source = 'upload' in input ? input.upload.path : input.bytes;
      let upload: UploadInfo;
      try {
        upload = await inspectUpload(source, {
          ffmpeg,
          ...(deps.limits ? { limits: deps.limits } : {}),
        });
      } catch (error) {
        throw error instanceof MediaRejected ? refusal(error) : error;
      }
      const { info } = upload;
      const sha256 =
        'upload' in input ? input.upload.sha256 : createHash('sha256').update(input.bytes).digest('hex');
      const row = await repo().insert({
        photoServiceId: input.photoServiceId,
        galleryId: input.galleryId,
        type: upload.kind,
        status: 'processing',
        tags: input.tags,
        sha256,
        originalFilename: input.filename,
        width: info.width,
        height: info.height,
        durationSeconds: upload.kind === 'video' ? wholeSeconds(upload.info.durationSeconds) : null,
        takenAt: input.takenAt ?? null,
        uploadedBy: input.uploadedBy ?? null,
      });
      if (!row) {
        const existing = await repo().findBySha(input.photoServiceId, sha256);
        if (!existing) throw new Error('duplicate medium vanished');
        return { id: existing.id, duplicate: true, status: existing.status };
      }
      // issue 20: bib tags given at upload are the photo's bibs, set by hand
      if (input.tags.some((t) => bibOfTag(t) !== null))
        await organiserBibsRepository(deps.db).adoptTags(row.id);
      try {
        if ('upload' in input) {
          await deps.storage.putFile(uploadKey(row.id), input.upload.path, 'application/octet-stream');
        } else {
          await deps.storage.put(uploadKey(row.id), input.bytes, 'application/octet-stream');
        }
        await service.queueDerivatives(row.id);
      } catch (error) {
        // Not stored or not queued (a busy S3 cut the stream): a row left 'processing' would never
        // be processed, and the same file sent again would be answered as its duplicate.
        await repo().remove(row.id);
        await deps.storage.delete(uploadKey(row.id)).catch(() => {});
        throw error;
      }
      return { id: row.id, duplicate: false, status: 'processing' };
    },

    /** Queues the derivatives job; `redo` makes a ready medium's files again (issue 18). */
    async queueDerivatives(mediaId: number, redo = false): Promise<void> {
      await deps.jobs.send<DerivativesJob>(
        DERIVATIVES_QUEUE,
        redo ? { mediaId, redo } : { mediaId },
        // A 10-minute video may transcode for up to 42 minutes (its timeout); it must not be rerun meanwhile.
        { singletonKey: `media-${mediaId}`, expireInSeconds: 45 * 60 },
      );
    },

    /**
     * Queues the deferred files of a published photo behind every photo still to publish (same
     * queue, lower priority): on a race day the photos come out first, their AVIFs and originals after.
     */
    async queueLater(mediaId: number, redo = false): Promise<void> {
      await deps.jobs.send<DerivativesJob>(
        DERIVATIVES_QUEUE,
        redo ? { mediaId, later: true, redo } : { mediaId, later: true },
        { singletonKey: `media-later-${mediaId}`, priority: -1 },
      );
    },

    /**
     * The later job: the deferred files not made yet (`redo`: the AVIFs again, for a new
     * watermark), then the upload goes. A file someone asked for meanwhile was made then.
     */
    async processLater(mediaId: number, redo = false): Promise<void> {
      // Not "ready" yet is fine (another worker may take this job before the first one records
      // it): the previews and the upload it needs are stored before it is queued.
      const found = await repo().findWithService(mediaId);
      if (found?.media.type !== 'photo') return;
      let original = false;
      for (const variant of DEFERRED) {
        const made = await makeDeferred(deps.storage, mediaId, variant, {
          replace: redo && variant !== 'original',
        });
        if (variant === 'original') original = made;
      }
      if (original) await deps.storage.delete(uploadKey(mediaId));
    },

    /**
     * `receive` then `ingest`, the received copy discarded on every path: for a file that arrived
     * whole somewhere else first (a finished resumable upload), so it passes the very same checks
     * (first bytes, size, content, pixels, duplicate by content) as a multipart upload.
     */
    async ingestStream(source: AsyncIterable<Uint8Array>, target: IngestTarget): Promise<IngestResult> {
      const upload = await service.receive(source);
      try {
        return await service.ingest({ ...target, upload });
      } finally {
        await upload.discard();
      }
    },

    /**
     * A file's first bytes (HEAD_BYTES, or all of a smaller file) and its announced size, checked
     * before the rest arrives (a resumable upload after its first chunk): throws the refusal
     * `receive` would throw for the same file — no photo or video, or over its kind's size limit.
     */
    checkStart(head: Buffer, size: number): void {
      try {
        const { kind, maxBytes } = kindOf(head.subarray(0, HEAD_BYTES), deps.limits);
        if (size > maxBytes) {
          const mb = Math.floor(maxBytes / 2 ** 20);
          const what = kind === 'video' ? 'The video' : 'The file';
          throw new MediaRejected('too_large_file', `${what} is larger than ${mb} MB.`);
        }
      } catch (error) {
        throw error instanceof MediaRejected ? refusal(error) : error;
      }
    },

    /** The largest file any kind accepts (the video limit): a longer upload is refused before it starts. */
    maxUploadBytes(): number {
      return Math.max(
        deps.limits?.video?.maxBytes ?? DEFAULT_MAX_VIDEO_BYTES,
        deps.limits?.photo?.maxBytes ?? 0,
      );
    },

    /**
     * The derivatives job: idempotent, so a retry after a crash finishes the work. `redo` (issue 18:
     * the console's re-run or a new poster second) makes a ready medium's files again.
     */
    async processDerivatives(mediaId: number, redo = false): Promise<void> {
      const found = await repo().findWithService(mediaId);
      if (!found || (found.media.status === 'ready' && !redo)) return;
      try {
        const watermarkText = `${found.service.name} · Fotodrop`;
        const made =
          found.media.type === 'video'
            ? await maker.video(mediaId, watermarkText, found.media)
            : await maker.photo(mediaId, watermarkText);
        if (!made) {
          await repo().update(mediaId, { status: 'failed', error: 'upload missing' });
          return;
        }
        for (const { variant, derivative } of made.files) {
          await deps.storage.put(mediaKey(mediaId, variant), derivative.buffer, derivative.contentType);
        }
        if (made.deferred) {
          // AVIFs of an earlier watermark must not outlive it: the WebP stands in until the later job.
          if (redo)
            await Promise.all(
              (['thumb-avif', 'thumb-clean-avif'] as const).map((v) =>
                deps.storage.delete(mediaKey(mediaId, v)),
              ),
            );
          // Queued before the photo is ready: a crash in between must not leave it without its original.
          await service.queueLater(mediaId, redo);
        }
        await repo().update(mediaId, {
          status: 'ready',
          width: made.width,
          height: made.height,
          durationSeconds: made.durationSeconds,
          error: null,
        });
        if (!made.deferred) await deps.storage.delete(uploadKey(mediaId));
        await deps.onReady?.(mediaId);
      } catch (error) {
        if (!(error instanceof MediaRejected)) throw error;
        await repo().update(mediaId, { status: 'failed', error: error.reason });
      }
    },

    /**
     * A signed link to one served file of a medium; with `hidden` faces, to its blurred variant
     * (anonymous mode): the face ids are part of the signed path, so no viewer can drop them.
     */
    url(mediaId: number, file: ServedFile, hidden?: readonly number[]): string {
      return sign(`/api/media/${mediaId}/${hiddenSegment(hidden)}${file}`, currentExpiry());
    },

    /** A signed link to a rendered photobook preview cover (`photobook-covers/<name>` in storage). */
    coverUrl(name: string): string {
      if (!PHOTOBOOK_COVER_NAME.test(name)) throw new RangeError(`Not a cover name: ${name}`);
      return sign(`/api/photobook-covers/${name}`, currentExpiry());
    },

    /** The security_hash of the link by which `userId` shares `mediaId` (services/sharing). */
    shareHash(userId: number, mediaId: number): string {
      return shares.hash(userId, mediaId);
    },

    /**
     * A signed, expiring link that downloads a bought medium's original as `filename`
     * (`media/download-names.ts`; `.jpg` for a photo, `.mp4` for a video), for its `owner` only:
     * sign it for whoever bought the medium while its HD is available; the download route asks
     * whether the owner still holds it (a refund ends the link too).
     */
    downloadUrl(mediaId: number, filename: string, owner: DownloadOwner, hidden?: readonly number[]): string {
      if (!downloadVariantOf(filename)) throw new RangeError(`Not a download name: ${filename}`);
      const path = `/api/media/${mediaId}/${hiddenSegment(hidden)}${ORIGINAL_DOWNLOAD}/${ownerSegment(owner)}/${encodeURIComponent(filename)}`;
      return signMediaPath(path, { secret: deps.secret, expiresAt: downloadLinkExpiry(deps.now()) });
    },
  };
  return service;
}
export type MediaFilesService = ReturnType<typeof mediaFilesService>;
