import { createSHA256, type IHasher } from 'hash-wasm';

/** Slice read at a time: a 200 MB video is hashed without holding it in memory. */
export const HASH_SLICE_BYTES = 8 * 1024 * 1024;

let instance: Promise<IHasher> | null = null;
let turn: Promise<unknown> = Promise.resolve();

/**
 * The file's SHA-256 in hex, read in slices into one incremental hasher. One WebAssembly instance
 * serves every file, one file at a time (thousands of instances would cost more than the hashing).
 */
export function sha256Of(file: Blob): Promise<string> {
  const result = turn.then(() => hashWith(file));
  turn = result.catch(() => undefined);
  return result;
}

async function hashWith(file: Blob): Promise<string> {
  instance ??= createSHA256();
  const hasher = await instance;
  hasher.init();
  for (let offset = 0; offset < file.size; offset += HASH_SLICE_BYTES) {
    const slice = file.slice(offset, offset + HASH_SLICE_BYTES);
    hasher.update(new Uint8Array(await slice.arrayBuffer()));
  }
  return hasher.digest('hex');
}
