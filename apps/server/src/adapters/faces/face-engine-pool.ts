import { availableParallelism, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FaceDetection, FaceEngine } from './face-engine';
import type { DetectReply, DetectRequest } from './face-engine-worker';
import { FACE_MODEL_NAME } from './face-model';

/** What one engine thread holds in memory (measured ~620 MB RSS), with room to spare. */
const BYTES_PER_ENGINE = 1024 ** 3;
const RESERVED_BYTES = 1.5 * 1024 ** 3;

/** Engine threads for this machine: one per core, as many as memory allows, at least one. */
export function defaultFaceWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.FACE_WORKERS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  const byMemory = Math.floor((totalmem() - RESERVED_BYTES) / BYTES_PER_ENGINE);
  return Math.max(1, Math.min(availableParallelism(), byMemory));
}

interface Pending {
  request: DetectRequest;
  resolve(result: FaceDetection): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

/**
 * A pool of worker threads, each with one face model (TensorFlow.js WASM runs one image at a time
 * per thread, so threads are what makes both cores work). Threads start on the first detect():
 * processes that never look at a face never pay the model's memory. A thread that dies fails
 * the image it held and is replaced on the next request.
 */
export function faceEnginePool(
  threads: number = defaultFaceWorkers(),
  /** The thread's entry; another one only in tests (a thread that crashes on purpose). */
  entry: URL = new URL('./face-engine-thread.mjs', import.meta.url),
): FaceEngine & { readonly threads: number } {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const start = (): Slot => {
    const worker = new Worker(entry);
    const slot: Slot = { worker, busy: null };
    worker.unref();
    worker.on('message', (reply: DetectReply) => {
      const pending = slot.busy;
      slot.busy = null;
      worker.unref();
      if (pending && pending.request.id === reply.id) {
        if ('error' in reply) pending.reject(new Error(`face detection failed: ${reply.error}`));
        else pending.resolve(reply.result);
      }
      dispatch();
    });
    const lost = (reason: string) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      slot.busy?.reject(new Error(`face engine thread stopped: ${reason}`));
      slot.busy = null;
      if (!closed) dispatch();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    slots.push(slot);
    return slot;
  };

  const dispatch = () => {
    while (queue.length > 0) {
      const slot = slots.find((s) => s.busy === null) ?? (slots.length < threads ? start() : undefined);
      if (!slot) return;
      const pending = queue.shift() as Pending;
      slot.busy = pending;
      // Held while working, so a script awaiting a detection does not exit under it.
      slot.worker.ref();
      slot.worker.postMessage(pending.request);
    }
  };

  return {
    name: FACE_MODEL_NAME,
    threads,
    detect(image, purpose) {
      if (closed) return Promise.reject(new Error('the face engine is closed'));
      return new Promise<FaceDetection>((resolve, reject) => {
        queue.push({ request: { id: nextId++, image, purpose }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the face engine is closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

let shared: ReturnType<typeof faceEnginePool> | undefined;

/** The process' engine, created on first use and shared by every caller. */
export function processFaceEngine(): FaceEngine {
  shared ??= faceEnginePool();
  return shared;
}
