import type { MetricType } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { metricEventsRepository } from '../../repositories/metric-events.repository';

/** Amounts are minor units of `currency`, as every figure the server keeps. */
export interface AddToCartPayload {
  item_id: number;
  checkin_id: number;
  event_name: string;
  order_type: string;
  /** Media the cart line buys after the change. */
  media_count: number;
  currency: string;
  /** The line's price after the change. */
  value: number;
}

export interface PurchasePayload {
  order_id: number;
  currency: string;
  /** The order's grand total. */
  value: number;
  item_count: number;
}

export type TrackedEvent =
  | { type: 'add_to_cart'; userId: number | null; payload: AddToCartPayload }
  | { type: 'purchase'; userId: number | null; payload: PurchasePayload }
  /** A selfie given for an album's face search (issue 19: the dashboards' selfie searches). */
  | { type: 'selfie_added'; userId: number | null; payload: { album_id: number } }
  /** The spec's other metric types (albums spec §9), with the fields each names. */
  | { type: MetricType; userId: number | null; payload: Record<string, unknown> };

/**
 * Records a tracking event (albums spec §7: add-to-cart after creating an item, changing its type
 * or adding media; purchase with currency, value and item count) in `metric_events`, the queue
 * the metrics pipeline reads. Given the caller's transaction, the event exists exactly when the
 * change it reports was committed.
 */
export async function track(db: Queryable, event: TrackedEvent): Promise<void> {
  await metricEventsRepository(db).insert({
    type: event.type,
    userId: event.userId,
    payload: { ...event.payload },
  });
}
