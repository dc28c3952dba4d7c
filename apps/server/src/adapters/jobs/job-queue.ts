import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { jobRecovery, type RecoveryOptions } from './job-recovery';

export interface JobOptions {
  /** Attempts after the first failure, with exponential backoff. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job with the same key is not queued twice while one waits. */
  singletonKey?: string;
  /**
   * How long one run may take before the queue treats it as lost and runs it again (pg-boss
   * default 15 min). Jobs are idempotent, so a rerun is safe, but long work should not be doubled.
   */
  expireInSeconds?: number;
  /** Run no earlier than this many seconds from now (a timeout: an unfinished payment's expiry). */
  startAfterSeconds?: number;
  /** Higher first within a queue (default 0): deferred work goes below what publishes photos. */
  priority?: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  /** `concurrency`: how many jobs of this queue this process runs at once (default 1). */
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * The data of this queue's jobs a worker is running right now (any process): few rows, read
   * through the runs' heartbeats, never a scan of the queue's history.
   */
  running(name: string): Promise<unknown[]>;
  stop(): Promise<void>;
}

const SCHEMA = 'pgboss';

/**
 * The durable queue: pg-boss in the application's own database (PGlite or PostgreSQL), so jobs
 * survive restarts and any number of worker processes can share one queue. Jobs a crashed worker
 * was running are taken up again within a minute (`job-recovery.ts`), not after their `expireIn`.
 */
export async function startJobQueue(
  database: Database,
  options: { pollingIntervalSeconds?: number; recovery?: RecoveryOptions } = {},
) {
  const boss =
    database.connectionString !== null
      ? new PgBoss({ connectionString: database.connectionString, schema: SCHEMA, max: 4 })
      : new PgBoss({
          schema: SCHEMA,
          db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
        });
  boss.on('error', (error: unknown) => console.error('job queue error', error));
  await boss.start();
  const recovery = jobRecovery(database, boss, SCHEMA, options.recovery);
  await recovery.start();
  // One creation per queue name: parallel first sends each calling createQueue deadlocked on PostgreSQL.
  const creating = new Map<string, Promise<void>>();
  const ensureQueue = (name: string): Promise<void> => {
    let pending = creating.get(name);
    if (!pending) {
      pending = boss.createQueue(name).catch((error: unknown) => {
        creating.delete(name);
        throw error;
      });
      creating.set(name, pending);
    }
    return pending;
  };
  const queue: JobQueue = {
    async send(name, data, opts = {}) {
      await ensureQueue(name);
      return boss.send(name, data, {
        retryLimit: opts.retryLimit ?? 5,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.expireInSeconds ? { expireInSeconds: opts.expireInSeconds } : {}),
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        ...(opts.priority ? { priority: opts.priority } : {}),
      });
    },
    async work(name, handler, workOptions = {}) {
      await ensureQueue(name);
      // Each pg-boss worker runs one job at a time: several workers are several jobs at once.
      for (let i = 0; i < (workOptions.concurrency ?? 1); i++) {
        await boss.work(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async (jobs) => {
            for (const job of jobs) await recovery.run(job.id, () => handler(job.data as never));
          },
        );
      }
    },
    running: (name) => recovery.running(name),
    async stop() {
      recovery.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return queue;
}
