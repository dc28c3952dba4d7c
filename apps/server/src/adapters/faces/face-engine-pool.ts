import { DEFAULT_ENGINE_IDLE_SECONDS, idleThreadPool, threadsForMachine } from '../engines/idle-thread-pool';
import type { FaceDetection, FaceEngine } from './face-engine';
import type { DetectRequest } from './face-engine-worker';
import { FACE_MODEL_NAME } from './face-model';

/** What one engine thread holds in memory (measured ~620 MB RSS), with room to spare. */
const BYTES_PER_ENGINE = 1024 ** 3;

/** Engine threads for this machine: one per core, as many as memory allows, at least one. */
export function defaultFaceWorkers(env: NodeJS.ProcessEnv = process.env): number {
  return threadsForMachine(env.FACE_WORKERS, BYTES_PER_ENGINE);
}

export interface FaceEnginePoolOptions {
  threads?: number;
  /** A thread without work for this long ends and frees its model's memory. */
  idleMs?: number;
  /** The thread's entry; another one only in tests (a thread that crashes on purpose). */
  entry?: URL;
  onThreads?: (running: number) => void;
}

/**
 * The face engine as a pool of worker threads, each with one face model (TensorFlow.js WASM runs
 * one image at a time per thread, so threads are what makes both cores work). Threads start when
 * there is an image to look at and end after the idle time (`idle-thread-pool.ts`): processes that
 * never look at a face, and a server between uploads and selfies, do not hold the models' memory.
 */
export function faceEnginePool(
  options: FaceEnginePoolOptions = {},
): FaceEngine & { readonly threads: number; running(): number } {
  const pool = idleThreadPool<DetectRequest, FaceDetection>({
    threads: options.threads ?? defaultFaceWorkers(),
    entry: options.entry ?? new URL('./face-engine-thread.mjs', import.meta.url),
    idleMs: options.idleMs ?? DEFAULT_ENGINE_IDLE_SECONDS * 1000,
    name: 'face engine',
    failed: 'face detection failed',
    onThreads: options.onThreads,
  });
  return {
    name: FACE_MODEL_NAME,
    threads: pool.threads,
    running: pool.running,
    detect: (image, purpose) => pool.run({ image, purpose }),
    warm: pool.warm,
    close: pool.close,
  };
}

let shared: ReturnType<typeof faceEnginePool> | undefined;

/** The process' engine, created on first use and shared by every caller (the first one's options). */
export function processFaceEngine(options: Pick<FaceEnginePoolOptions, 'idleMs'> = {}): FaceEngine {
  shared ??= faceEnginePool(options);
  return shared;
}
