/** Event home pages live at /e/:eventSlug; a slug is exactly 8 lowercase hexadecimal characters. */
export const EVENT_SLUG_PATTERN = /^[0-9a-f]{8}$/;

export function isEventSlug(s: string): boolean {
  return EVENT_SLUG_PATTERN.test(s);
}

/**
 * A new event's slug from 4 random bytes (the caller's crypto source). decision (issue 18): the
 * slug is 8 hex characters (the participant side's /e/:eventSlug pattern), so it cannot spell the
 * event's name; it is random, and a clash with an existing slug is retried by the server.
 */
export function eventSlugFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 4) throw new RangeError('an event slug needs 4 random bytes');
  return Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join('');
}
