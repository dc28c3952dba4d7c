/**
 * A zip written as a stream, entry after entry, for album downloads: each entry's bytes are read
 * from its own stream only when the writer reaches it (one file open at a time), and the zip comes
 * out as it is written, so neither the files nor the zip are ever held whole in memory.
 *
 * Entries are stored, not deflated: photos (JPEG) and videos (H.264) are compressed already and
 * would not shrink, while deflating would cost most of the time of a build.
 */
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';

type Crc32Module = { unsigned: (data: unknown, previous?: unknown) => number };

/**
 * yazl checksums each entry with buffer-crc32, a byte-at-a-time JavaScript loop: profiled, it held
 * the writer to 0.56× the `zip` command's speed. Node's zlib.crc32 gives the same value natively,
 * so yazl's own copy of the module (resolved from yazl) is given it for the calls yazl makes
 * (a Buffer and a running number); anything else keeps the original.
 */
function useNativeCrc32(): void {
  const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const module = fromYazl('buffer-crc32') as Crc32Module;
  const javascript = module.unsigned;
  module.unsigned = (data, previous) =>
    Buffer.isBuffer(data) && (previous === undefined || typeof previous === 'number')
      ? crc32(data, previous ?? 0)
      : javascript(data, previous);
}
useNativeCrc32();

export interface ZipEntrySource {
  /** The entry's path in the zip, unique within it (`download-names.ts`). */
  name: string;
  /** Shown as the file's date when unzipped. */
  mtime: Date;
  /** Opened only when the writer reaches the entry, so one file is open at a time. */
  open(): Promise<NodeJS.ReadableStream>;
}

/**
 * The zip of `entries`, in their order. `onEntryWritten(n)` is told once the n-th entry's bytes
 * are read. A failing entry (a missing file, a broken read) fails the returned stream.
 */
export function zipStream(
  entries: readonly ZipEntrySource[],
  options: { onEntryWritten?: (written: number) => void } = {},
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let written = 0;
  const fail = (error: unknown) => {
    if (!output.destroyed) output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: entry.mtime, mode: 0o100644 }, (callback) => {
      entry.open().then(
        (stream) => {
          stream.once('error', fail);
          stream.once('end', () => options.onEntryWritten?.(++written));
          callback(null, stream);
        },
        (error: unknown) => fail(error),
      );
    });
  }
  zip.end();
  return output;
}
