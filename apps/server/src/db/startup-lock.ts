import pg from 'pg';

/**
 * Start-up steps that must not run in two processes at once: applying migrations and seeding. Any
 * number of API and worker processes may start together against one PostgreSQL (a deploy, a
 * machine reboot); drizzle's migrator takes no lock of its own, so two of them would both apply
 * the same migration and one would stop on "relation already exists" (or worse, half of a
 * migration without a transaction). The lock is a session advisory lock on a connection of its own,
 * so the work itself may use the pool; a process that waited finds the work done and does nothing.
 * PGlite (connectionString null) is one process: the work runs directly.
 */

/** The first key of the two-key advisory lock (tus locks use another space: `upload-locker.ts`). */
const LOCK_SPACE = 0x66647374;
export const STARTUP_LOCKS = { migrate: 1, seed: 2 } as const;

export async function withStartupLock<T>(
  connectionString: string | null,
  lock: keyof typeof STARTUP_LOCKS,
  work: () => Promise<T>,
): Promise<T> {
  if (connectionString === null) return work();
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [LOCK_SPACE, STARTUP_LOCKS[lock]]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when the unlock itself cannot be sent.
    await client.end().catch(() => {});
  }
}
