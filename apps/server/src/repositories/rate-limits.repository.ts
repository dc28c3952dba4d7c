import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Window {
  count: number;
  retryAfterSeconds: number;
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
    async peek(key: string, windowSeconds: number, now: Date): Promise<Window> {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      if (!row) return { count: 0, retryAfterSeconds: 0 };
      return toWindow(row, windowSeconds, now);
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

function toWindow(row: typeof rateLimits.$inferSelect, windowSeconds: number, now: Date): Window {
  const endsAt = row.windowStartedAt.getTime() + windowSeconds * 1000;
  if (endsAt <= now.getTime()) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: Math.ceil((endsAt - now.getTime()) / 1000) };
}
