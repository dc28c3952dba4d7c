import type { HdServingType } from '@fotodrop/contract';

export type HdAvailability = 'available' | 'not_yet' | 'ended';

/** The album fields (`photo_services`) that decide when bought originals may be downloaded. */
export interface HdWindow {
  hdServingType: HdServingType;
  hdAvailableFrom: Date | null;
  hdAvailableTo: Date | null;
}

/**
 * Whether HD originals of an album can be downloaded at `now` (albums spec §4 "HD download is
 * available only some time after the event"): `immediate` albums serve them at once, `delayed`
 * ones from `hdAvailableFrom`; both stop at `hdAvailableTo` when it is set.
 *
 * decision: a `delayed` album without a start date is `not_yet` — the organiser has not released
 * HD, and guessing a date would hand out files the organiser may still be retouching.
 */
export function hdAvailability(service: HdWindow, now: Date): HdAvailability {
  if (service.hdAvailableTo && now.getTime() >= service.hdAvailableTo.getTime()) return 'ended';
  if (service.hdServingType === 'immediate') return 'available';
  if (!service.hdAvailableFrom || now.getTime() < service.hdAvailableFrom.getTime()) return 'not_yet';
  return 'available';
}
