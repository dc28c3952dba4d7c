import { spawnSync } from 'node:child_process';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue } from '../src/adapters/jobs/job-queue';
import { argon2Hasher } from '../src/adapters/password-hasher';
import type { Database } from '../src/db/client';
import { DEFAULT_WORK_ROOT } from '../src/media/work-dirs';
import { photoServicesRepository } from '../src/repositories/photo-services.repository';
import { registerWorkers } from '../src/runtime';
import { seedDemo } from '../src/seed/demo';
import { DERIVATIVES_QUEUE } from '../src/services/media/media-files.service';
import { BACKENDS } from './databases';
import { collectingMailer, type Harness, startHarness } from './harness';

/** Polls `check` until it holds; fails after `ms` (a bound on waiting, not a measured time). */
async function waitFor(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** pg-boss on the test database, as another process's queue would be. */
function otherBoss(database: Database): PgBoss {
  return database.connectionString !== null
    ? new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 2, supervise: false })
    : new PgBoss({
        schema: 'pgboss',
        supervise: false,
        db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
      });
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe.each(BACKENDS)('jobs interrupted by a crash on %s', (backend) => {
  let h: Harness;
  let serviceId: number;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    serviceId = (await photoServicesRepository(h.database.db).findBySlug('5e1a0c3d'))!.id;
  });
  afterAll(() => h?.close());

  const status = async (id: number) =>
    (
      (await h.database.executeSql('select status from media where id = $1', [id])).rows[0] as {
        status: string;
      }
    ).status;

  it('takes up a job a dead worker held active, and removes the folder it left', {
    timeout: 120_000,
  }, async () => {
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a52' } })
      .jpeg()
      .toBuffer();
    const { id } = await h.services.mediaFiles.ingest({
      photoServiceId: serviceId,
      galleryId: null,
      tags: [],
      filename: 'crash.jpg',
      bytes,
    });
    // A worker fetches the job (pg-boss marks it active), beats its heartbeat, then dies.
    const crashed = otherBoss(h.database);
    await crashed.start();
    const [job] = await crashed.fetch(DERIVATIVES_QUEUE);
    expect(job).toBeDefined();
    await h.database.executeSql(
      `insert into pgboss.fotodrop_job_runs (job_id, seen_on) values ($1, now() - interval '1 hour')`,
      [job!.id],
    );
    await crashed.stop({ graceful: false, wait: true });
    // ... leaving its half-done work in a folder of its own (a process id no longer running).
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    const left = join(DEFAULT_WORK_ROOT, `${deadPid}-1`, 'w-video');
    await mkdir(left, { recursive: true });
    await writeFile(join(left, 'upload'), 'half a video');
    expect(await status(id)).toBe('processing');

    // The restart: a queue and its workers, as `npm start` or `npm run worker` open them.
    const restarted = await startJobQueue(h.database, {
      pollingIntervalSeconds: 0.5,
      recovery: { staleAfterSeconds: 2, sweepSeconds: 0.5, heartbeatSeconds: 0.5 },
    });
    try {
      await registerWorkers({ jobs: restarted, mailer: collectingMailer(), services: h.services });
      expect(await exists(join(DEFAULT_WORK_ROOT, `${deadPid}-1`))).toBe(false);
      await waitFor(async () => (await status(id)) === 'ready');
    } finally {
      await restarted.stop();
    }
  });

  it("leaves a living worker's long job alone, however long it runs", { timeout: 120_000 }, async () => {
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const runs = { first: 0, second: 0 };
    const options = {
      pollingIntervalSeconds: 0.5,
      recovery: { staleAfterSeconds: 3, sweepSeconds: 0.3, heartbeatSeconds: 0.2 },
    };
    const first = await startJobQueue(h.database, options);
    const second = await startJobQueue(h.database, options);
    try {
      await first.work('long-job', async () => {
        runs.first++;
        await released;
      });
      await first.send('long-job', { n: 1 });
      await waitFor(async () => runs.first === 1);
      // Another worker process on the same queue, sweeping as well: it must find nothing to take.
      await second.work('long-job', async () => void runs.second++);
      // Running three times past the staleness limit, kept alive by its heartbeat while both sweep.
      await waitFor(async () => {
        const { rows } = await h.database.executeSql(
          `select extract(epoch from r.seen_on - j.started_on)::float as alive from pgboss.job j
            join pgboss.fotodrop_job_runs r on r.job_id = j.id
            where j.name = 'long-job' and j.state = 'active'`,
          [],
        );
        return ((rows[0] as { alive: number } | undefined)?.alive ?? 0) > 9;
      });
      expect(runs).toEqual({ first: 1, second: 0 });
      release();
      await waitFor(async () => {
        const { rows } = await h.database.executeSql(
          `select state from pgboss.job where name = 'long-job'`,
          [],
        );
        return (rows[0] as { state: string } | undefined)?.state === 'completed';
      });
      expect(runs).toEqual({ first: 1, second: 0 });
    } finally {
      release();
      await second.stop();
      await first.stop();
    }
  });
});
