import type { MetricMessage } from '@fotodrop/contract/api/metrics';
import { retryDelayMs, shouldRetry } from '@fotodrop/contract/rules/retry';

/** Most messages one POST carries (the contract's METRIC_BATCH_MAX, without loading its schemas). */
export const BATCH_MAX = 500;
/** Browsers allow about 64 KiB of beacons in flight per page: about 100 messages per beacon. */
export const BEACON_MAX = 100;
/** decision: a queue that never reaches the listener keeps its newest 5,000 messages (about 1 MB). */
export const QUEUE_MAX = 5000;

/** Where the queue lives between visits (localStorage under STORAGE_KEYS.metricQueue). */
export interface QueueStorage {
  read(): string | null;
  write(value: string | null): void;
}

/** The listener's answer to a POST: its status, and its Retry-After in seconds when it sent one. */
export interface PostAnswer {
  status: number;
  retryAfterSeconds?: number | null;
}

/** How a batch travels: a POST (answers its status, throws without an answer) and sendBeacon. */
export interface MetricTransport {
  post(body: string, authorization: string | null): Promise<PostAnswer>;
  beacon(body: string): boolean;
}

export interface MetricQueueDeps {
  storage: QueueStorage;
  transport: MetricTransport;
  /** The Authorization header's value of the signed-in user, or null. */
  authorization: () => string | null;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Told once per page that the listener cannot be reached (console.warn by default). */
  warn?: (text: string) => void;
}

/**
 * decision: after a send the listener did not take (no answer, refused by CORS, busy), the queue
 * pauses 30 s, doubling up to 15 minutes, or as long as a 429's Retry-After says: a browser
 * logs every failed request itself, and an unreachable listener must not fill the console.
 */
export const PAUSE_FIRST_MS = 30_000;
export const PAUSE_MAX_MS = 15 * 60_000;

/**
 * The metric queue (entry spec §5 "Metric queue"): messages wait in local storage and leave in
 * batches; a batch is removed only once the listener answered it, so a closed tab or a failed
 * send loses nothing (ids make a batch sent twice count once). Server errors are retried with the
 * contract's retry rule; any other failure pauses the queue (`pause`) and what is left waits.
 */
export function createMetricQueue({
  storage,
  transport,
  authorization,
  sleep = defaultSleep,
  now = Date.now,
  warn = (text) => console.warn(text),
}: MetricQueueDeps) {
  let running: Promise<void> | null = null;
  let failures = 0;
  let pausedUntil = 0;
  let warned = false;
  const paused = () => now() < pausedUntil;

  /** A send failed: wait before the next one (Retry-After when the listener named a wait). */
  function pause(retryAfterSeconds: number | null): void {
    failures++;
    const backoff = Math.min(PAUSE_MAX_MS, PAUSE_FIRST_MS * 2 ** (failures - 1));
    pausedUntil = now() + Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
    if (!warned) {
      warned = true;
      warn('Usage metrics could not be sent; they stay queued and are sent again later.');
    }
  }

  const load = (): MetricMessage[] => {
    try {
      const parsed: unknown = JSON.parse(storage.read() ?? '[]');
      return Array.isArray(parsed) ? (parsed as MetricMessage[]) : [];
    } catch {
      return [];
    }
  };
  const save = (messages: MetricMessage[]) =>
    storage.write(messages.length > 0 ? JSON.stringify(messages) : null);
  // Read again before every write: another tab may have added or sent messages meanwhile.
  const remove = (ids: Set<string>) => save(load().filter((m) => !ids.has(m.id)));

  /**
   * One batch; answers whether the queue may go on (false: it paused, try again later). Only a
   * server error is retried at once, with the retry rule: no answer (the listener down, or a CORS
   * refusal, which looks the same) and 429 pause the queue instead.
   */
  async function sendBatch(batch: MetricMessage[]): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      let answer: PostAnswer | undefined;
      try {
        answer = await transport.post(JSON.stringify({ messages: batch }), authorization());
      } catch {
        answer = undefined;
      }
      const status = answer?.status;
      if (status !== undefined && status >= 200 && status < 300) {
        failures = 0;
        remove(new Set(batch.map((m) => m.id)));
        return true;
      }
      // decision: a batch the listener refuses as invalid (400) can never be stored: it is dropped
      // rather than blocking every later message; too large (413) is sent again in halves.
      if (status === 400) {
        remove(new Set(batch.map((m) => m.id)));
        return true;
      }
      if (status === 413) {
        if (batch.length === 1) {
          remove(new Set(batch.map((m) => m.id)));
          return true;
        }
        const half = Math.ceil(batch.length / 2);
        return (await sendBatch(batch.slice(0, half))) && sendBatch(batch.slice(half));
      }
      const retry =
        status !== undefined &&
        status >= 500 &&
        shouldRetry({ attempt, method: 'POST', status, idempotent: true });
      if (!retry) {
        pause(answer?.retryAfterSeconds ?? null);
        return false;
      }
      await sleep(retryDelayMs(attempt));
    }
  }

  /** Sends batches until the queue is empty (true) or the listener cannot be reached (false). */
  async function drain(): Promise<boolean> {
    const sent = new Set<string>();
    for (;;) {
      const batch = load()
        .filter((m) => !sent.has(m.id))
        .slice(0, BATCH_MAX);
      if (batch.length === 0) return true;
      for (const m of batch) sent.add(m.id);
      if (!(await sendBatch(batch))) return false;
    }
  }

  let again = false;
  async function run(): Promise<void> {
    // A trigger during a run asks for one more pass (the run may have read the queue before it).
    do {
      again = false;
      if (!(await drain())) return;
    } while (again);
  }

  return {
    enqueue(message: MetricMessage): void {
      const queue = load();
      queue.push(message);
      save(queue.length > QUEUE_MAX ? queue.slice(queue.length - QUEUE_MAX) : queue);
    },
    size: (): number => load().length,
    /** Sends everything queued; one run at a time (a trigger during a run joins it); none while paused. */
    flush(): Promise<void> {
      if (paused()) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = run().finally(() => {
        running = null;
      });
      return running;
    },
    /**
     * The page is being hidden (maybe closed): the queue leaves with sendBeacon, which outlives the
     * page. The messages stay queued until a POST is answered, since a beacon's fate is unknown;
     * sending them again later counts nothing twice.
     */
    beacon(): void {
      // a listener that refused the last send would refuse the beacon too (one more console error)
      if (paused()) return;
      const queue = load();
      const auth = authorization();
      for (let start = 0; start < queue.length; start += BEACON_MAX) {
        const messages = queue.slice(start, start + BEACON_MAX);
        if (!transport.beacon(JSON.stringify(auth ? { messages, authorization: auth } : { messages })))
          return;
      }
    },
  };
}
export type MetricQueue = ReturnType<typeof createMetricQueue>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
