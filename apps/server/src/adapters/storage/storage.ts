/**
 * Where media bytes live. Services see only this interface, so the disk folder used in development
 * and tests (`local-storage.ts`) and an S3-compatible bucket (`s3-storage.ts`) are interchangeable;
 * `storage-contract.ts` holds both to the same behaviour.
 *
 * Keys are relative POSIX paths (`media/42/thumb.webp`). They are checked here, once, so no adapter
 * can be talked into writing outside its root: `..`, absolute paths, backslashes and NUL throw.
 */
export interface Storage {
  /** Stores `body` under `key`, replacing what was there; readers see the old or the new bytes. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the local file at `path` under `key`, as `put` does, without reading it into memory
   * (uploads of hundreds of megabytes). The file is left where it is.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /**
   * Stores what `body` yields under `key`, as `put` does, holding at most one part of it in memory
   * (a zip of an album being written, of unknown length). Answers the number of bytes stored. If
   * `body` fails, nothing is stored and what was under `key` stays.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  get(key: string): Promise<Buffer | null>;
  /**
   * For serving large files without holding them in memory. `size` is the whole file's size; with
   * `range` (inclusive byte offsets, already checked against `size` by the caller through `stat`)
   * only those bytes are streamed, for HTTP range requests (video seeking).
   */
  stream(key: string, range?: ByteRange): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  /** The file's size, or null when there is none; for answering range requests before streaming. */
  size(key: string): Promise<number | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every key that starts with `prefix` (as object stores do), e.g. `media/42/`. */
  deletePrefix(prefix: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export class InvalidStorageKey extends Error {
  constructor(
    readonly key: string,
    why: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${why}.`);
  }
}

/** Throws `InvalidStorageKey` unless `key` is a safe relative POSIX path naming a file. */
export function assertStorageKey(key: string): void {
  assertSafe(key);
  if (key.endsWith('/')) throw new InvalidStorageKey(key, 'names a folder, not a file');
}

/** Throws `InvalidStorageKey` unless `prefix` is a non-empty safe key prefix (it may end in `/`). */
export function assertStoragePrefix(prefix: string): void {
  assertSafe(prefix);
}

function assertSafe(key: string): void {
  if (key === '') throw new InvalidStorageKey(key, 'is empty');
  if (key.includes('\0')) throw new InvalidStorageKey(key, 'contains NUL');
  if (key.includes('\\')) throw new InvalidStorageKey(key, 'contains a backslash');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new InvalidStorageKey(key, 'is absolute');
  if (key.includes('..')) throw new InvalidStorageKey(key, 'contains ..');
  const segments = key.split('/');
  // A trailing slash leaves one empty last segment; anything else empty or `.` is a sloppy key.
  const inner = key.endsWith('/') ? segments.slice(0, -1) : segments;
  if (inner.some((s) => s === '' || s === '.')) throw new InvalidStorageKey(key, 'has an empty or . segment');
}
