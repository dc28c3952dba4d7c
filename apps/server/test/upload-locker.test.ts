import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUploadLocker, type UploadLocker } from '../src/adapters/storage/upload-locker';
import { createTestDatabase, type TestDatabase } from './databases';

/**
 * Issue 18: several API processes take the lock of one upload from PostgreSQL (advisory locks),
 * so two processes never write the same upload at once. Two lockers stand for two processes.
 */
describe('upload locks shared by API processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let first: UploadLocker;
  let second: UploadLocker;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    first = postgresUploadLocker(database.connectionString!);
    second = postgresUploadLocker(database.connectionString!);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.destroy();
  });
  const never = () => new AbortController().signal;
  const noRelease = async () => {};

  it('keeps another process from an upload until it is let go, but not from other uploads', async () => {
    const held = first.newLock('upload-a');
    await held.lock(never(), noRelease);

    // the other process waits for the lock; when its request gives up, it has not got it
    const giveUp = new AbortController();
    const waiting = second.newLock('upload-a').lock(giveUp.signal, noRelease);
    const outcome = waiting.then(
      () => 'locked',
      (error: { status_code?: number }) => `refused ${error.status_code}`,
    );
    // another upload is free meanwhile
    const other = second.newLock('upload-b');
    await other.lock(never(), noRelease);
    await other.unlock();
    giveUp.abort();
    expect(await outcome).toBe('refused 500');

    await held.unlock();
    const next = second.newLock('upload-a');
    await next.lock(never(), noRelease);
    const { rows } = await database.executeSql(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted",
    );
    expect(rows[0]).toEqual({ n: 1 });
    await next.unlock();
  });

  it('within one process asks the holder to let go (a stale request of a reconnected client)', async () => {
    const held = first.newLock('upload-c');
    let asked = false;
    await held.lock(never(), async () => {
      asked = true;
      await held.unlock();
    });
    const again = first.newLock('upload-c');
    await again.lock(never(), noRelease);
    expect(asked).toBe(true);
    await again.unlock();
  });
});
