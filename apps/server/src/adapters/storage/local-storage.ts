/**
 * Storage in a folder on the local disk, for development, tests and single-machine installs.
 *
 * A write goes to a temporary file next to its target and is then renamed over it. A rename within
 * one folder is atomic, so a crash or a full disk leaves the old file or the new one, never half a
 * photo that would later be served as if it were whole.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, assertStoragePrefix, InvalidStorageKey, type Storage } from './storage';

/** Temporary files carry this suffix; they are never valid keys of finished files. */
const TEMP_SUFFIX = '.partial';

export function localStorage(rootDir: string): Storage {
  const root = resolve(rootDir);

  /** The absolute path for `key`; a second guard, after the key check, that it stays under root. */
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new InvalidStorageKey(key, 'leaves the storage root');
    return path;
  };
  const fileKey = (key: string) => {
    assertStorageKey(key);
    return pathOf(key);
  };

  /** Writes through a temporary file renamed over `key`'s file once `write` has flushed it. */
  const replace = async (key: string, write: (temp: string) => Promise<void>) => {
    const path = fileKey(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    try {
      await write(temp);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };

  return {
    async put(key, body) {
      // `flush` fsyncs the data before the rename makes it visible.
      await replace(key, (temp) => writeFile(temp, body, { flush: true }));
    },

    async putFile(key, source) {
      // A copy, not a rename: the source may be on another file system, and stays the caller's.
      await replace(key, (temp) =>
        pipeline(createReadStream(source), createWriteStream(temp, { flush: true })),
      );
    },

    async putStream(key, body) {
      let bytes = 0;
      await replace(key, (temp) =>
        pipeline(
          body,
          async function* count(chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              bytes += chunk.byteLength;
              yield chunk;
            }
          },
          createWriteStream(temp, { flush: true }),
        ),
      );
      return bytes;
    },

    async get(key) {
      try {
        return await readFile(fileKey(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stream(key, range) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileKey(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        // Size and bytes come from the same open file, even if the key is replaced meanwhile.
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        // The stream closes the file when it ends or is destroyed.
        const stream = range
          ? handle.createReadStream({ start: range.start, end: range.end })
          : handle.createReadStream();
        return { stream, size: info.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(fileKey(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      // `media/42/` is one folder; `media/4` is every entry of `media/` whose name starts with `4`.
      if (prefix.endsWith('/')) {
        await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
        return;
      }
      const slash = prefix.lastIndexOf('/');
      const folder = slash === -1 ? root : pathOf(prefix.slice(0, slash));
      const start = prefix.slice(slash + 1);
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const name of names.filter((n) => n.startsWith(start))) {
        await rm(join(folder, name), { recursive: true, force: true });
      }
    },

    async size(key) {
      try {
        const info = await stat(fileKey(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(fileKey(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
