/**
 * Taking up again the jobs of a worker that died mid-run (a crash, a kill -9, a lost machine).
 *
 * pg-boss marks a fetched job `active` and only gives up on it when its `expireIn` passes, which
 * for a video transcode is 45 minutes. So every run also has a heartbeat row here, refreshed by the
 * process running it; a job that is active but whose heartbeat is older than `staleAfterSeconds`
 * (or that never got one, fetched by a process that died at once) belongs to no living worker and
 * is failed into a retry, which any worker then picks up. Every process sweeps for such jobs at
 * start and periodically, so this holds with any number of API and worker processes on one
 * PostgreSQL. With PGlite only one process can open the database: at start, whatever is active
 * was interrupted, and is retried at once.
 */
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { retryingConcurrentCreate } from './concurrent-create';

export interface RecoveryOptions {
  /** A run whose heartbeat is older than this belongs to a dead worker (default 30 s). */
  staleAfterSeconds?: number;
  /** How often this process refreshes its runs' heartbeats (default 10 s). */
  heartbeatSeconds?: number;
  /** How often this process looks for dead workers' jobs (default 10 s). */
  sweepSeconds?: number;
}

export function jobRecovery(database: Database, boss: PgBoss, schema: string, options: RecoveryOptions = {}) {
  const staleAfter = options.staleAfterSeconds ?? 30;
  const runs = `${schema}.fotodrop_job_runs`;
  const sql = (text: string, values: unknown[] = []) => database.executeSql(text, values);
  const running = new Set<string>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  /** Fails the active jobs no living worker runs, so pg-boss retries them; answers how many. */
  async function sweep(staleSeconds: number): Promise<number> {
    const { rows } = await sql(
      `select j.name, j.id::text as id from ${schema}.job j
        left join ${runs} r on r.job_id = j.id
        where j.state = 'active' and j.name not like '\\_\\_pgboss%'
          and coalesce(r.seen_on, j.started_on) < now() - $1 * interval '1 second'`,
      [staleSeconds],
    );
    const byQueue = new Map<string, string[]>();
    for (const row of rows as { name: string; id: string }[]) {
      if (running.has(row.id)) continue;
      byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
    }
    for (const [name, ids] of byQueue) {
      for (const id of ids) await boss.fail(name, id, { message: 'the worker running this job stopped' });
    }
    // Heartbeats of runs that ended without removing theirs (a failed shutdown) go too.
    await sql(
      `delete from ${runs} r where r.seen_on < now() - $1 * interval '1 second'
        and not exists (select 1 from ${schema}.job j where j.id = r.job_id and j.state = 'active')`,
      [staleSeconds],
    );
    return [...byQueue.values()].reduce((n, ids) => n + ids.length, 0);
  }

  const report = (error: unknown) => {
    if (!stopped) console.error('job recovery error', error);
  };

  return {
    /** Creates the heartbeat table, takes up interrupted jobs, and starts the timers. */
    async start(): Promise<void> {
      await retryingConcurrentCreate(() =>
        sql(
          `create table if not exists ${runs} (
            job_id uuid primary key,
            seen_on timestamptz not null default now()
          )`,
        ),
      );
      await sweep(database.kind === 'pglite' ? 0 : staleAfter);
      const every = (seconds: number, task: () => Promise<unknown>) => {
        const timer = setInterval(() => void task().catch(report), seconds * 1000);
        timer.unref();
        timers.push(timer);
      };
      every(options.heartbeatSeconds ?? 10, async () => {
        if (running.size === 0) return;
        await sql(`update ${runs} set seen_on = now() where job_id = any($1::uuid[])`, [[...running]]);
      });
      every(options.sweepSeconds ?? 10, () => sweep(staleAfter));
    },

    /** Runs one job's handler under a heartbeat. */
    async run(jobId: string, handler: () => Promise<void>): Promise<void> {
      running.add(jobId);
      try {
        await sql(
          `insert into ${runs} (job_id) values ($1) on conflict (job_id) do update set seen_on = now()`,
          [jobId],
        );
        await handler();
      } finally {
        // The row stays until a sweep finds it stale and its job no longer active: pg-boss marks the
        // job completed only after this returns, and a job briefly active without a heartbeat
        // would be taken for a dead worker's (and an e-mail sent twice).
        running.delete(jobId);
        await sql(`update ${runs} set seen_on = now() where job_id = $1`, [jobId]).catch(report);
      }
    },

    /** The data of `name`'s active jobs that have a heartbeat row (a worker runs them). */
    async running(name: string): Promise<unknown[]> {
      const { rows } = await sql(
        `select j.data from ${runs} r
          join ${schema}.job j on j.name = $1 and j.id = r.job_id
          where j.state = 'active'`,
        [name],
      );
      return (rows as { data: unknown }[]).map((row) => row.data);
    },

    stop(): void {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
    },
  };
}
