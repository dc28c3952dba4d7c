/**
 * Receives an uploaded file into a local file, chunk by chunk, so no upload is ever held whole in
 * memory however large or however many arrive at once.
 *
 * The first bytes decide: they must be those of a photo or a video we accept (`inspect.ts`,
 * `video-inspect.ts`), or the upload is refused right there, before the rest is read. The size
 * limit of that kind is enforced as the bytes arrive. The checksum is computed on the way, so the
 * file is not read again for it. The full checks run afterwards on the file (`inspect-upload.ts`).
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_MAX_BYTES, MediaRejected, sniffImageFormat } from './inspect';
import type { UploadLimits } from './inspect-upload';
import { DEFAULT_MAX_VIDEO_BYTES, sniffVideoContainer } from './video-inspect';

/** Enough for every signature we read, including the brands of an ISO-BMFF `ftyp` box. */
export const HEAD_BYTES = 4096;

export interface SpooledUpload {
  path: string;
  kind: 'photo' | 'video';
  size: number;
  sha256: string;
}

const UNSUPPORTED = 'Only photos (JPEG, PNG, WebP, AVIF) and videos (MP4, MOV, WebM, AVI) are accepted.';

/** The kind the first bytes announce, and the size limit that kind has; throws for anything else. */
export function kindOf(
  head: Buffer,
  limits: UploadLimits = {},
): { kind: 'photo' | 'video'; maxBytes: number } {
  // Image signatures first: AVIF and HEIC photos are ISO-BMFF files with an `ftyp` box too.
  if (sniffImageFormat(head) !== null) {
    return { kind: 'photo', maxBytes: limits.photo?.maxBytes ?? DEFAULT_MAX_BYTES };
  }
  if (sniffVideoContainer(head) !== null) {
    return { kind: 'video', maxBytes: limits.video?.maxBytes ?? DEFAULT_MAX_VIDEO_BYTES };
  }
  throw new MediaRejected('unsupported_type', UNSUPPORTED);
}

function tooLarge(kind: 'photo' | 'video', maxBytes: number): MediaRejected {
  const mb = Math.floor(maxBytes / 2 ** 20);
  return new MediaRejected(
    'too_large_file',
    kind === 'video' ? `The video is larger than ${mb} MB.` : `The file is larger than ${mb} MB.`,
  );
}

/**
 * Writes `source` to `dir/upload`. Throws `MediaRejected` as soon as the bytes show the file is
 * not accepted (its type, its size); the partial file is the caller's to remove with `dir`.
 */
export async function spoolUpload(
  source: AsyncIterable<Uint8Array>,
  options: { dir: string; limits?: UploadLimits },
): Promise<SpooledUpload> {
  const path = join(options.dir, 'upload');
  const file = await open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  let accepted: { kind: 'photo' | 'video'; maxBytes: number } | null = null;
  let head: Buffer[] = [];
  let headSize = 0;
  const write = async (chunk: Buffer) => {
    size += chunk.length;
    if (size > accepted!.maxBytes) throw tooLarge(accepted!.kind, accepted!.maxBytes);
    hash.update(chunk);
    await file.write(chunk);
  };
  try {
    for await (const data of source) {
      const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data);
      if (accepted) {
        await write(chunk);
        continue;
      }
      head.push(chunk);
      headSize += chunk.length;
      if (headSize < HEAD_BYTES) continue;
      const first = Buffer.concat(head);
      accepted = kindOf(first, options.limits);
      head = [];
      await write(first);
    }
    if (!accepted) {
      const first = Buffer.concat(head);
      accepted = kindOf(first, options.limits);
      await write(first);
    }
  } finally {
    await file.close();
  }
  return { path, kind: accepted.kind, size, sha256: hash.digest('hex') };
}
