import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from './local-storage';
import type { Storage } from './storage';
import { describeStorageContract } from './storage-contract';

describeStorageContract('localStorage', async () => {
  const root = await mkdtemp(join(tmpdir(), 'fotodrop-storage-'));
  return { storage: localStorage(root), cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('localStorage on disk', () => {
  let root: string;
  let storage: Storage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fotodrop-storage-'));
    storage = localStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes a key as a file under its root', async () => {
    await storage.put('media/42/thumb.webp', Buffer.from('hello'), 'image/webp');
    expect(await readFile(join(root, 'media/42/thumb.webp'), 'utf8')).toBe('hello');
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

  it('answers null for a folder named like a file', async () => {
    await storage.put('media/3/a.jpg', Buffer.from('a'), 'image/jpeg');
    expect(await storage.stream('media/3')).toBeNull();
    expect(await storage.size('media/3')).toBeNull();
    expect(await storage.exists('media/3')).toBe(false);
  });
});
