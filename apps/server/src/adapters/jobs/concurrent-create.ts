/**
 * PostgreSQL's answers when two processes create the same thing at once (a queue's row and its
 * partition table, a `create table if not exists`): a deadlock, or a duplicate catalogue entry.
 */
const CONCURRENT_CREATE = new Set(['40P01', '23505', '42P07']);
const ATTEMPTS = 8;

/**
 * Runs an idempotent creation, again after a clash with another process doing the same: two worker
 * processes started together on a new database deadlocked in pg-boss's `create_queue`, and their
 * heartbeat tables clashed, and one of them exited (found by bench:raceday with 2 workers).
 */
export async function retryingConcurrentCreate(create: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await create();
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !CONCURRENT_CREATE.has(code)) throw error;
      // random waits, growing: the two creators rarely collide twice
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** Math.min(attempt, 5)));
    }
  }
}
