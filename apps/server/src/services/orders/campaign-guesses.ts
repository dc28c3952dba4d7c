import type { Queryable } from '../../db/client';
import { vouchersRepository } from '../../repositories/vouchers.repository';
import type { CodeGuesser, WrongGuessLimits } from '../albums/code-guess-limits';

/**
 * A campaign code takes money off like a promo code, so trying codes spends the promo codes' budget:
 * a code that no campaign has is a wrong guess. An expired or deactivated campaign, or one of another organisation,
 * is not: its link was real, and the cart simply shows no discount for it.
 */
export async function countCampaignGuess(
  db: Queryable,
  guesses: WrongGuessLimits,
  guesser: CodeGuesser,
  code: string | undefined,
  applied: boolean,
): Promise<void> {
  if (!code || applied) return;
  if (await vouchersRepository(db).campaignByCode(code)) return;
  await guesses.recordWrong(guesser);
}
