import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { metricEvents } from '../db/metrics-schema';

export type MetricEventRow = typeof metricEvents.$inferSelect;

/** Tracking events waiting for the metrics pipeline. */
export function metricEventsRepository(db: Queryable) {
  return {
    async insert(row: typeof metricEvents.$inferInsert): Promise<void> {
      await db.insert(metricEvents).values(row);
    },
    /** A user's events of one type, oldest first. */
    ofUser(userId: number, type: string): Promise<MetricEventRow[]> {
      return db
        .select()
        .from(metricEvents)
        .where(and(eq(metricEvents.userId, userId), eq(metricEvents.type, type)))
        .orderBy(asc(metricEvents.id));
    },
  };
}
