import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue } from '../src/adapters/jobs/job-queue';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { BACKENDS, type Backend, createTestDatabase, type TestDatabase } from './databases';

const waitFor = (predicate: () => boolean, ms = 20_000) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (predicate()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(timer);
        reject(new Error('timed out waiting'));
      }
    }, 100);
  });

/** A database that can be closed and opened again, as a process restart does. */
async function restartable(backend: Backend) {
  if (backend === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'fotodrop-jobs-'));
    return { open: () => openPglite(dir), destroy: () => rm(dir, { recursive: true, force: true }) };
  }
  const server: TestDatabase = await createTestDatabase('postgres');
  await server.close();
  return { open: () => openPostgres(server.connectionString!), destroy: () => server.destroy() };
}

describe.each(BACKENDS)('the durable job queue on %s', (backend) => {
  let db: Awaited<ReturnType<typeof restartable>>;
  beforeAll(async () => {
    db = await restartable(backend);
  });
  afterAll(() => db?.destroy());

  it('keeps a job queued before a restart and runs it afterwards', async () => {
    const first: Database = await db.open();
    const queue1 = await startJobQueue(first, { pollingIntervalSeconds: 0.5 });
    await queue1.send('thumbnail', { mediaId: 7 });
    await queue1.stop();
    await first.close();

    const second = await db.open();
    const queue2 = await startJobQueue(second, { pollingIntervalSeconds: 0.5 });
    const seen: unknown[] = [];
    await queue2.work<{ mediaId: number }>('thumbnail', async (data) => void seen.push(data));
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ mediaId: 7 }]);
    await queue2.stop();
    await second.close();
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const database = await db.open();
    const queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
    const attemptsAt: number[] = [];
    await queue.work<{ to: string }>('mail', async () => {
      attemptsAt.push(Date.now());
      if (attemptsAt.length === 1) throw new Error('SMTP server down');
    });
    await queue.send('mail', { to: 'a@example.com' }, { retryLimit: 3, retryDelaySeconds: 1 });
    await waitFor(() => attemptsAt.length >= 2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(attemptsAt).toHaveLength(2);
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(900);
    await queue.stop();
    await database.close();
  });

  it('takes twenty parallel first jobs of a new queue without losing one', async () => {
    const database = await db.open();
    const queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
    const sent = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => queue.send('burst', { n: i })),
    );
    expect(sent.filter((s) => s.status === 'rejected')).toEqual([]);
    const seen: number[] = [];
    await queue.work<{ n: number }>('burst', async (data) => void seen.push(data.n));
    await waitFor(() => seen.length === 20);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await queue.stop();
    await database.close();
  });

  it.runIf(backend === 'postgres')(
    'lets worker processes started together create the same new queues without one failing',
    async () => {
      // three processes' queues on one database, each creating the same twelve queues at once, as
      // `npm run worker` processes started together on a new database do
      const databases = await Promise.all([db.open(), db.open(), db.open()]);
      const queues = await Promise.all(
        databases.map((d) => startJobQueue(d, { pollingIntervalSeconds: 0.5 })),
      );
      const names = Array.from({ length: 12 }, (_, i) => `together-${i}`);
      // each registers its workers one queue after another, as `registerWorkers` does
      const created = await Promise.allSettled(
        queues.map(async (q) => {
          for (const name of names) await q.work(name, async () => undefined);
        }),
      );
      expect(created.filter((c) => c.status === 'rejected')).toEqual([]);
      const sent = await Promise.all(names.map((name) => queues[0]!.send(name, { ok: true })));
      expect(sent.every((id) => typeof id === 'string')).toBe(true);
      await Promise.all(queues.map((q) => q.stop()));
      await Promise.all(databases.map((d) => d.close()));
    },
  );
});
