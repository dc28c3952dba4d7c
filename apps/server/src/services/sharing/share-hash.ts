import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The security_hash of a share link: an HMAC-SHA256 of the sharing user's id and the medium's id,
 * under a key derived from the media-link secret (one secret to keep, a key of its own for this
 * use). 24 bytes in base64url: 192 bits, beyond guessing, so the link needs no rate limit.
 */
const KEPT_HASHES = 60_000;

export function shareHasher(secret: string) {
  const key = createHmac('sha256', secret).update('fotodrop share links v1').digest();
  // A hash never changes, and every album page lists one per medium: kept, the oldest out first.
  const kept = new Map<string, string>();
  const hash = (userId: number, mediaId: number) => {
    const pair = `${userId}:${mediaId}`;
    let found = kept.get(pair);
    if (found === undefined) {
      found = createHmac('sha256', key).update(pair).digest().subarray(0, 24).toString('base64url');
      if (kept.size >= KEPT_HASHES) kept.delete(kept.keys().next().value as string);
      kept.set(pair, found);
    }
    return found;
  };
  return {
    hash,
    /** Constant time, so the answer's timing tells nothing of how much of a guess was right. */
    verify(candidate: string, userId: number, mediaId: number): boolean {
      const expected = Buffer.from(hash(userId, mediaId));
      const given = Buffer.from(candidate);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ShareHasher = ReturnType<typeof shareHasher>;
