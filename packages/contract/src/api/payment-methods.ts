import { z } from 'zod';
import { endpoint } from '../endpoint';
import { routes } from '../routes';
import { detailResponseSchema } from './accounts';
import { resultsOf } from './common';

const tag = 'Payment methods';

/** A saved card of the user (Stripe payment method). */
export const savedCardSchema = z.object({
  id: z.string(),
  // decision: what the profile needs to recognise a card: brand, last digits, expiry, default flag.
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000),
  is_default: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** Stripe payment-method ids ("pm_…") are strings. */
export const savedCardParamsSchema = z.object({ id: z.string().min(1).max(255) });

export const paymentMethodEndpoints = {
  savedCards: endpoint({
    ...routes.paymentMethods.savedCards,
    tag,
    access: 'user-with-policies',
    summary: "The user's saved cards",
    response: resultsOf(savedCardSchema),
  }),
  setDefaultCard: endpoint({
    ...routes.paymentMethods.setDefaultCard,
    tag,
    access: 'user-with-policies',
    summary: 'Make a saved card the default',
    params: savedCardParamsSchema,
    response: savedCardSchema,
  }),
  detachCard: endpoint({
    ...routes.paymentMethods.detachCard,
    tag,
    access: 'user-with-policies',
    summary: 'Remove a saved card',
    params: savedCardParamsSchema,
    response: detailResponseSchema,
  }),
};
