/**
 * What every `Storage` adapter must do, as tests: each adapter's test file calls
 * `describeStorageContract` with a way to open an empty storage, so the local folder and the bucket
 * are held to the same behaviour the services rely on.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidStorageKey, type Storage } from './storage';

export interface OpenedStorage {
  storage: Storage;
  cleanup?: () => Promise<void>;
}

export const UNSAFE_KEYS = [
  '../x',
  'media/../../x',
  '/etc/passwd',
  'C:/x',
  'media\\x',
  'a\0b',
  '',
  'a//b',
  './a',
  'a/',
];

export function describeStorageContract(name: string, open: () => Promise<OpenedStorage>): void {
  describe(`${name} (storage contract)`, () => {
    let opened: OpenedStorage;
    let storage: Storage;
    beforeEach(async () => {
      opened = await open();
      storage = opened.storage;
    });
    afterEach(async () => {
      await opened.cleanup?.();
    });

    it('puts, gets, streams, checks and deletes a file', async () => {
      await storage.put('media/42/thumb.webp', Buffer.from('hello'), 'image/webp');
      expect((await storage.get('media/42/thumb.webp'))?.toString()).toBe('hello');
      expect(await storage.exists('media/42/thumb.webp')).toBe(true);
      const streamed = await storage.stream('media/42/thumb.webp');
      expect(streamed?.size).toBe(5);
      expect(await text(streamed!.stream)).toBe('hello');
      const part = await storage.stream('media/42/thumb.webp', { start: 1, end: 3 });
      expect(part?.size).toBe(5);
      expect(await text(part!.stream)).toBe('ell');
      const last = await storage.stream('media/42/thumb.webp', { start: 4, end: 4 });
      expect(await text(last!.stream)).toBe('o');
      expect(await storage.size('media/42/thumb.webp')).toBe(5);
      expect(await storage.size('media/42/none.webp')).toBeNull();
      await storage.delete('media/42/thumb.webp');
      expect(await storage.exists('media/42/thumb.webp')).toBe(false);
      expect(await storage.get('media/42/thumb.webp')).toBeNull();
      await storage.delete('media/42/thumb.webp');
    });

    it('keeps binary files byte for byte, whole and in ranges', async () => {
      const bytes = randomBytes(3_000_000);
      await storage.put('media/8/original.jpg', bytes, 'image/jpeg');
      expect((await storage.get('media/8/original.jpg'))?.equals(bytes)).toBe(true);
      const whole = await storage.stream('media/8/original.jpg');
      expect((await buffer(whole!.stream)).equals(bytes)).toBe(true);
      const part = await storage.stream('media/8/original.jpg', { start: 1_000_000, end: 2_499_999 });
      expect(part?.size).toBe(3_000_000);
      expect((await buffer(part!.stream)).equals(bytes.subarray(1_000_000, 2_500_000))).toBe(true);
    });

    it('stores a local file by its path, byte for byte, and leaves the file in place', async () => {
      const bytes = randomBytes(3_000_000);
      const dir = await mkdtemp(join(tmpdir(), 'fotodrop-put-file-'));
      try {
        const source = join(dir, 'upload');
        await writeFile(source, bytes);
        await storage.put('uploads/9', Buffer.from('old'), 'application/octet-stream');
        await storage.putFile('uploads/9', source, 'application/octet-stream');
        expect((await storage.get('uploads/9'))?.equals(bytes)).toBe(true);
        expect(await storage.size('uploads/9')).toBe(3_000_000);
        expect((await readFile(source)).equals(bytes)).toBe(true);
        await expect(storage.putFile('../x', source, 'x')).rejects.toBeInstanceOf(InvalidStorageKey);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('stores a stream of unknown length byte for byte, and nothing when the stream fails', async () => {
      // Over one S3 part (8 MiB), in small chunks as a zip writer yields them.
      const bytes = randomBytes(12 * 1024 * 1024 + 123);
      async function* chunks(failAt?: number) {
        for (let at = 0; at < bytes.length; at += 65_536) {
          if (failAt !== undefined && at >= failAt) throw new Error('the source broke');
          yield bytes.subarray(at, at + 65_536);
        }
      }
      expect(await storage.putStream('zips/1.zip', chunks(), 'application/zip')).toBe(bytes.length);
      expect((await storage.get('zips/1.zip'))?.equals(bytes)).toBe(true);
      await expect(
        storage.putStream('zips/1.zip', chunks(10 * 1024 * 1024), 'application/zip'),
      ).rejects.toThrow('the source broke');
      expect(await storage.size('zips/1.zip')).toBe(bytes.length);
      await expect(storage.putStream('zips/2.zip', chunks(0), 'application/zip')).rejects.toThrow();
      expect(await storage.exists('zips/2.zip')).toBe(false);
      expect(await storage.putStream('zips/3.zip', (async function* () {})(), 'x')).toBe(0);
      expect(await storage.size('zips/3.zip')).toBe(0);
      await expect(storage.putStream('../x', chunks(), 'x')).rejects.toBeInstanceOf(InvalidStorageKey);
    });

    it('answers null or false for missing keys', async () => {
      expect(await storage.get('media/1/none.jpg')).toBeNull();
      expect(await storage.stream('media/1/none.jpg')).toBeNull();
      expect(await storage.stream('media/1/none.jpg', { start: 0, end: 1 })).toBeNull();
      expect(await storage.size('media/1/none.jpg')).toBeNull();
      expect(await storage.exists('media/1/none.jpg')).toBe(false);
      await storage.put('media/1', Buffer.from('a file, not a folder'), 'text/plain');
      expect(await storage.get('media/1/under-a-file.jpg')).toBeNull();
      expect(await storage.exists('media/1/under-a-file.jpg')).toBe(false);
    });

    it('replaces a file', async () => {
      await storage.put('media/7/original.jpg', Buffer.from('old'), 'image/jpeg');
      await storage.put('media/7/original.jpg', Buffer.from('new!'), 'image/jpeg');
      expect((await storage.get('media/7/original.jpg'))?.toString()).toBe('new!');
      expect(await storage.size('media/7/original.jpg')).toBe(4);
    });

    it('deletes by prefix, as object stores do', async () => {
      for (const key of [
        'media/4/a.jpg',
        'media/42/a.jpg',
        'media/42/b/c.jpg',
        'media/5/a.jpg',
        'other.txt',
      ]) {
        await storage.put(key, Buffer.from(key), 'x');
      }
      await storage.deletePrefix('media/42/');
      expect(await storage.exists('media/42/a.jpg')).toBe(false);
      expect(await storage.exists('media/42/b/c.jpg')).toBe(false);
      expect(await storage.exists('media/4/a.jpg')).toBe(true);
      await storage.deletePrefix('media/4');
      expect(await storage.exists('media/4/a.jpg')).toBe(false);
      expect(await storage.exists('media/5/a.jpg')).toBe(true);
      await storage.deletePrefix('nothing/here/');
      await storage.deletePrefix('nothing/here');
      expect(await storage.exists('other.txt')).toBe(true);
    });

    it('rejects keys that could leave the root, in every method', async () => {
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, Buffer.from('x'), 'x'), key).rejects.toBeInstanceOf(InvalidStorageKey);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
        await expect(storage.stream(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
        await expect(storage.size(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
        await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
      }
      for (const prefix of ['', '../', '/', 'a/../b', 'a\\b']) {
        await expect(storage.deletePrefix(prefix), prefix).rejects.toBeInstanceOf(InvalidStorageKey);
      }
    });
  });
}
