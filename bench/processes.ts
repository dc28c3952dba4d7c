/**
 * The child processes a bench starts (API servers, workers) and what it reads of them: how to start
 * one on the repository's code, wait until it answers, stop it, and the CPU time it used.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPOSITORY_NODE = join(ROOT, 'node_modules', '.bin', 'node');

/**
 * The Node the npm scripts start the server with (`node_modules/.bin/node`, first on npm's PATH),
 * also when the bench itself was started with another (the shell's `node`); this process's own
 * where the repository has none.
 */
export const NODE = existsSync(REPOSITORY_NODE) ? REPOSITORY_NODE : process.execPath;

/** `NODE`'s version, e.g. v24.21.0 (for the report: the bench's own may differ). */
export function nodeVersion(): string {
  return execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim();
}
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * A Node process (`NODE`) on the repository's code (`args` after `node`), with the allocator
 * settings of the `serve` and `worker` scripts (their defaults; the environment's own win, as
 * there); pinned to one core with `taskset` when `core` is given.
 */
export function nodeProcess(args: string[], env: NodeJS.ProcessEnv, core?: number): ChildProcess {
  const command = core === undefined ? [NODE, ...args] : ['taskset', '-c', String(core), NODE, ...args];
  return spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** SIGTERM, then SIGKILL if it has not exited 15 s later. */
export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((done) => proc.once('exit', done));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 2xx; fails at once if `proc` exits, or after 180 s. */
export async function waitUntilOk(url: string, proc: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the API process exited with ${proc.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 180 s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** utime, stime, cutime, cstime of `/proc/<pid>/stat` in ticks; null once the process is gone. */
async function cpuTicks(pid: number): Promise<number[] | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // fields 14–17 of stat: 11–14 after the command name, which may itself hold spaces
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 15)
    .map(Number);
}

/** CPU seconds a process used so far (all its threads); 0 once it is gone (a closed connection). */
export async function cpuSeconds(pid: number): Promise<number> {
  const [user = 0, system = 0] = (await cpuTicks(pid)) ?? [];
  return (user + system) / TICKS_PER_SECOND;
}

/**
 * CPU seconds a process used so far, its threads and waited-for children (ffmpeg, …) included;
 * throws once it is gone, since a process the bench still measures must not have died.
 */
export async function cpuSecondsWithChildren(pid: number): Promise<number> {
  const ticks = await cpuTicks(pid);
  if (!ticks) throw new Error(`process ${pid} is gone`);
  return ticks.reduce((sum, t) => sum + t, 0) / TICKS_PER_SECOND;
}
