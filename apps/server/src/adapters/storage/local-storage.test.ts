import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage';
import { InvalidStorageKey, type Storage } from './storage';

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fotodrop-storage-'));
  storage = localStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('localStorage', () => {
  it('puts, gets, streams, checks and deletes a file', async () => {
    await storage.put('media/42/thumb.webp', Buffer.from('hello'), 'image/webp');
    expect(await readFile(join(root, 'media/42/thumb.webp'), 'utf8')).toBe('hello');
    expect((await storage.get('media/42/thumb.webp'))?.toString()).toBe('hello');
    expect(await storage.exists('media/42/thumb.webp')).toBe(true);
    const streamed = await storage.stream('media/42/thumb.webp');
    expect(streamed?.size).toBe(5);
    expect(await text(streamed!.stream)).toBe('hello');
    const part = await storage.stream('media/42/thumb.webp', { start: 1, end: 3 });
    expect(part?.size).toBe(5);
    expect(await text(part!.stream)).toBe('ell');
    expect(await storage.size('media/42/thumb.webp')).toBe(5);
    expect(await storage.size('media/42/none.webp')).toBeNull();
    await storage.delete('media/42/thumb.webp');
    expect(await storage.exists('media/42/thumb.webp')).toBe(false);
    await storage.delete('media/42/thumb.webp');
  });

  it('answers null or false for missing keys', async () => {
    expect(await storage.get('media/1/none.jpg')).toBeNull();
    expect(await storage.stream('media/1/none.jpg')).toBeNull();
    expect(await storage.exists('media/1/none.jpg')).toBe(false);
    await storage.put('media/1', Buffer.from('a file, not a folder'), 'text/plain');
    expect(await storage.get('media/1/under-a-file.jpg')).toBeNull();
  });

  it('replaces a file and leaves no temporary files behind', async () => {
    await storage.put('media/7/original.jpg', Buffer.from('old'), 'image/jpeg');
    await storage.put('media/7/original.jpg', Buffer.from('new'), 'image/jpeg');
    expect((await storage.get('media/7/original.jpg'))?.toString()).toBe('new');
    expect(await readdir(join(root, 'media/7'))).toEqual(['original.jpg']);
  });

  it('writes atomically: concurrent writers never produce a mixed file', async () => {
    const a = Buffer.alloc(2_000_000, 'a');
    const b = Buffer.alloc(2_000_000, 'b');
    const reads: (Buffer | null)[] = [];
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => storage.put('media/9/x.bin', i % 2 ? a : b, 'x')),
      ...Array.from({ length: 6 }, async () => reads.push(await storage.get('media/9/x.bin'))),
    ]);
    for (const read of [...reads, await storage.get('media/9/x.bin')]) {
      if (read) expect(read.equals(a) || read.equals(b)).toBe(true);
    }
    expect(await readdir(join(root, 'media/9'))).toEqual(['x.bin']);
  });

  it('deletes by prefix, as object stores do', async () => {
    for (const key of ['media/4/a.jpg', 'media/42/a.jpg', 'media/42/b/c.jpg', 'media/5/a.jpg', 'other.txt']) {
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

  it('rejects keys that could leave the root', async () => {
    const bad = ['../x', 'media/../../x', '/etc/passwd', 'C:/x', 'media\\x', 'a\0b', '', 'a//b', './a', 'a/'];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x'), 'x'), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
    }
    await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.deletePrefix('/')).rejects.toBeInstanceOf(InvalidStorageKey);
  });
});
