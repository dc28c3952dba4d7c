import type { Db } from '../../db/client';
import { RateLimitedError } from '../../http/errors';
import {
  type BackoffCurve,
  backoffSeconds,
  rateLimitsRepository,
  type Window,
} from '../../repositories/rate-limits.repository';

export type { BackoffCurve } from '../../repositories/rate-limits.repository';

export interface Limit {
  max: number;
  windowSeconds: number;
}

const HOUR = 60 * 60;

/**
 * The limits of sign-in, sign-up and password reset (reasoning in docs/decisions.md, "Rate limits
 * (issue 8)"). Per client address they only stop floods: hundreds of participants share one event
 * Wi-Fi address. The strict limits sit on what an attacker aims at: one account, one mailbox.
 */
export const LIMITS = {
  loginPerIp: { max: 1000, windowSeconds: HOUR },
  signupPerIp: { max: 500, windowSeconds: HOUR },
  resetPerIp: { max: 300, windowSeconds: HOUR },
  /** Reset mails to one e-mail address: what a mail-bombing attacker targets. */
  resetPerAccount: { max: 3, windowSeconds: HOUR },
} satisfies Record<string, Limit>;

/** Growing delays, keyed by what a guesser repeats. */
export const BACKOFFS = {
  /**
   * Sign-in attempts of one account from one client address: five free, then 1 s, 2 s, 4 s … up to
   * 15 minutes; a success starts again. The owner at another address is never held up by it.
   */
  loginPerAccountAndIp: { free: 5, baseSeconds: 1, maxSeconds: 15 * 60, forgetSeconds: 24 * HOUR },
} satisfies Record<string, BackoffCurve>;

/**
 * How long an untouched key is kept: longer than every window and every backoff's memory (also the
 * album-code limits'), so a purge never forgets an attempt that still counts.
 */
export const RATE_LIMIT_RETENTION_SECONDS = 2 * 24 * HOUR;

export function rateLimiter(db: Db, now: () => Date) {
  const repo = rateLimitsRepository(db);
  return {
    /** Counts an attempt; throws 429 once the window holds more than `limit.max` attempts. */
    async consume(key: string, limit: Limit): Promise<void> {
      const window = await repo.hit(key, limit.windowSeconds, now());
      if (window.count > limit.max) throw new RateLimitedError(window.retryAfterSeconds);
    },
    /** Counts an attempt and answers whether it is within the limit (for what is skipped, not refused). */
    async allow(key: string, limit: Limit): Promise<boolean> {
      const window = await repo.hit(key, limit.windowSeconds, now());
      return window.count <= limit.max;
    },
    /** Throws 429 while `key` has reached `limit.max`, without counting this attempt. */
    async assertOpen(key: string, limit: Limit): Promise<void> {
      const window = await repo.peek(key, limit.windowSeconds, now());
      if (window.count >= limit.max) throw new RateLimitedError(window.retryAfterSeconds);
    },
    /**
     * Counts an attempt before it is made and answers the count so far (this one included), so
     * parallel attempts each see the others; `release` takes it back if it turns out not to count.
     */
    reserve: async (key: string, limit: Limit): Promise<Window> => repo.hit(key, limit.windowSeconds, now()),
    release: (key: string, limit: Limit): Promise<void> => repo.giveBack(key, limit.windowSeconds, now()),
    /** Counts a failure; returns the 429 to throw when this failure reached the limit. */
    async recordFailure(key: string, limit: Limit): Promise<RateLimitedError | null> {
      const window = await repo.hit(key, limit.windowSeconds, now());
      return window.count >= limit.max ? new RateLimitedError(window.retryAfterSeconds) : null;
    },
    /**
     * Counts an attempt on a growing-delay key, or throws 429 (with the seconds left) while the key
     * still waits. Returns the wait the next attempt faces, for the caller to announce after a failure;
     * `reset` after a success.
     */
    async attempt(key: string, curve: BackoffCurve): Promise<{ nextWaitSeconds: number }> {
      const at = now();
      const result = await repo.attemptWithBackoff(key, curve, at);
      const wait = backoffSeconds(result.attempts, curve);
      if (!result.counted) {
        const left = (result.lastAt.getTime() + wait * 1000 - at.getTime()) / 1000;
        throw new RateLimitedError(Math.max(1, Math.ceil(left)));
      }
      return { nextWaitSeconds: wait };
    },
    reset: (key: string) => repo.reset(key),
    /** Removes keys nobody has touched within the retention; without it the table grows with every address. */
    purgeIdle: () => repo.purgeIdleSince(new Date(now().getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000)),
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
