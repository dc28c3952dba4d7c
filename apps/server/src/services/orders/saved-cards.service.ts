import type { SavedCard } from '@fotodrop/contract';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import { NotFoundError } from '../../http/errors';
import type { AuthContext } from '../accounts/auth.service';
import { assertNotImpersonated } from '../accounts/impersonation-audit';

/**
 * The user's saved cards, kept by whichever provider serves the card method (`stripe` in the
 * contract): Stripe when it is configured, the test provider otherwise. A provider that keeps no
 * cards has none to show, set or remove.
 */
export function savedCardsService(deps: { payments: PaymentRegistry }) {
  const cardsApi = () => deps.payments.forMethod('stripe')?.savedCards ?? null;
  const customerOf = (auth: AuthContext) => ({ userId: auth.user.id, email: auth.user.email });
  const noCards = () => new NotFoundError('Card not found.');

  return {
    async list(auth: AuthContext): Promise<{ results: SavedCard[] }> {
      const api = cardsApi();
      return { results: api ? await api.list(customerOf(auth)) : [] };
    },
    async setDefault(auth: AuthContext, cardId: string): Promise<SavedCard> {
      assertNotImpersonated(auth);
      const api = cardsApi();
      if (!api) throw noCards();
      return api.setDefault(customerOf(auth), cardId);
    },
    async detach(auth: AuthContext, cardId: string): Promise<{ detail: string }> {
      assertNotImpersonated(auth);
      const api = cardsApi();
      if (!api) throw noCards();
      await api.detach(customerOf(auth), cardId);
      return { detail: 'The card was removed.' };
    },
  };
}
export type SavedCardsService = ReturnType<typeof savedCardsService>;
