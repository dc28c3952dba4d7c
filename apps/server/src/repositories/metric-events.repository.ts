import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { metricEvents } from '../db/metrics-schema';

export type MetricEventRow = typeof metricEvents.$inferSelect;

/** A browser's message as the store keeps it: the columns the aggregates read, the rest in payload. */
export interface StoredMessage {
  message_id: string;
  type: string;
  user_id: number | null;
  event_id: number | null;
  occurred_at: string;
  payload: Record<string, unknown>;
  /** The anonymous sender's daily hash (see `metricEvents.sender`); null for a signed-in user. */
  sender: string | null;
}

/** Rows of `db.execute`: node-postgres answers `{ rows }`, PGlite's drizzle driver the same or a list. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** The append-only store of usage messages (browsers' and the server's own tracking). */
export function metricEventsRepository(db: Queryable) {
  return {
    async insert(row: typeof metricEvents.$inferInsert): Promise<void> {
      await db.insert(metricEvents).values(row);
    },
    /**
     * Stores many browser messages in one statement (the whole list travels as one JSON
     * parameter, so no parameter limit applies); an id already stored is skipped, and so is a
     * message about an event or a medium that does not exist (or a medium of another event):
     * nobody's figures could show it, and a flood of invented ids must not fill the store.
     * Answers the ids stored now.
     */
    async insertMessages(messages: StoredMessage[]): Promise<string[]> {
      if (messages.length === 0) return [];
      const result = await db.execute(sql`
        insert into metric_events (message_id, type, user_id, event_id, occurred_at, payload, sender)
        select r.message_id, r.type, r.user_id, r.event_id, r.occurred_at, r.payload, r.sender
          from jsonb_to_recordset(${JSON.stringify(messages)}::jsonb)
            as r(message_id uuid, type text, user_id integer, event_id integer, occurred_at timestamptz,
                 payload jsonb, sender text)
         where (r.event_id is null or exists (select 1 from photo_services e where e.id = r.event_id))
           and (jsonb_typeof(r.payload->'media_id') is distinct from 'number'
                or exists (select 1 from media x
                            where x.id = (r.payload->>'media_id')::int
                              and (r.event_id is null or x.photo_service_id = r.event_id)))
        on conflict (message_id) do nothing
        returning message_id`);
      return rowsOf<{ message_id: string }>(result).map((r) => r.message_id);
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
