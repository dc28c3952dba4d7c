import type { SavedCard } from '@fotodrop/contract';
import type Stripe from 'stripe';
import { NotFoundError } from '../../http/errors';

type Customer = { userId: number; email: string };

const notFound = () => new NotFoundError('Card not found.');

function cardOf(method: Stripe.PaymentMethod, isDefault: boolean): SavedCard {
  const card = method.card;
  return {
    id: method.id,
    brand: card?.brand ?? 'card',
    last4: card?.last4 ?? '0000',
    exp_month: card?.exp_month ?? 1,
    exp_year: card?.exp_year ?? 2000,
    is_default: isDefault,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A user's saved cards are the card payment methods attached to their Stripe customer. The
 * default is the customer's invoice default; without one, the oldest card (the first one saved),
 * as the test provider does. Every change first checks the card is attached to this customer.
 */
export function stripeSavedCards(stripe: Stripe, customerOf: (userId: number) => Promise<string | null>) {
  /** The card, when it is this customer's; NotFoundError for anyone else's or an unknown id. */
  async function own(customer: string, cardId: string): Promise<Stripe.PaymentMethod> {
    let method: Stripe.PaymentMethod;
    try {
      method = await stripe.paymentMethods.retrieve(cardId);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 400) throw notFound();
      throw error;
    }
    if (method.type !== 'card' || idOf(method.customer) !== customer) throw notFound();
    return method;
  }

  async function ownByUser(user: Customer, cardId: string) {
    const customer = await customerOf(user.userId);
    if (!customer) throw notFound();
    return { customer, method: await own(customer, cardId) };
  }

  return {
    own,

    async list(user: Customer): Promise<SavedCard[]> {
      const customer = await customerOf(user.userId);
      if (!customer) return [];
      const [methods, record] = await Promise.all([
        stripe.paymentMethods.list({ customer, type: 'card', limit: 100 }),
        stripe.customers.retrieve(customer),
      ]);
      const cards = [...methods.data].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
      const chosen =
        'deleted' in record && record.deleted ? null : idOf(record.invoice_settings.default_payment_method);
      const defaultId = cards.some((c) => c.id === chosen) ? chosen : (cards[0]?.id ?? null);
      return cards.map((c) => cardOf(c, c.id === defaultId));
    },

    async setDefault(user: Customer, cardId: string): Promise<SavedCard> {
      const { customer, method } = await ownByUser(user, cardId);
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method.id } });
      return cardOf(method, true);
    },

    async detach(user: Customer, cardId: string): Promise<void> {
      const { method } = await ownByUser(user, cardId);
      await stripe.paymentMethods.detach(method.id);
    },
  };
}
