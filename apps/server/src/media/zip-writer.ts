/**
 * A zip written as a stream, entry after entry, for album downloads: each entry's bytes are read
 * from its own stream only when the writer reaches it (one file open at a time), and the zip comes
 * out as it is written, so neither the files nor the zip are ever held whole in memory.
 *
 * Entries are stored, not deflated: photos (JPEG) and videos (H.264) are compressed already and
 * would not shrink, while deflating would cost most of the time of a build.
 */
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

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
