import { RateLimitedError } from '../../http/errors';
import type { Limit, RateLimiter } from '../accounts/rate-limiter';

/**
 * How many WRONG album codes a client may try. Right codes are free: a crowd on one event Wi-Fi
 * opening its albums costs nothing, only mistypes and guesses count. The per-address budget fits
 * hundreds of participants behind one address each mistyping a few times an hour; the per-account
 * budget is what one person ever needs. The arithmetic against code entropy is in
 * docs/decisions.md, "Album code guessing (issue 8)".
 */
export const CODE_GUESS_LIMITS = {
  wrongCodesPerAddress: { max: 1000, windowSeconds: 60 * 60 },
  wrongCodesPerAccount: { max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Who is trying a code: the client address (the real one behind TRUST_PROXY) and the account, if any. */
export interface CodeGuesser {
  ip: string;
  userId: number | null;
}

/**
 * decision (issue 9): promo codes are guessable too (a valid one is worth money): wrong ones are
 * limited like album codes, per address for a crowd on one Wi-Fi and per account for one person.
 */
export const VOUCHER_GUESS_LIMITS = {
  wrongCodesPerAddress: { max: 1000, windowSeconds: 60 * 60 },
  wrongCodesPerAccount: { max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/**
 * decision (issue 20): wrong bib + last name pairs of find by bib are limited like album codes,
 * with a budget of their own so a runner's typos do not use up their codes. A pair is far easier
 * to guess than a code (the bib shows on the photos, last names repeat), so it is the per-account
 * budget that bounds a targeted guess; the per-address one lets a finish-line crowd on one Wi-Fi in.
 */
export const BIB_GUESS_LIMITS = {
  wrongCodesPerAddress: { max: 1000, windowSeconds: 60 * 60 },
  wrongCodesPerAccount: { max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

type GuessLimits = { wrongCodesPerAddress: Limit; wrongCodesPerAccount: Limit };

/** Limits on wrong guesses of one kind of code (`prefix` keeps the kinds' budgets apart). */
export function wrongGuessLimits(
  limiter: Pick<RateLimiter, 'assertOpen' | 'recordFailure' | 'reserve' | 'release'>,
  prefix: string,
  limits: GuessLimits,
) {
  const budgets = (who: CodeGuesser): [string, Limit][] => {
    const keys: [string, Limit][] = [[`${prefix}:ip:${who.ip}`, limits.wrongCodesPerAddress]];
    if (who.userId !== null) keys.push([`${prefix}:account:${who.userId}`, limits.wrongCodesPerAccount]);
    return keys;
  };
  return {
    /** 429 (with Retry-After) while the address or the account has used its wrong codes up. */
    async assertOpen(who: CodeGuesser): Promise<void> {
      for (const [key, limit] of budgets(who)) await limiter.assertOpen(key, limit);
    },
    /**
     * Looks a code up under the limits: 429 (with Retry-After) before the lookup while the address
     * or the account has used its wrong codes up, even for a right code, so guessing cannot go on
     * and be confirmed later; a miss is counted, and the miss that uses the budget up answers 429.
     * decision (issue 20 audit): the attempt is counted BEFORE the lookup and given back when the
     * code is right (or the attempt is refused), so a burst of parallel guesses cannot all pass a
     * check made before any of them was counted (40 at once were 40 lookups for a budget of 10).
     */
    async lookUp<T>(who: CodeGuesser, find: () => Promise<T | undefined>): Promise<T | undefined> {
      const reserved = budgets(who);
      // every budget at once: the writes cost a round trip (and a commit) each, in parallel
      const windows = await Promise.all(reserved.map(([key, limit]) => limiter.reserve(key, limit)));
      const giveBack = () => Promise.all(reserved.map(([key, limit]) => limiter.release(key, limit)));
      const over = windows.find((w, i) => w.count > reserved[i]![1].max);
      if (over) {
        await giveBack();
        throw new RateLimitedError(over.retryAfterSeconds);
      }
      const last = windows.find((w, i) => w.count >= reserved[i]![1].max);
      const usedUp = last ? new RateLimitedError(last.retryAfterSeconds) : null;
      let found: T | undefined;
      try {
        found = await find();
      } catch (error) {
        await giveBack();
        throw error;
      }
      if (found !== undefined) {
        await giveBack();
        return found;
      }
      if (usedUp) throw usedUp;
      return undefined;
    },

    /** Counts a wrong code against every budget of `who`; throws the 429 when one is used up. */
    async recordWrong(who: CodeGuesser): Promise<void> {
      let blocked: Error | null = null;
      for (const [key, limit] of budgets(who)) blocked = (await limiter.recordFailure(key, limit)) ?? blocked;
      if (blocked) throw blocked;
    },
  };
}
export type WrongGuessLimits = ReturnType<typeof wrongGuessLimits>;

export const codeGuessLimits = (
  limiter: Pick<RateLimiter, 'assertOpen' | 'recordFailure' | 'reserve' | 'release'>,
) => wrongGuessLimits(limiter, 'code', CODE_GUESS_LIMITS);
export type CodeGuessLimits = WrongGuessLimits;
