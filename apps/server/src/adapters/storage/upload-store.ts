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
import type { DataStore } from '@tus/utils';
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
  return new S3Store({
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
      ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
      ...(storage.credentials ? { credentials: storage.credentials } : {}),
    },
  });
}
