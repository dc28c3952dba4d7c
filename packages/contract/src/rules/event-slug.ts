/** Event home pages live at /e/:eventSlug; a slug is exactly 8 lowercase hexadecimal characters. */
export const EVENT_SLUG_PATTERN = /^[0-9a-f]{8}$/;

export function isEventSlug(s: string): boolean {
  return EVENT_SLUG_PATTERN.test(s);
}
