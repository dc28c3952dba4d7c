import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import type { MediaType } from '@fotodrop/contract/constants';

const DAY_MS = 24 * 3_600_000;

/**
 * decision: whether the album sells now (albums spec §5: prices gated by show_prices, purchasing by
 * can_purchase_during_stay). Nothing is offered while prices are hidden or once the media are
 * deleted; with can_purchase_during_stay false nothing is offered during the album's own period
 * (a guest's stay dates, else the event's; whole UTC days, as in album-status.ts).
 */
export function albumSellsNow(checkin: Checkin, now: Date = new Date()): boolean {
  if (!checkin.show_prices || checkin.media_deleted) return false;
  if (checkin.can_purchase_during_stay) return true;
  const start = Date.parse(`${checkin.start_of_stay ?? checkin.event.start_date}T00:00:00Z`);
  const end = Date.parse(`${checkin.end_of_stay ?? checkin.event.end_date}T00:00:00Z`) + DAY_MS;
  const at = now.getTime();
  return at < start || at >= end;
}

/** A media of this type can be bought alone: the price list prices its type (unknown until it loads). */
export function listPricesType(
  items: readonly { media_type: MediaType }[] | undefined,
  type: MediaType,
): boolean {
  return items === undefined || items.some((item) => item.media_type === type);
}
