import type { Db } from '../db/client';
import { RateLimitedError } from '../http/errors';
import { rateLimitsRepository } from '../repositories/rate-limits.repository';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** The limits of sign-in, sign-up and password reset, per client address and per account. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
  signupPerIp: { max: 10, windowSeconds: 60 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export function rateLimiter(db: Db, now: () => Date) {
  const repo = rateLimitsRepository(db);
  return {
    /** Counts an attempt; throws 429 once the window holds more than `limit.max` attempts. */
    async consume(key: string, limit: Limit): Promise<void> {
      const window = await repo.hit(key, limit.windowSeconds, now());
      if (window.count > limit.max) throw new RateLimitedError(window.retryAfterSeconds);
    },
    /** Throws 429 while `key` has reached `limit.max`, without counting this attempt. */
    async assertOpen(key: string, limit: Limit): Promise<void> {
      const window = await repo.peek(key, limit.windowSeconds, now());
      if (window.count >= limit.max) throw new RateLimitedError(window.retryAfterSeconds);
    },
    /** Counts a failure; returns the 429 to throw when this failure reached the limit. */
    async recordFailure(key: string, limit: Limit): Promise<RateLimitedError | null> {
      const window = await repo.hit(key, limit.windowSeconds, now());
      return window.count >= limit.max ? new RateLimitedError(window.retryAfterSeconds) : null;
    },
    reset: (key: string) => repo.reset(key),
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
