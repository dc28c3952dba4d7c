import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zip-writer';

const run = promisify(execFile);

const entry = (name: string, bytes: Buffer) => ({
  name,
  mtime: new Date('2026-06-01T10:00:00Z'),
  open: async () => Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]),
});

describe('zipStream', () => {
  it('writes entries that Info-ZIP reads back byte for byte, with their checksums, in order', async () => {
    const files = [Buffer.from('first file, some bytes'), Buffer.alloc(200_000, 7), Buffer.from('ünïcödé')];
    const names = ['a.jpg', 'b.jpg', 'Zürich Relay_3.jpg'];
    const progress: number[] = [];
    const zip = await buffer(
      zipStream(
        files.map((bytes, i) => entry(names[i]!, bytes)),
        { onEntryWritten: (n) => progress.push(n) },
      ),
    );
    expect(progress).toEqual([1, 2, 3]);
    const dir = await mkdtemp(join(tmpdir(), 'fotodrop-zip-writer-'));
    try {
      const file = join(dir, 'test.zip');
      await writeFile(file, zip);
      await run('unzip', ['-tq', file]);
      expect((await run('zipinfo', ['-1', file])).stdout.trim().split('\n')).toEqual(names);
      for (const [i, name] of names.entries()) {
        const { stdout } = await run('unzip', ['-p', file, name], { encoding: 'buffer' });
        expect(stdout.equals(files[i]!)).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the zip when an entry cannot be opened or breaks while read', async () => {
    const missing = zipStream([
      entry('a.jpg', Buffer.from('fine')),
      {
        name: 'b.jpg',
        mtime: new Date(),
        open: () => Promise.reject(new Error('the file of medium 2 is missing')),
      },
    ]);
    await expect(buffer(missing)).rejects.toThrow('the file of medium 2 is missing');
    const broken = zipStream([
      {
        name: 'c.jpg',
        mtime: new Date(),
        open: async () =>
          Readable.from(
            (async function* () {
              yield Buffer.from('half a photo');
              throw new Error('the disk went away');
            })(),
          ),
      },
    ]);
    await expect(buffer(broken)).rejects.toThrow('the disk went away');
  });
});
