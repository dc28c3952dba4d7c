import type { OcrBox } from '@fotodrop/contract';
import { DEFAULT_ENGINE_IDLE_SECONDS, idleThreadPool, threadsForMachine } from '../engines/idle-thread-pool';
import type { BibEngine } from './bib-engine';
import type { ReadRequest } from './bib-engine-worker';

/** What one engine thread holds in memory (probed ~1 GB peak RSS with both models), with room. */
const BYTES_PER_ENGINE = 1024 ** 3;

/** Engine threads for this machine: one per core, as many as memory allows, at least one. */
export function defaultBibWorkers(env: NodeJS.ProcessEnv = process.env): number {
  return threadsForMachine(env.BIB_WORKERS, BYTES_PER_ENGINE);
}

export interface BibEnginePoolOptions {
  threads?: number;
  /** A thread without work for this long ends and frees its models' memory. */
  idleMs?: number;
  onThreads?: (running: number) => void;
}

/**
 * The OCR engine as a pool of worker threads, each with one engine on one ONNX thread, started
 * when there is a photo to read and ended after the idle time (`idle-thread-pool.ts`), like the
 * face engine: a process that reads no bibs never loads the models.
 */
export function bibEnginePool(
  options: BibEnginePoolOptions = {},
): BibEngine & { readonly threads: number; running(): number } {
  const pool = idleThreadPool<ReadRequest, OcrBox[]>({
    threads: options.threads ?? defaultBibWorkers(),
    entry: new URL('./bib-engine-thread.mjs', import.meta.url),
    idleMs: options.idleMs ?? DEFAULT_ENGINE_IDLE_SECONDS * 1000,
    name: 'bib engine',
    failed: 'bib reading failed',
    onThreads: options.onThreads,
  });
  return {
    threads: pool.threads,
    running: pool.running,
    read: (image) => pool.run({ image }),
    close: pool.close,
  };
}

let shared: ReturnType<typeof bibEnginePool> | undefined;

/** The process' engine, created on first use and shared by every caller (the first one's options). */
export function processBibEngine(options: Pick<BibEnginePoolOptions, 'idleMs'> = {}): BibEngine {
  shared ??= bibEnginePool(options);
  return shared;
}
