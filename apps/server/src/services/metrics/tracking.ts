import type { Queryable } from '../../db/client';
import { metricEvents } from '../../db/order-schema';

export type TrackedEvent = 'add_to_cart' | 'purchase' | 'zip_downloaded';

/**
 * Tracking events (albums spec §4: add-to-cart and purchase with currency, value and item count)
 * into the metrics queue, a table the metrics pipeline reads. Written in the caller's transaction
 * where there is one, so an event exists exactly when what it reports happened.
 */
export async function track(
  db: Queryable,
  event: { type: TrackedEvent; userId: number | null; payload: Record<string, unknown> },
): Promise<void> {
  await db.insert(metricEvents).values({ type: event.type, userId: event.userId, payload: event.payload });
}
