import { availableParallelism, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * decision: an engine thread with no work for 3 minutes ends (ENGINE_IDLE_SECONDS): long enough
 * that a steady trickle of uploads or selfies keeps it, short enough that a quiet server gives the
 * memory back soon after the last burst.
 */
export const DEFAULT_ENGINE_IDLE_SECONDS = 180;

/** What the process keeps for itself (the server, sharp, the database driver) before any engine. */
const RESERVED_BYTES = 1.5 * 1024 ** 3;

/**
 * Engine threads for this machine: the configured number (an env variable's value) when it is a
 * positive integer, else one per core, as many as memory allows at `bytesPerEngine` each, at least one.
 */
export function threadsForMachine(configured: string | undefined, bytesPerEngine: number): number {
  const number = Number(configured);
  if (Number.isInteger(number) && number > 0) return number;
  const byMemory = Math.floor((totalmem() - RESERVED_BYTES) / bytesPerEngine);
  return Math.max(1, Math.min(availableParallelism(), byMemory));
}

/** What the pool posts to a thread: the caller's request and the pool's id for the answer. */
export type ThreadRequest<Request> = { id: number; request: Request };
/** What a thread posts back, one per request. */
export type ThreadReply<Result> = { id: number; result: Result } | { id: number; error: string };

export interface IdleThreadPoolOptions {
  /** At most this many threads at once. */
  threads: number;
  /** The thread's entry (an .mjs that loads the engine and answers `ThreadRequest`s). */
  entry: URL;
  /**
   * A thread without work for this long ends, and its memory (the engine's model) goes back to
   * the system; the next work starts a thread again.
   */
  idleMs: number;
  /** The engine's name in errors: "<name> thread stopped", "the <name> is closed". */
  name: string;
  /** Prefix of a failed request's error: "<failed>: <the thread's reason>". */
  failed: string;
  /** Told when a thread starts or ends (logs, tests). */
  onThreads?: (running: number) => void;
}

export interface IdleThreadPool<Request, Result> {
  readonly threads: number;
  /** Queues the request; a thread takes it, started first when none is free and there is room. */
  run(request: Request): Promise<Result>;
  /**
   * Starts a thread now when none is running, so work expected soon does not wait for the engine
   * to load; it ends after the idle time like any other.
   */
  warm(): void;
  /** Threads alive now (working, loading or idle). */
  running(): number;
  /** Fails what is queued and ends every thread; run() after close() fails. */
  close(): Promise<void>;
}

interface Pending<Request, Result> {
  message: ThreadRequest<Request>;
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Slot<Request, Result> {
  worker: Worker;
  busy: Pending<Request, Result> | null;
  idle: NodeJS.Timeout | null;
}

/**
 * Worker threads that each hold one engine (a face model now, OCR later), started when there is
 * work and ended after `idleMs` without any: an engine holds hundreds of MB, and most of the day
 * it has nothing to do. Requests queue and go to a free thread, else to a new one while there is
 * room; a request waits while its thread loads the engine. A thread never ends while it holds a
 * request: the idle timer runs only while it is free, and work arriving as it ends goes to
 * another thread (started if needed). A thread that dies fails the request it held and is replaced
 * on the next request.
 */
export function idleThreadPool<Request, Result>(
  options: IdleThreadPoolOptions,
): IdleThreadPool<Request, Result> {
  const slots: Slot<Request, Result>[] = [];
  const queue: Pending<Request, Result>[] = [];
  let nextId = 1;
  let closed = false;

  const changed = () => options.onThreads?.(slots.length);

  const remove = (slot: Slot<Request, Result>): boolean => {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const index = slots.indexOf(slot);
    if (index < 0) return false;
    slots.splice(index, 1);
    changed();
    return true;
  };

  const rest = (slot: Slot<Request, Result>) => {
    slot.idle = setTimeout(() => {
      // Taken out of the pool first: work that arrives while it ends starts another thread.
      if (slot.busy === null && remove(slot)) void slot.worker.terminate();
    }, options.idleMs);
    slot.idle.unref();
  };

  const start = (): Slot<Request, Result> => {
    const worker = new Worker(options.entry);
    const slot: Slot<Request, Result> = { worker, busy: null, idle: null };
    worker.unref();
    worker.on('message', (reply: ThreadReply<Result>) => {
      const pending = slot.busy;
      slot.busy = null;
      worker.unref();
      if (pending && pending.message.id === reply.id) {
        if ('error' in reply) pending.reject(new Error(`${options.failed}: ${reply.error}`));
        else pending.resolve(reply.result);
      }
      dispatch();
      if (slot.busy === null && slots.includes(slot)) rest(slot);
    });
    const lost = (reason: string) => {
      remove(slot);
      slot.busy?.reject(new Error(`${options.name} thread stopped: ${reason}`));
      slot.busy = null;
      if (!closed) dispatch();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    slots.push(slot);
    changed();
    return slot;
  };

  const dispatch = () => {
    while (queue.length > 0) {
      const slot =
        slots.find((s) => s.busy === null) ?? (slots.length < options.threads ? start() : undefined);
      if (!slot) return;
      const pending = queue.shift() as Pending<Request, Result>;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.busy = pending;
      // Held while working, so a script awaiting an answer does not exit under it.
      slot.worker.ref();
      slot.worker.postMessage(pending.message);
    }
  };

  return {
    threads: options.threads,
    run(request) {
      if (closed) return Promise.reject(new Error(`the ${options.name} is closed`));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ message: { id: nextId++, request }, resolve, reject });
        dispatch();
      });
    },
    warm() {
      if (closed || slots.length > 0) return;
      rest(start());
    },
    running: () => slots.length,
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error(`the ${options.name} is closed`));
      const ending = [...slots];
      for (const slot of ending) remove(slot);
      await Promise.all(ending.map((s) => s.worker.terminate()));
    },
  };
}
