import { createSHA256, type IHasher } from 'hash-wasm';

/** Slice read at a time: a 200 MB video is hashed without holding it in memory. */
export const HASH_SLICE_BYTES = 8 * 1024 * 1024;
/** Files read ahead while one is hashed: reading waits on the disk, hashing on the processor. */
const READ_AHEAD = 4;

export type HashOutcome = { sha256: string } | { error: string };

let instance: Promise<IHasher> | null = null;
let turn: Promise<unknown> = Promise.resolve();

/**
 * Each file's SHA-256 in hex (or why it could not be read), in order. One WebAssembly instance
 * serves every file, one file at a time (thousands of instances would cost more than the hashing);
 * calls wait for the one before.
 */
export function sha256Each(files: readonly Blob[]): Promise<HashOutcome[]> {
  const result = turn.then(() => hashInOrder(files));
  turn = result.catch(() => undefined);
  return result;
}

/** One file's SHA-256 in hex. */
export async function sha256Of(file: Blob): Promise<string> {
  const [outcome] = await sha256Each([file]);
  if (!outcome || 'error' in outcome) throw new Error(outcome?.error ?? 'hash failed');
  return outcome.sha256;
}

/**
 * A photo is read whole in one request (a slice of a chosen file costs the browser a round trip of
 * its own before any byte is read); a larger file slice by slice, when its turn comes.
 */
function readWhole(file: Blob): Promise<ArrayBuffer> | null {
  if (file.size > HASH_SLICE_BYTES) return null;
  const read = file.arrayBuffer();
  // a read ahead that fails is reported when its file's turn comes, not as an unhandled rejection
  read.catch(() => undefined);
  return read;
}

async function hashInOrder(files: readonly Blob[]): Promise<HashOutcome[]> {
  instance ??= createSHA256();
  const hasher = await instance;
  const reads = new Map<number, Promise<ArrayBuffer> | null>();
  const outcomes: HashOutcome[] = [];
  for (let index = 0; index < files.length; index++) {
    for (let ahead = index; ahead < Math.min(files.length, index + READ_AHEAD); ahead++)
      if (!reads.has(ahead)) reads.set(ahead, readWhole(files[ahead]!));
    const file = files[index]!;
    const whole = reads.get(index);
    reads.delete(index);
    try {
      hasher.init();
      if (whole) hasher.update(new Uint8Array(await whole));
      else
        for (let offset = 0; offset < file.size; offset += HASH_SLICE_BYTES) {
          const slice = file.slice(offset, offset + HASH_SLICE_BYTES);
          hasher.update(new Uint8Array(await slice.arrayBuffer()));
        }
      outcomes.push({ sha256: hasher.digest('hex') });
    } catch (error) {
      outcomes.push({ error: String(error) });
    }
  }
  return outcomes;
}
