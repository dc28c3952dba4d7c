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

function budgets(who: CodeGuesser): [string, Limit][] {
  const keys: [string, Limit][] = [[`code:ip:${who.ip}`, CODE_GUESS_LIMITS.wrongCodesPerAddress]];
  if (who.userId !== null) keys.push([`code:account:${who.userId}`, CODE_GUESS_LIMITS.wrongCodesPerAccount]);
  return keys;
}

export function codeGuessLimits(limiter: Pick<RateLimiter, 'assertOpen' | 'recordFailure'>) {
  return {
    /**
     * Looks a code up under the limits: 429 (with Retry-After) before the lookup while the address
     * or the account has used its wrong codes up, even for a right code, so guessing cannot go on
     * and be confirmed later; a miss is counted, and the miss that uses the budget up answers 429.
     */
    async lookUp<T>(who: CodeGuesser, find: () => Promise<T | undefined>): Promise<T | undefined> {
      for (const [key, limit] of budgets(who)) await limiter.assertOpen(key, limit);
      const found = await find();
      if (found !== undefined) return found;
      await this.recordWrong(who);
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
export type CodeGuessLimits = ReturnType<typeof codeGuessLimits>;
