import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFfmpeg, runTool, ToolFailed, withTempDir } from './ffmpeg';

describe('findFfmpeg', () => {
  it("finds Debian's ffmpeg and ffprobe by default", async () => {
    expect(await findFfmpeg({})).toEqual({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' });
  });

  it('is null when FFMPEG_PATH points nowhere, or at a program that cannot encode H.264', async () => {
    expect(await findFfmpeg({ FFMPEG_PATH: '/nonexistent/bin/ffmpeg' })).toBeNull();
    expect(await findFfmpeg({ FFMPEG_PATH: '/bin/true', FFPROBE_PATH: '/bin/true' })).toBeNull();
  });

  it('looks for ffprobe next to an ffmpeg given by path', async () => {
    expect(await findFfmpeg({ FFMPEG_PATH: '/usr/bin/ffmpeg' })).toEqual({
      ffmpeg: '/usr/bin/ffmpeg',
      ffprobe: '/usr/bin/ffprobe',
    });
  });
});

describe('runTool', () => {
  it('returns standard output, and reports a failure with its error output', async () => {
    expect((await runTool('/bin/echo', ['hello'], { timeoutMs: 10_000 })).toString()).toBe('hello\n');
    const failed = await runTool('/usr/bin/ffprobe', ['-v', 'error', '/nonexistent.mp4'], {
      timeoutMs: 10_000,
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ToolFailed);
    expect(failed).toMatchObject({ timedOut: false, stderr: expect.stringContaining('No such file') });
  });

  it('kills a run that outlives its timeout', async () => {
    const stuck = await runTool('/bin/sleep', ['30'], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(stuck).toMatchObject({ timedOut: true });
  });
});

describe('withTempDir', () => {
  it('removes the folder when the work fails, too', async () => {
    let seen = '';
    const failure = await withTempDir(async (dir) => {
      seen = dir;
      await writeFile(join(dir, 'upload'), 'bytes');
      throw new Error('boom');
    }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ message: 'boom' });
    expect(seen).not.toBe('');
    expect(existsSync(seen)).toBe(false);
  });
});
