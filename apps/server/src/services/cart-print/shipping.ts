import { ErrorCode } from '@fotodrop/contract';
import type { Queryable } from '../../db/client';
import { DomainError } from '../../http/errors';
import { shippingRatesRepository } from '../../repositories/shipping-rates.repository';

/** Print items cannot go to the chosen country (albums spec §2: "No delivery to your country"). */
export class NoDeliveryError extends DomainError {
  constructor(
    readonly country: string,
    field = 'country',
  ) {
    super(400, ErrorCode.noDelivery, 'No delivery to your country', {
      country,
      fields: { [field]: ['shipping.no_delivery'] },
    });
  }
}

export interface ShippingQuote {
  /** Minor units of the asked currency. */
  shipping: number;
  handlingFee: number;
}

/**
 * What sending an order's print items to `country` costs, in `currency`: one shipping charge and
 * one handling fee per order that has print items (decision, docs/decisions.md), nothing for an
 * order of digital items only. Issue 19: each organisation whose prints the order holds sends its
 * own parcel at its own rates (`organisationIds`; null: the platform's rates), so the charges add
 * up; a country one of them does not serve in that currency is refused.
 */
export async function shippingQuote(
  db: Queryable,
  input: {
    country: string;
    currency: string;
    hasPrintItems: boolean;
    organisationIds?: readonly (number | null)[] | undefined;
  },
): Promise<ShippingQuote> {
  if (!input.hasPrintItems) return { shipping: 0, handlingFee: 0 };
  const country = input.country.trim().toUpperCase();
  const senders = [...new Set(input.organisationIds?.length ? input.organisationIds : [null])];
  const quote = { shipping: 0, handlingFee: 0 };
  for (const organisationId of senders) {
    const rate = await shippingRatesRepository(db).find(
      country,
      input.currency.toUpperCase(),
      organisationId,
    );
    if (!rate) throw new NoDeliveryError(country);
    quote.shipping += rate.shipping;
    quote.handlingFee += rate.handlingFee;
  }
  return quote;
}

/** The countries an organisation's prints are delivered to (the platform's by default): those with a rate. */
export const servedCountries = (db: Queryable, organisationId: number | null = null) =>
  shippingRatesRepository(db).countries(organisationId);
