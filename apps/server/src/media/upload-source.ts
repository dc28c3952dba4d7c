/**
 * An upload as the media checks read it: bytes in memory (seeded photos, tests) or the path of a
 * local file (a received upload, a video fetched for its job), which is read only in the small
 * pieces a check needs.
 */
import { open, stat } from 'node:fs/promises';

export type UploadSource = Buffer | string;

/** Random access to a source's bytes; `read` answers fewer bytes at the end of the file. */
export interface ByteReader {
  size: number;
  read(at: number, length: number): Promise<Buffer>;
}

export async function sourceSize(source: UploadSource): Promise<number> {
  return typeof source === 'string' ? (await stat(source)).size : source.length;
}

/** Runs `use` with random access to the source, closing the file afterwards. */
export async function withReader<T>(
  source: UploadSource,
  use: (reader: ByteReader) => Promise<T>,
): Promise<T> {
  if (typeof source !== 'string') {
    return use({
      size: source.length,
      read: async (at, length) => source.subarray(at, at + length),
    });
  }
  const file = await open(source, 'r');
  try {
    const { size } = await file.stat();
    return await use({
      size,
      async read(at, length) {
        const end = Math.min(size, at + length);
        if (at >= end) return Buffer.alloc(0);
        const buffer = Buffer.alloc(end - at);
        const { bytesRead } = await file.read(buffer, 0, buffer.length, at);
        return buffer.subarray(0, bytesRead);
      },
    });
  } finally {
    await file.close();
  }
}

/** The first `length` bytes (fewer for a shorter source). */
export function sourceHead(source: UploadSource, length = 4096): Promise<Buffer> {
  return withReader(source, (reader) => reader.read(0, length));
}
