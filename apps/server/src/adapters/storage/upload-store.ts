/**
 * Where resumable (tus) uploads are kept until finished: a folder under DATA_DIR (`<data>/tus`),
 * or the S3 bucket when media live there (STORAGE=s3), so a process that restarts, or another one
 * on the same bucket, finds the bytes already received. The offset of an upload is the size of
 * what is stored, so it survives restarts.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS } from '@tus/utils';
import type { StorageConfig } from '../../config';

/** A tus data store that can also stream a finished upload back (FileStore, S3Store). */
export type UploadStore = DataStore & { read(id: string): Readable | Promise<Readable> };

// decision: unfinished resumable uploads are kept 7 days from their creation, then swept (at start
// and daily); a photographer resumes a cut upload the same week or starts it again.
export const UPLOAD_EXPIRY_MS = 7 * 86_400_000;

// decision: on S3 the tus objects (`<id>`, `<id>.info`, `<id>.part`) sit at the bucket's root under
// random 32-hex names (@tus/s3-store has no key prefix); the media keys never take that shape.
export function openUploadStore(storage: StorageConfig, dataDir: string): UploadStore {
  if (storage.kind === 'local') {
    return new FileStore({
      directory: join(dataDir, 'tus'),
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
  }
  return new WholeRemovalS3Store({
    // tus-js-client sends 50 MB chunks (the ingest command); parts of 8 MB keep memory low.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // Object tags (for bucket lifecycle rules) are missing from several S3-compatible providers;
    // the daily sweep (`cleanUpExpiredUploads`) removes expired uploads without them.
    useTags: false,
    s3ClientConfig: {
      bucket: storage.bucket,
      region: storage.region,
      forcePathStyle: storage.forcePathStyle ?? false,
      // As for media (s3-storage.ts): without these the SDK sends streamed parts aws-chunked with
      // a CRC32 trailer, which several S3-compatible servers store as it came (framing and all):
      // the offset grew by the framing's bytes and the finished file was corrupt (found on s3rver).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
      ...(storage.credentials ? { credentials: storage.credentials } : {}),
    },
  });
}

const isMissing = (error: unknown) =>
  ['NoSuchKey', 'NoSuchUpload', 'NotFound'].includes((error as { name?: string } | null)?.name ?? '');

/**
 * S3Store whose `remove` removes all of an upload. @tus/s3-store 2.0.7 aborts the multipart upload
 * first and stops when there is none: always so once the upload is finished (S3 answers
 * NoSuchUpload after CompleteMultipartUpload), which left every finished file in the bucket a
 * second time as `<id>` with its `<id>.info`; and it never deletes the incomplete part
 * (`<id>.part`, the tail under 5 MiB of a PATCH), which a terminated upload left behind.
 */
class WholeRemovalS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (error) {
      throw isMissing(error) ? ERRORS.FILE_NOT_FOUND : error;
    }
    if (uploadId) {
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((error: unknown) => {
          // finished (or aborted) already: its parts are gone, only the objects below remain
          if (!isMissing(error)) throw error;
        });
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
    });
    await this.clearCache(id);
  }
}
