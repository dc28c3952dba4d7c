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
  const addressBudget = (who: CodeGuesser): [string, Limit] => [
    `${prefix}:ip:${who.ip}`,
    limits.wrongCodesPerAddress,
  ];
  const accountBudget = (who: CodeGuesser): [string, Limit] | null =>
    who.userId === null ? null : [`${prefix}:account:${who.userId}`, limits.wrongCodesPerAccount];
  const budgets = (who: CodeGuesser): [string, Limit][] => {
    const account = accountBudget(who);
    return account ? [addressBudget(who), account] : [addressBudget(who)];
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
     * decision (issue 20 audit, session 18): the ACCOUNT's attempt is counted before the lookup and
     * given back when the code is right (or the attempt is refused or fails), so a burst of parallel
     * guesses from one account cannot all pass a check made before any of them was counted (40 at
     * once were 40 lookups for a budget of 10). The ADDRESS budget is checked before and charged
     * after, as before: a crowd on one Wi-Fi shares that row, and right codes must not queue on it;
     * a burst without an account can overshoot it by the burst's size once, then the address waits.
     */
    async lookUp<T>(who: CodeGuesser, find: () => Promise<T | undefined>): Promise<T | undefined> {
      const address = addressBudget(who);
      const account = accountBudget(who);
      const reserved = account
        ? await limiter.reserve(account[0], account[1])
        : { count: 0, retryAfterSeconds: 0 };
      const giveBack = async () => {
        if (account) await limiter.release(account[0], account[1]);
      };
      try {
        if (account && reserved.count > account[1].max)
          throw new RateLimitedError(reserved.retryAfterSeconds);
        await limiter.assertOpen(address[0], address[1]);
      } catch (error) {
        await giveBack();
        throw error;
      }
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
      // the account's miss is counted already; the address's now
      const blocked = await limiter.recordFailure(address[0], address[1]);
      if (blocked) throw blocked;
      if (account && reserved.count >= account[1].max) throw new RateLimitedError(reserved.retryAfterSeconds);
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
