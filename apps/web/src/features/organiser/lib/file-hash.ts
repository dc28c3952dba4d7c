import { type HashOutcome, sha256Of } from './file-hash-core';

export interface Hasher {
  hash(file: Blob): Promise<string>;
  close(): void;
}

/**
 * Files per message to the worker. Handing a chosen file over reads its size, a round trip to the
 * disk on the page's thread (about half a millisecond in Chromium): a batch costs the page a few
 * milliseconds, and one message per file would cost a task each.
 */
const BATCH = 16;
/** Batches handed over before the first is answered: the worker never waits for the page. */
const BATCHES_AHEAD = 3;

/** Turns per-file requests into batches: the files asked for in one go travel together. */
function batching(post: (id: number, files: Blob[]) => void) {
  const waiting: { file: Blob; resolve: (hex: string) => void; reject: (error: Error) => void }[] = [];
  const sent = new Map<number, typeof waiting>();
  let nextId = 1;
  let scheduled = false;

  function feed(): void {
    scheduled = false;
    while (sent.size < BATCHES_AHEAD && waiting.length > 0) {
      const batch = waiting.splice(0, BATCH);
      const id = nextId++;
      sent.set(id, batch);
      post(
        id,
        batch.map((w) => w.file),
      );
    }
  }
  return {
    hash: (file: Blob) =>
      new Promise<string>((resolve, reject) => {
        waiting.push({ file, resolve, reject });
        // the rest of the caller's files are asked for in the same turn: they join the batch
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(feed);
        }
      }),
    answered(id: number, outcomes: readonly HashOutcome[]): void {
      const batch = sent.get(id) ?? [];
      sent.delete(id);
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (outcome && 'sha256' in outcome) w.resolve(outcome.sha256);
        else w.reject(new Error(outcome?.error ?? 'hash failed'));
      });
      feed();
    },
  };
}

/**
 * Hashes files off the main thread, in one Web Worker (reading and hashing thousands of photos
 * would otherwise freeze the page); where no worker can start (tests, old browsers) on the main
 * thread, slice by slice.
 */
export function createHasher(): Hasher {
  let worker: Worker | null = null;
  try {
    worker = new Worker(new URL('./file-hash.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return { hash: sha256Of, close: () => undefined };
  }
  const started = worker;
  const batches = batching((id, files) => started.postMessage({ id, files }));
  started.onmessage = (event: MessageEvent<{ id: number; outcomes: HashOutcome[] }>) =>
    batches.answered(event.data.id, event.data.outcomes);
  return { hash: batches.hash, close: () => started.terminate() };
}

let shared: Hasher | null = null;
/** The page's one hashing worker, started on first use. */
export function sharedHasher(): Hasher {
  shared ??= createHasher();
  return shared;
}
