import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkDir, ownWorkDir, sweepWorkDirs, withWorkDir } from './work-dirs';

describe('work folders', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fotodrop-work-test-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('removes a work folder after use, also when the work fails', async () => {
    const used: string[] = [];
    await withWorkDir(async (dir) => void used.push(dir), root);
    await expect(
      withWorkDir(async (dir) => {
        used.push(dir);
        throw new Error('transcode failed');
      }, root),
    ).rejects.toThrow('transcode failed');
    expect(used.map((d) => d.startsWith(ownWorkDir(root)))).toEqual([true, true]);
    expect(await readdir(ownWorkDir(root))).toEqual([]);
  });

  it("sweeps the folders of ended processes and keeps the living ones'", async () => {
    const mine = await makeWorkDir(root);
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    await mkdir(join(root, `${ended}-1`, 'w-left'), { recursive: true });
    // A running process, and a folder claiming its id with another start time (an id reused).
    const living = spawn('sleep', ['30']);
    try {
      const stat = await readFile(`/proc/${living.pid}/stat`, 'utf8');
      const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      await mkdir(join(root, `${living.pid}-${started}`, 'w-busy'), { recursive: true });
      await mkdir(join(root, `${living.pid}-1`, 'w-old'), { recursive: true });
      expect(await sweepWorkDirs(root)).toBe(2);
      expect((await readdir(root)).sort()).toEqual(
        [basename(ownWorkDir(root)), `${living.pid}-${started}`].sort(),
      );
      expect(await readdir(ownWorkDir(root))).toEqual([basename(mine)]);
    } finally {
      living.kill();
    }
  });
});
