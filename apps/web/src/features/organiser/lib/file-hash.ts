import { sha256Of } from './file-hash-core';

export interface Hasher {
  hash(file: Blob): Promise<string>;
  close(): void;
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
  const waiting = new Map<number, { resolve: (hex: string) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  worker.onmessage = (event: MessageEvent<{ id: number; sha256?: string; error?: string }>) => {
    const { id, sha256, error } = event.data;
    const entry = waiting.get(id);
    waiting.delete(id);
    if (sha256) entry?.resolve(sha256);
    else entry?.reject(new Error(error ?? 'hash failed'));
  };
  const started = worker;
  return {
    hash: (file) =>
      new Promise<string>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        started.postMessage({ id, file });
      }),
    close: () => started.terminate(),
  };
}

let shared: Hasher | null = null;
/** The page's one hashing worker, started on first use. */
export function sharedHasher(): Hasher {
  shared ??= createHasher();
  return shared;
}
