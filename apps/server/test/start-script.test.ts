import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const scripts = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

// A `node` ahead of the real one on PATH that prints the environment it was started with:
// glibc reads its allocator settings once, when the process starts, so they must be in it then.
const bin = mkdtempSync(join(tmpdir(), 'fotodrop-start-script-'));
writeFileSync(join(bin, 'node'), '#!/bin/sh\nenv\n');
chmodSync(join(bin, 'node'), 0o755);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** The environment the script's `node` gets, as npm runs a script (sh -c). */
function environmentOf(script: string, env: Record<string, string> = {}): Record<string, string> {
  const run = spawnSync('sh', ['-c', scripts[script] as string], {
    env: { PATH: `${bin}:${process.env.PATH}`, ...env },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return Object.fromEntries(
    run.stdout
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('the server scripts start node with glibc settings that give memory back (issue 17)', () => {
  it.each(['serve', 'worker', 'dev:server'])('%s: two malloc arenas and a fixed mmap threshold', (script) => {
    const env = environmentOf(script);
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
  });

  it('keeps the values an operator set', () => {
    const env = environmentOf('serve', { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '262144' });
    expect(env.MALLOC_ARENA_MAX).toBe('4');
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('262144');
  });
});
