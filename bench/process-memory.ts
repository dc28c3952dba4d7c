// Where a running process' resident memory sits, read from outside it (/proc and Node's
// diagnostic report), for bench:memory. Nothing here is needed by the server.
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { median } from './report';

const MiB = 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** RSS at rest: the median of `seconds` of samples. */
export async function restingRss(pid: number, seconds = 5): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < seconds * 4; i++) {
    samples.push(await rss(pid));
    await sleep(250);
  }
  return median(samples);
}

export async function threads(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export interface Shares {
  /** WebAssembly memories (each a reservation of ≥ 4 GiB of address space): RSS of each, largest first. */
  wasm: number[];
  /** The main thread's malloc heap (brk): glibc's main arena. */
  heap: number;
  /** glibc's other malloc arenas (64 MiB-aligned heaps), which threads allocate from. */
  arenas: number;
  /** Thread stacks (a mapping right above its guard page). */
  stacks: number;
  /**
   * Other anonymous memory: the V8 heaps and generated code, and malloc's large blocks (each its
   * own mapping above the mmap threshold).
   */
  otherAnon: number;
  /** Mapped files: node, sharp's libvips and the other libraries' code and data. */
  files: number;
}

interface Mapping {
  start: number;
  end: number;
  perms: string;
  path: string;
  rss: number;
}

const ARENA_HEAP = 64 * MiB;

/**
 * Where the process' RSS sits, by mapping (from /proc/<pid>/smaps). V8 reserves a WebAssembly
 * memory as one inaccessible range of ≥ 4 GiB and opens its start as it grows, so a memory is an
 * anonymous mapping followed directly by such a range. glibc makes a thread arena's heap 64 MiB
 * aligned to 64 MiB, its unused end inaccessible; a thread's stack sits right above a guard page.
 */
export async function shares(pid: number): Promise<Shares> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const mappings: Mapping[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      mappings.push({
        start: Number.parseInt(head[1] as string, 16),
        end: Number.parseInt(head[2] as string, 16),
        perms: head[3] as string,
        path: head[4] ?? '',
        rss: 0,
      });
      continue;
    }
    const rssLine = /^Rss:\s+(\d+) kB/.exec(line);
    const last = mappings.at(-1);
    if (rssLine && last) last.rss = Number(rssLine[1]) * 1024;
  }
  const result: Shares = { wasm: [], heap: 0, arenas: 0, stacks: 0, otherAnon: 0, files: 0 };
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const previous = mappings[i - 1];
    const size = m.end - m.start;
    const inaccessibleNext = next && next.start === m.end && next.path === '' && next.perms.startsWith('---');
    const wasm = inaccessibleNext && next.end - next.start >= 4 * 2 ** 30;
    const arena =
      m.start % ARENA_HEAP === 0 &&
      (size === ARENA_HEAP || (inaccessibleNext && size + (next.end - next.start) === ARENA_HEAP));
    const stack =
      previous &&
      previous.end === m.start &&
      previous.perms.startsWith('---') &&
      previous.end - previous.start <= 65536;
    if (m.path === '[heap]') result.heap += m.rss;
    else if (m.path.startsWith('/')) result.files += m.rss;
    else if (m.path !== '' || !m.perms.startsWith('rw')) result.otherAnon += m.rss;
    else if (wasm) result.wasm.push(m.rss);
    else if (arena) result.arenas += m.rss;
    else if (stack) result.stacks += m.rss;
    else result.otherAnon += m.rss;
  });
  result.wasm = result.wasm.filter((b) => b > MiB).sort((a, b) => b - a);
  return result;
}

/** Node's flags that let `v8Heap` ask the process for a diagnostic report. */
export const reportFlags = (dir: string) => [
  '--report-on-signal',
  '--report-signal=SIGUSR2',
  `--report-directory=${dir}`,
];

export interface V8Heap {
  /** The main thread's JavaScript heap, committed. */
  committed: number;
  used: number;
  /** Memory V8 was told is held outside its heap: ArrayBuffers, WebAssembly memories. */
  external: number;
  /** Worker threads alive, and their heaps committed together. */
  workers: number;
  workersCommitted: number;
}

/** Asks the process (started with `reportFlags(dir)`) for a report and reads its heap figures. */
export async function v8Heap(child: ChildProcess, dir: string): Promise<V8Heap | null> {
  const reports = async () => (await readdir(dir)).filter((f) => /^report\..*\.json$/.test(f));
  for (const old of await reports()) await rm(join(dir, old));
  child.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    const [file] = await reports();
    if (!file) continue;
    try {
      type Heap = { totalCommittedMemory: number; usedMemory: number; externalMemory: number };
      const report = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
        javascriptHeap: Heap;
        workers: { javascriptHeap: Heap }[];
      };
      return {
        committed: report.javascriptHeap.totalCommittedMemory,
        used: report.javascriptHeap.usedMemory,
        external: report.javascriptHeap.externalMemory,
        workers: report.workers.length,
        workersCommitted: report.workers.reduce((n, w) => n + w.javascriptHeap.totalCommittedMemory, 0),
      };
    } catch {
      // still being written
    }
  }
  return null;
}
