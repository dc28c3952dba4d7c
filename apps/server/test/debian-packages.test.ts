import { describe, expect, it } from 'vitest';
// @ts-expect-error the script is plain JavaScript (run by node before any build)
import { packagesToInstall } from '../../../scripts/debian-packages.mjs';

const plan = (wanted: string[], files: string[], packages: string[]): string[] =>
  packagesToInstall(wanted, {
    exists: (path: string) => files.includes(path),
    installed: (name: string) => packages.includes(name),
  });

describe('the Debian packages a run installs', () => {
  it('installs the fonts on a machine whose Chromium is already there without them (issue 17)', () => {
    expect(plan(['chromium'], ['/usr/bin/chromium'], ['chromium'])).toEqual([
      'fonts-noto-core',
      'fonts-noto-color-emoji',
    ]);
    expect(plan(['chromium'], ['/usr/bin/chromium'], ['chromium', 'fonts-noto-core'])).toEqual([
      'fonts-noto-color-emoji',
    ]);
  });

  it('installs nothing when all is there, and everything on a bare machine', () => {
    const all = ['chromium', 'fonts-noto-core', 'fonts-noto-color-emoji', 'ffmpeg'];
    expect(plan(['chromium', 'ffmpeg'], ['/usr/bin/chromium', '/usr/bin/ffmpeg'], all)).toEqual([]);
    expect(plan(['chromium', 'ffmpeg'], [], [])).toEqual([
      'chromium',
      'fonts-noto-core',
      'fonts-noto-color-emoji',
      'ffmpeg',
    ]);
  });

  it('leaves a Chromium of its own (a file dpkg does not know) alone', () => {
    expect(plan(['chromium'], ['/usr/bin/chromium'], ['fonts-noto-core', 'fonts-noto-color-emoji'])).toEqual(
      [],
    );
  });
});
