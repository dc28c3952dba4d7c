import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Window {
  count: number;
  retryAfterSeconds: number;
}

/** A delay that doubles with every attempt after the free ones, up to a cap. */
export interface BackoffCurve {
  /** Attempts allowed before the first wait. */
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  /** A key left alone this long starts again from zero. */
  forgetSeconds: number;
}

/** Seconds to wait after `attempts` attempts; the SQL in attemptWithBackoff computes the same. */
export function backoffSeconds(attempts: number, curve: BackoffCurve): number {
  if (attempts < curve.free) return 0;
  return Math.min(curve.maxSeconds, curve.baseSeconds * 2 ** Math.min(attempts - curve.free, 30));
}

/** Fixed-window counters in the database, so every API process sees the same counts. */
export function rateLimitsRepository(db: Queryable) {
  return {
    /** Adds one to `key`'s window (starting a new one when the old has passed) and returns the new state. */
    async hit(key: string, windowSeconds: number, now: Date): Promise<Window> {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStartedAt} <= ${new Date(now.getTime() - windowSeconds * 1000)} then 1 else ${rateLimits.count} + 1 end`,
            windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${new Date(now.getTime() - windowSeconds * 1000)} then ${now} else ${rateLimits.windowStartedAt} end`,
          },
        })
        .returning();
      if (!row) throw new Error('rate limit upsert returned nothing');
      return toWindow(row, windowSeconds, now);
    },
    /** Takes back one hit of `key`'s current window (an attempt that turned out not to count). */
    async giveBack(key: string, windowSeconds: number, now: Date): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(
          and(
            eq(rateLimits.key, key),
            gt(rateLimits.windowStartedAt, new Date(now.getTime() - windowSeconds * 1000)),
          ),
        );
    },
    async peek(key: string, windowSeconds: number, now: Date): Promise<Window> {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      if (!row) return { count: 0, retryAfterSeconds: 0 };
      return toWindow(row, windowSeconds, now);
    },
    /**
     * Counts one attempt on a growing-delay key, atomically with the check that its wait has passed:
     * of parallel attempts only those that find the key open are counted. Returns the attempts so far
     * and when the last one was made; `counted` is false when the key was still waiting.
     */
    async attemptWithBackoff(
      key: string,
      backoff: BackoffCurve,
      now: Date,
    ): Promise<{ counted: boolean; attempts: number; lastAt: Date }> {
      const forgetBefore = new Date(now.getTime() - backoff.forgetSeconds * 1000);
      const wait = sql`case when ${rateLimits.count} < ${backoff.free} then 0 else least(${backoff.maxSeconds}, ${backoff.baseSeconds} * power(2, least(${rateLimits.count} - ${backoff.free}, 30))) end`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.windowStartedAt} <= ${forgetBefore} then 1 else ${rateLimits.count} + 1 end`,
            windowStartedAt: now,
          },
          setWhere: sql`${rateLimits.windowStartedAt} <= ${forgetBefore} or ${rateLimits.windowStartedAt} + make_interval(secs => ${wait}) <= ${now}`,
        })
        .returning();
      if (row) return { counted: true, attempts: row.count, lastAt: row.windowStartedAt };
      const [held] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      return { counted: false, attempts: held?.count ?? 0, lastAt: held?.windowStartedAt ?? now };
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    /** Deletes keys untouched since `before`; returns how many went. */
    async purgeIdleSince(before: Date): Promise<number> {
      const gone = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before)).returning({
        key: rateLimits.key,
      });
      return gone.length;
    },
  };
}

function toWindow(row: typeof rateLimits.$inferSelect, windowSeconds: number, now: Date): Window {
  const endsAt = row.windowStartedAt.getTime() + windowSeconds * 1000;
  if (endsAt <= now.getTime()) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: Math.ceil((endsAt - now.getTime()) / 1000) };
}
