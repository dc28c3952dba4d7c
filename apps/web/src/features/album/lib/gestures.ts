import { LONG_TAP_MS, SWIPE_TOLERANCE, TAP_TOLERANCE } from '@fotodrop/contract/constants';

export type Gesture = 'next' | 'previous' | 'tap' | 'long-tap' | 'none';

/**
 * What a finished touch on the photo meant: a horizontal travel beyond SWIPE_TOLERANCE pixels is
 * a swipe (left = next); a touch that stayed within TAP_TOLERANCE pixels is a tap, or a long tap
 * when held LONG_TAP_MS or more; anything else (a vertical drag, a short wobble) means nothing.
 */
export function classifyGesture(dx: number, dy: number, durationMs: number): Gesture {
  if (Math.abs(dx) > SWIPE_TOLERANCE && Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'next' : 'previous';
  if (Math.hypot(dx, dy) <= TAP_TOLERANCE) return durationMs >= LONG_TAP_MS ? 'long-tap' : 'tap';
  return 'none';
}

/** Whether a touch still counts as held in place (for the long-tap timer). */
export function withinTap(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) <= TAP_TOLERANCE;
}
