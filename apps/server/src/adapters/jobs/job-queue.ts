import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../../db/client';
import { retryingConcurrentCreate } from './concurrent-create';
import { jobRecovery, type RecoveryOptions } from './job-recovery';

export interface JobOptions {
  /** Attempts after the first failure, with exponential backoff. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * Names the job (its subject: `media-42`). pg-boss 10 enforces a key only on queues created with a
   * policy such as `short`; ours are `standard`, so a second send is queued too and every handler
   * must be idempotent (they are: each re-reads the state it acts on). See decisions.md, issue 20.
   */
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
      pending = retryingConcurrentCreate(() => boss.createQueue(name)).catch((error: unknown) => {
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

/** A job written by `enqueueInTransaction`. */
export interface TransactionalJob {
  data: object;
  singletonKey: string;
}

/**
 * Jobs inserted by the caller's own statement into pg-boss's table (same database), so they
 * commit or roll back with the caller's transaction: what the transaction records and the jobs
 * it queues cannot part in a crash. Spaced `spacingSeconds` apart after the last job of the
 * queue still waiting, which makes the queue's pace a rate across every process (callers hold
 * `pg_advisory_xact_lock` on the queue first). The queue must exist: a worker of it was started.
 */
export async function enqueueInTransaction(
  tx: Queryable,
  name: string,
  jobs: readonly TransactionalJob[],
  options: { spacingSeconds: number; retryLimit?: number; retryDelaySeconds?: number },
): Promise<void> {
  if (jobs.length === 0) return;
  const records = jobs.map((j, n) => ({ data: j.data, key: j.singletonKey, n }));
  const result = await tx.execute(sql`
    with base as (
      select greatest(now(), coalesce(max(start_after) + ${options.spacingSeconds}::float8 * interval '1 second', now())) as t
      from ${sql.raw(SCHEMA)}.job where name = ${name} and state = 'created'
    )
    insert into ${sql.raw(SCHEMA)}.job
      (name, data, start_after, singleton_key, retry_limit, retry_delay, retry_backoff, policy, keep_until)
    select ${name}, x.data, base.t + x.n * ${options.spacingSeconds}::float8 * interval '1 second', x.key,
      ${options.retryLimit ?? 5}, ${options.retryDelaySeconds ?? 5}, true, q.policy,
      base.t + x.n * ${options.spacingSeconds}::float8 * interval '1 second' + interval '14 days'
    from json_to_recordset(${JSON.stringify(records)}::json) as x(data jsonb, key text, n int)
    cross join base
    join ${sql.raw(SCHEMA)}.queue q on q.name = ${name}
    returning id`);
  const inserted = Array.isArray(result) ? result.length : (result as { rows: unknown[] }).rows.length;
  if (inserted !== jobs.length) throw new Error(`queue ${name} does not exist yet: start its worker first`);
}

/** Serialises the callers of `enqueueInTransaction` on one queue until their transactions end. */
export async function lockQueue(tx: Queryable, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fotodrop-queue:${name}`}))`);
}
