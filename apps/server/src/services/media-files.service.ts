import { createHash } from 'node:crypto';
import type { JobQueue } from '../adapters/jobs/job-queue';
import type { Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { DomainError } from '../http/errors';
import { derivativeFiles, makeDerivatives } from '../media/derivatives';
import { inspectImage, MediaRejected } from '../media/inspect';
import { signMediaPath } from '../media/signed-url';
import { type MediaVariant, mediaKey } from '../media/variants';
import { mediaRepository } from '../repositories/media.repository';

export const DERIVATIVES_QUEUE = 'media-derivatives';

/** What a media URL names; `thumb` is served as AVIF, WebP or JPEG by what the browser accepts. */
export const SERVED_FILES = ['thumb', 'preview', 'preview-clean', 'original', 'video'] as const;
export type ServedFile = (typeof SERVED_FILES)[number];

const uploadKey = (mediaId: number) => `uploads/${mediaId}`;

/** Links stay the same for a whole UTC day (so browsers and CDNs cache them) and live one day more. */
export function linkExpiry(now: Date): Date {
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(startOfDay + 2 * 86_400_000);
}

/** The stored variant to send for a served file, given the request's Accept header. */
export function variantFor(file: ServedFile, accept: string | undefined): MediaVariant {
  if (file !== 'thumb') return file;
  if (accept?.includes('image/avif')) return 'thumb-avif';
  if (accept?.includes('image/webp')) return 'thumb-webp';
  return 'thumb-jpeg';
}

export interface IngestInput {
  photoServiceId: number;
  galleryId: number | null;
  tags: string[];
  filename: string | null;
  bytes: Buffer;
  takenAt?: Date | null;
}

export function mediaFilesService(deps: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  secret: string;
  now: () => Date;
}) {
  const repo = () => mediaRepository(deps.db);

  return {
    /**
     * Checks the file by its content, records it and queues its derivatives. The upload is stored
     * before the job is queued, so a crash at any point leaves either nothing or a job that can run.
     */
    async ingest(
      input: IngestInput,
    ): Promise<{ id: number; duplicate: boolean; status: 'processing' | 'ready' | 'failed' }> {
      let info: Awaited<ReturnType<typeof inspectImage>>;
      try {
        info = await inspectImage(input.bytes);
      } catch (error) {
        if (error instanceof MediaRejected) {
          throw new DomainError(400, 'media_rejected', error.message, { reason: error.reason });
        }
        throw error;
      }
      const sha256 = createHash('sha256').update(input.bytes).digest('hex');
      const row = await repo().insert({
        photoServiceId: input.photoServiceId,
        galleryId: input.galleryId,
        type: 'photo',
        status: 'processing',
        tags: input.tags,
        sha256,
        originalFilename: input.filename,
        width: info.width,
        height: info.height,
        takenAt: input.takenAt ?? null,
      });
      if (!row) {
        const existing = await repo().findBySha(input.photoServiceId, sha256);
        if (!existing) throw new Error('duplicate medium vanished');
        return { id: existing.id, duplicate: true, status: existing.status };
      }
      await deps.storage.put(uploadKey(row.id), input.bytes, 'application/octet-stream');
      await deps.jobs.send(DERIVATIVES_QUEUE, { mediaId: row.id }, { singletonKey: `media-${row.id}` });
      return { id: row.id, duplicate: false, status: 'processing' };
    },

    /** The derivatives job: idempotent, so a retry after a crash finishes the work. */
    async processDerivatives(mediaId: number): Promise<void> {
      const found = await repo().findWithService(mediaId);
      if (!found || found.media.status === 'ready') return;
      const bytes = await deps.storage.get(uploadKey(mediaId));
      if (!bytes) {
        await repo().update(mediaId, { status: 'failed', error: 'upload missing' });
        return;
      }
      try {
        const derivatives = await makeDerivatives(bytes, {
          watermarkText: `${found.service.name} · Fotodrop`,
        });
        for (const { variant, derivative } of derivativeFiles(derivatives)) {
          await deps.storage.put(mediaKey(mediaId, variant), derivative.buffer, derivative.contentType);
        }
        await repo().update(mediaId, {
          status: 'ready',
          width: derivatives.original.width,
          height: derivatives.original.height,
          error: null,
        });
        await deps.storage.delete(uploadKey(mediaId));
      } catch (error) {
        if (!(error instanceof MediaRejected)) throw error;
        await repo().update(mediaId, { status: 'failed', error: error.reason });
      }
    },

    /** A signed link to one served file of a medium. */
    url(mediaId: number, file: ServedFile): string {
      return signMediaPath(`/api/media/${mediaId}/${file}`, {
        secret: deps.secret,
        expiresAt: linkExpiry(deps.now()),
      });
    },
  };
}
export type MediaFilesService = ReturnType<typeof mediaFilesService>;
