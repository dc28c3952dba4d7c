import { organiserUploadEndpoints, UPLOAD_CHECK_MAX_FILES } from '@fotodrop/contract/api/organiser-uploads';
import { callEndpoint } from '../../../shared/api/client';
import type { Hasher } from './file-hash';
import type { HeldCheck } from './upload-queue';

/**
 * Each file's SHA-256, in order; `onHashed` counts those done. All are asked for at once: the
 * hasher hands them to its worker in batches and reads them one after another.
 */
export async function hashAll(
  files: readonly File[],
  hasher: Hasher,
  onHashed: (done: number) => void,
): Promise<string[]> {
  let done = 0;
  return Promise.all(
    files.map((file) =>
      hasher.hash(file).then((sha256) => {
        onHashed(++done);
        return sha256;
      }),
    ),
  );
}

/**
 * The batch resume: hashes the files, asks the event which it holds (by name, size and content,
 * up to 10,000 a request) and answers, per file, the media id it already has or null.
 */
export function heldCheck(hasher: Hasher): HeldCheck {
  return async (files, target, onHashed) => {
    const hashes = await hashAll(files, hasher, onHashed);
    const held = new Map<string, number>();
    for (let from = 0; from < files.length; from += UPLOAD_CHECK_MAX_FILES) {
      const answer = await callEndpoint(organiserUploadEndpoints.checkUploads, {
        params: { slug: target.slug },
        body: {
          files: files.slice(from, from + UPLOAD_CHECK_MAX_FILES).map((file, i) => ({
            // the server's limit on a name (it matches by content; the name is for its log)
            name: file.name.slice(0, 255),
            size: file.size,
            sha256: hashes[from + i]!,
          })),
        },
      });
      for (const h of answer.held) held.set(h.sha256, h.media_id);
    }
    // the server matches by content: a renamed copy of a held photo is held too
    return hashes.map((sha256) => held.get(sha256) ?? null);
  };
}
