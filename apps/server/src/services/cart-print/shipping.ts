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
 * order of digital items only. A country without a rate in that currency is not served.
 */
export async function shippingQuote(
  db: Queryable,
  input: { country: string; currency: string; hasPrintItems: boolean },
): Promise<ShippingQuote> {
  if (!input.hasPrintItems) return { shipping: 0, handlingFee: 0 };
  const country = input.country.trim().toUpperCase();
  const rate = await shippingRatesRepository(db).find(country, input.currency.toUpperCase());
  if (!rate) throw new NoDeliveryError(country);
  return { shipping: rate.shipping, handlingFee: rate.handlingFee };
}

/** The countries print items are delivered to: those with a shipping rate. */
export const servedCountries = (db: Queryable) => shippingRatesRepository(db).countries();
