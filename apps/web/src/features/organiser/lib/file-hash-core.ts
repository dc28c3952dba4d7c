import { createSHA256 } from 'hash-wasm';

/** Slice read at a time: a 200 MB video is hashed without holding it in memory. */
export const HASH_SLICE_BYTES = 8 * 1024 * 1024;

/** The file's SHA-256 in hex, read in slices into one incremental hasher. */
export async function sha256Of(file: Blob): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < file.size; offset += HASH_SLICE_BYTES) {
    const slice = file.slice(offset, offset + HASH_SLICE_BYTES);
    hasher.update(new Uint8Array(await slice.arrayBuffer()));
  }
  return hasher.digest('hex');
}
