import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PAYMENT_METHODS } from '../enums';
import { ibanProblem, isBic, normalizeBic, normalizeIban } from '../rules/iban';
import { countryCode, currencyCode, id, idParam, money } from './common';
import { eventSlugSchema } from './events';

const tag = 'Organiser selling';

const methodId = z.enum(PAYMENT_METHODS, { message: 'payment.method_unknown' });

/**
 * Why an event cannot offer a method: the installation does not serve it (PAYMENT_METHODS), no
 * bank account takes transfers (neither the organisation's nor the platform's), or the method
 * does not take the event's currency (iDEAL: euro only).
 */
export const PAYMENT_METHOD_UNAVAILABLE_REASONS = ['not_configured', 'no_bank_account', 'currency'] as const;
export type PaymentMethodUnavailableReason = (typeof PAYMENT_METHOD_UNAVAILABLE_REASONS)[number];

/** One method of the platform as an event's console page shows it. */
export const eventPaymentMethodSchema = z.object({
  id: methodId,
  name: z.string(),
  available: z.boolean(),
  unavailable_reason: z.enum(PAYMENT_METHOD_UNAVAILABLE_REASONS).nullable(),
  /** Offered at this event's checkout (an unavailable method never is). */
  enabled: z.boolean(),
  /** The currencies the method takes; null: any. */
  currencies: z.array(currencyCode).nullable(),
  /** The organiser's text shown before paying with it; null: the platform's default text. */
  confirm_message: z.string().nullable(),
});
export type EventPaymentMethod = z.infer<typeof eventPaymentMethodSchema>;

export const eventPaymentMethodsSchema = z.object({
  /** The event's currency (the methods' currencies are checked against it). */
  currency: currencyCode,
  /** false: the event made no choice and offers every method the platform serves. */
  customised: z.boolean(),
  methods: z.array(eventPaymentMethodSchema),
});
export type EventPaymentMethods = z.infer<typeof eventPaymentMethodsSchema>;

const confirmText = z
  .string()
  .trim()
  .max(1000, { message: 'field.too_long' })
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const updateEventPaymentMethodsBodySchema = z
  .object({
    /** The methods offered; null: back to every method the platform serves (later ones too). */
    methods: z
      .array(methodId)
      .min(1, { message: 'payment_methods.none' })
      .max(PAYMENT_METHODS.length)
      .refine((list) => new Set(list).size === list.length, { message: 'payment_methods.repeated' })
      .nullable(),
    /** Texts shown before paying with a method; a missing or empty one: the platform's default. */
    confirm_messages: z.partialRecord(methodId, confirmText).default({}),
  })
  .strict();
export type UpdateEventPaymentMethods = z.input<typeof updateEventPaymentMethodsBodySchema>;

