/**
 * tus's lock of an upload across API processes (issue 18): PostgreSQL advisory locks. @tus/server
 * locks an upload for each request (so two PATCHes never write at once); its default lock lives in
 * one process's memory, which several API processes behind a load balancer would not share.
 *
 * Each lock is a session advisory lock on a connection of its own pool, held for the request's
 * length (a PATCH may stream a 50 MB chunk for minutes): the app's pool is never starved by
 * uploads, and a crashed process's locks end with its connections. Within the process the memory
 * lock still comes first: it asks a stale request of the same upload to let go (a client that
 * reconnects while the server still reads its dead connection), which another process cannot.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MemoryLocker } from '@tus/server';
import { ERRORS, type Lock, type Locker } from '@tus/utils';
import pg from 'pg';

/** The first key of the two-key advisory lock: tus locks never meet any other advisory lock. */
const LOCK_SPACE = 0x74757300;
const POLL_MS = 100;
const DEFAULT_TIMEOUT_MS = 30_000;

export interface UploadLocker extends Locker {
  close(): Promise<void>;
}

export function postgresUploadLocker(
  connectionString: string,
  options: { timeoutMs?: number; connections?: number } = {},
): UploadLocker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new pg.Pool({ connectionString, max: options.connections ?? 20 });
  pool.on('error', (error) => console.error('upload lock connection lost:', error.message));
  const local = new MemoryLocker({ acquireLockTimeout: timeoutMs });

  return {
    newLock(id: string): Lock {
      const inProcess = local.newLock(id);
      let client: pg.PoolClient | null = null;
      const release = async () => {
        const held = client;
        client = null;
        if (!held) return;
        try {
          await held.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, id]);
          held.release();
        } catch (error) {
          // a connection in an unknown state is closed, which ends its locks too
          held.release(error instanceof Error ? error : true);
        }
      };
      return {
        async lock(signal, requestRelease) {
          await inProcess.lock(signal, requestRelease);
          try {
            client = await pool.connect();
            const deadline = Date.now() + timeoutMs;
            for (;;) {
              const { rows } = await client.query<{ ok: boolean }>(
                'select pg_try_advisory_lock($1, hashtext($2)) as ok',
                [LOCK_SPACE, id],
              );
              if (rows[0]?.ok) return;
              if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
              await sleep(POLL_MS);
            }
          } catch (error) {
            client?.release();
            client = null;
            await inProcess.unlock();
            throw error;
          }
        },
        async unlock() {
          await release();
          await inProcess.unlock();
        },
      };
    },
    close: () => pool.end(),
  };
}
