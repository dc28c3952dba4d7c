/**
 * Temporary folders for media work (uploads being received, videos being probed and transcoded),
 * all under one root so that what a crashed process left behind can be found and removed.
 *
 * Each process works in its own folder, `<root>/<pid>-<start>`, named after its process id and the
 * time the kernel started it, so a later process that gets the same id (a container restarted
 * with the server as pid 1) does not pass for the crashed one. `sweepWorkDirs` removes the folders
 * of processes that no longer run; several API and worker processes on one machine may share the
 * root, each leaving the others' folders alone.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_WORK_ROOT = join(tmpdir(), 'fotodrop-work');

/** The kernel's start time of a process (clock ticks since boot), or null where /proc is not. */
function startTime(stat: string): string | null {
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function ownStartTime(): string {
  try {
    return startTime(readFileSync('/proc/self/stat', 'utf8')) ?? randomBytes(4).toString('hex');
  } catch {
    // Without /proc the folder name is only unique, and liveness falls back to the process id.
    return randomBytes(4).toString('hex');
  }
}

const OWN_FOLDER = `${process.pid}-${ownStartTime()}`;

/** Whether the process that named its folder `name` still runs. */
async function alive(name: string): Promise<boolean> {
  const match = /^(\d+)-(\w+)$/.exec(name);
  if (!match) return false;
  if (name === OWN_FOLDER) return true;
  const [, pid, started] = match;
  try {
    return startTime(await readFile(`/proc/${pid}/stat`, 'utf8')) === started;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // No such process, or no /proc at all (then ask the process table).
      try {
        await readFile('/proc/self/stat');
        return false;
      } catch {
        try {
          process.kill(Number(pid), 0);
          return true;
        } catch {
          return false;
        }
      }
    }
    return true;
  }
}

/** The folder that holds this process's work folders under `root`. */
export function ownWorkDir(root = DEFAULT_WORK_ROOT): string {
  return join(root, OWN_FOLDER);
}

/** A new, empty folder of this process under `root`; the caller removes it (`rm -r`). */
export async function makeWorkDir(root = DEFAULT_WORK_ROOT): Promise<string> {
  const own = ownWorkDir(root);
  await mkdir(own, { recursive: true, mode: 0o700 });
  return mkdtemp(join(own, 'w-'));
}

/** Runs `work` in a fresh folder that is removed afterwards, whether it succeeded or threw. */
export async function withWorkDir<T>(
  work: (dir: string) => Promise<T>,
  root = DEFAULT_WORK_ROOT,
): Promise<T> {
  const dir = await makeWorkDir(root);
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes the folders of processes that have ended (crashed or killed); answers how many. */
export async function sweepWorkDirs(root = DEFAULT_WORK_ROOT): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (await alive(name)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