/** Where an organisation's bank-transfer orders are paid to. */
export const bankAccountSchema = z.object({
  beneficiary: z.string(),
  /** Normalised: no spaces, upper case. */
  iban: z.string(),
  bic: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const organisationBankAccountSchema = z.object({
  /** The organisation's own account; null: its transfers go to the platform's account, if any. */
  account: bankAccountSchema.nullable(),
  /** Whether the platform has an account that takes transfers of organisations without their own. */
  platform_account: z.boolean(),
});
export type OrganisationBankAccount = z.infer<typeof organisationBankAccountSchema>;

export const updateBankAccountBodySchema = z
  .object({
    beneficiary: z
      .string()
      .trim()
      .min(2, { message: 'field.required' })
      .max(140, { message: 'field.too_long' }),
    iban: z
      .string()
      .max(50, { message: 'iban.invalid' })
      .superRefine((value, ctx) => {
        const problem = ibanProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform(normalizeIban),
    bic: z
      .string()
      .max(20, { message: 'bic.invalid' })
      .refine(isBic, { message: 'bic.invalid' })
      .transform(normalizeBic),
  })
  .strict();
export type UpdateBankAccount = z.input<typeof updateBankAccountBodySchema>;

/** A price the organisation sets: positive, at most 2 decimals, below 100,000. */
const price = money
  .refine((v) => Number(v) > 0, { message: 'price.positive' })
  .refine((v) => Number(v) < 100_000, { message: 'number.too_big' });
/** A fee: zero or more. */
const fee = money
  .refine((v) => Number(v) >= 0, { message: 'price.negative' })
  .refine((v) => Number(v) < 100_000, { message: 'number.too_big' });

export const printOfferVariantSchema = z.object({
  id,
  /** The variant's options by name, in group order ("10×15 cm", "Glossy"). */
  options: z.array(z.string()),
  /** The catalogue's price; null when the catalogue sells it in another currency than the offer's. */
  catalogue_price: money.nullable(),
  /** The organisation's own price; null: the catalogue's. */
  price: money.nullable(),
});

export const printOfferProductSchema = z.object({
  id,
  family_id: id,
  family: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  catalogue_currency: currencyCode,
  /** Offered to the organisation's participants. */
  enabled: z.boolean(),
  variants: z.array(printOfferVariantSchema),
});
export type PrintOfferProduct = z.infer<typeof printOfferProductSchema>;

export const shippingRateSchema = z.object({
  country: countryCode,
  /** Per order with print items. */
  shipping: money,
  handling_fee: money,
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const printOfferSchema = z.object({
  /** The organisation's currency: its prices and shipping rates are in it. */
  currency: currencyCode,
  products: z.array(printOfferProductSchema),
  /** The organisation's own delivery countries and rates; null: the platform's (below). */
  shipping_rates: z.array(shippingRateSchema).nullable(),
  /** The platform's rates in the offer's currency: what applies while `shipping_rates` is null. */
  platform_shipping_rates: z.array(shippingRateSchema),
});
export type PrintOffer = z.infer<typeof printOfferSchema>;

export const updatePrintOfferBodySchema = z
  .object({
    /** Products listed take these settings; a product not listed is offered at catalogue prices. */
    products: z
      .array(
        z
          .object({
            id,
            enabled: z.boolean(),
            /** A variant's own price; null or not listed: the catalogue's. */
            variants: z
              .array(z.object({ id, price: price.nullable() }).strict())
              .max(1000)
              .default([]),
          })
          .strict(),
      )
      .max(1000)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
        message: 'print_offer.product_repeated',
      }),
    /** The delivery countries with their rates; null: the platform's countries and rates. */
    shipping_rates: z
      .array(
        z
          .object({
            country: z.string().trim().toUpperCase().pipe(countryCode),
            shipping: fee,
            handling_fee: fee,
          })
          .strict(),
      )
      .min(1, { message: 'shipping.no_country' })
      .max(300)
      .refine((list) => new Set(list.map((r) => r.country)).size === list.length, {
        message: 'shipping.country_repeated',
      })
      .nullable(),
  })
  .strict();
export type UpdatePrintOffer = z.input<typeof updatePrintOfferBodySchema>;

const eventParams = z.object({ slug: eventSlugSchema });
const organisationParams = z.object({ id: idParam });

/**
 * Issue 19, "Payment methods and print offer": which methods an event offers (of those the
 * platform serves), the organisation's bank account for transfers, and its print offer.
 */
export const organiserPaymentEndpoints = {
  getEventPaymentMethods: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/payment-methods/',
    tag,
    access: 'user',
    summary:
      "Every payment method of the platform with whether the event can offer it and offers it, and the organiser's texts (owners, managers, support)",
    params: eventParams,
    response: eventPaymentMethodsSchema,
  }),
  updateEventPaymentMethods: endpoint({
    method: 'PUT',
    path: '/organiser/v1/events/{slug}/payment-methods/',
    tag,
    access: 'user',
    summary:
      'Choose the methods the event offers (400 for one the platform cannot serve for it) and their texts (owners)',
    params: eventParams,
    body: updateEventPaymentMethodsBodySchema,
    response: eventPaymentMethodsSchema,
  }),
  getBankAccount: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/bank-account/',
    tag,
    access: 'user',
    summary: "The account the organisation's bank-transfer orders are paid to (owners)",
    params: organisationParams,
    response: organisationBankAccountSchema,
  }),
  updateBankAccount: endpoint({
    method: 'PUT',
    path: '/organiser/v1/organisations/{id}/bank-account/',
    tag,
    access: 'user',
    summary: 'Set the account for bank transfers: beneficiary, IBAN (mod-97 checked), BIC (owners)',
    params: organisationParams,
    body: updateBankAccountBodySchema,
    response: organisationBankAccountSchema,
  }),
  deleteBankAccount: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/organisations/{id}/bank-account/',
    tag,
    access: 'user',
    summary:
      "Remove the organisation's account; refused (409 bank_account_in_use, `data.events`) while an event " +
      'offers bank transfer (owners)',
    params: organisationParams,
    response: organisationBankAccountSchema,
  }),
  getPrintOffer: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/print-offer/',
    tag,
    access: 'user',
    summary:
      "The organisation's print offer: products of the platform catalogue on or off, their prices, delivery countries and shipping rates (owners)",
    params: organisationParams,
    response: printOfferSchema,
  }),
  updatePrintOffer: endpoint({
    method: 'PUT',
    path: '/organiser/v1/organisations/{id}/print-offer/',
    tag,
    access: 'user',
    summary:
      'Set the print offer: products on or off, prices per variant in the organisation currency, delivery countries with shipping and handling (owners)',
    params: organisationParams,
    body: updatePrintOfferBodySchema,
    response: printOfferSchema,
  }),
};
