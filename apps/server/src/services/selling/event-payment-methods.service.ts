import {
  type EventPaymentMethods,
  PAYMENT_METHODS,
  type PaymentMethodId,
  type PaymentMethodUnavailableReason,
  type updateEventPaymentMethodsBodySchema,
} from '@fotodrop/contract';
import type { z } from 'zod';
import type { PaymentRegistry } from '../../adapters/payments/payment-registry';
import type { Db, Queryable } from '../../db/client';
import { ValidationError } from '../../http/errors';
import { ordersRepository } from '../../repositories/orders.repository';
import type { PhotoServiceRow } from '../../repositories/photo-services.repository';
import { sellingSettingsRepository } from '../../repositories/selling-settings.repository';
import { teamRepository } from '../../repositories/team.repository';
import type { AuthContext } from '../accounts/auth.service';
import { METHOD_CURRENCIES, PAYMENT_METHOD_NAMES } from '../orders/payment-options';
import { consoleAccess } from '../organisations/console-access';

type Update = z.output<typeof updateEventPaymentMethodsBodySchema>;

/**
 * The payment methods an event offers (issue 19), chosen among those the installation serves; the
 * checkout reads the same row (`payment-options.ts`). Reading is orders.read — managers and support
 * answer "can I pay by transfer?" —, choosing is selling.manage (owners).
 */
export function eventPaymentMethodsService(deps: { db: Db; payments: PaymentRegistry }) {
  /** Why the event cannot offer a method, or null when it can. */
  async function unavailability(
    db: Queryable,
    event: PhotoServiceRow,
  ): Promise<Map<PaymentMethodId, PaymentMethodUnavailableReason | null>> {
    const account = await ordersRepository(db).bankAccountFor(event.organisationId);
    return new Map(
      PAYMENT_METHODS.map((method) => {
        const currencies = METHOD_CURRENCIES[method];
        let reason: PaymentMethodUnavailableReason | null = null;
        if (!deps.payments.methods.includes(method)) reason = 'not_configured';
        else if (method === 'bank-transfer' && account === null) reason = 'no_bank_account';
        else if (currencies && !currencies.includes(event.currency)) reason = 'currency';
        return [method, reason];
      }),
    );
  }

  async function view(db: Queryable, event: PhotoServiceRow): Promise<EventPaymentMethods> {
    const settings = await sellingSettingsRepository(db).paymentSettings(event.id);
    const reasons = await unavailability(db, event);
    return {
      currency: event.currency,
      customised: settings !== undefined && !PAYMENT_METHODS.every((m) => settings.methods.includes(m)),
      methods: PAYMENT_METHODS.map((id) => {
        const reason = reasons.get(id) ?? null;
        return {
          id,
          name: PAYMENT_METHOD_NAMES[id],
          available: reason === null,
          unavailable_reason: reason,
          enabled: reason === null && (settings?.methods.includes(id) ?? true),
          currencies: METHOD_CURRENCIES[id] ? [...(METHOD_CURRENCIES[id] ?? [])] : null,
          confirm_message: settings?.confirmMessages[id] ?? null,
        };
      }),
    };
  }

  return {
    async get(auth: AuthContext, slug: string): Promise<EventPaymentMethods> {
      const { event } = await consoleAccess(deps.db).event(auth, slug, 'orders.read');
      return view(deps.db, event);
    },

    async update(auth: AuthContext, slug: string, input: Update): Promise<EventPaymentMethods> {
      const { event } = await consoleAccess(deps.db).event(auth, slug, 'selling.manage');
      // under the organisation's lock: a removal of its bank account cannot slip between the check and the save
      return deps.db.transaction(async (tx) => {
        await teamRepository(tx).lockOrganisation(event.organisationId);
        return save(tx, event, input);
      });
    },
  };

  async function save(db: Queryable, event: PhotoServiceRow, input: Update): Promise<EventPaymentMethods> {
    const reasons = await unavailability(db, event);
    const refused = (input.methods ?? []).filter((m) => reasons.get(m) !== null);
    if (refused.length > 0) {
      throw new ValidationError(
        { methods: ['payment_methods.unavailable'] },
        `This event cannot offer ${refused.map((m) => PAYMENT_METHOD_NAMES[m]).join(', ')}: ${refused
          .map((m) => reasons.get(m))
          .join(', ')}.`,
      );
    }
    const messages: Partial<Record<PaymentMethodId, string>> = {};
    for (const [method, text] of Object.entries(input.confirm_messages) as [
      PaymentMethodId,
      string | null,
    ][]) {
      if (text) messages[method] = text;
    }
    const repo = sellingSettingsRepository(db);
    // No choice (null): every method, so methods the platform adds later are offered too; the
    // checkout intersects with what the platform serves. Without texts either, no row at all.
    if (input.methods === null && Object.keys(messages).length === 0)
      await repo.removePaymentSettings(event.id);
    else await repo.savePaymentSettings(event.id, input.methods ?? [...PAYMENT_METHODS], messages);
    return view(db, event);
  }
}
export type EventPaymentMethodsService = ReturnType<typeof eventPaymentMethodsService>;
