import { z } from 'zod';

/** Shared wire pieces of the API schemas. */

// decision: ids are positive integers, except Stripe payment-method ids (strings "pm_…").
/** The largest id the database holds (PostgreSQL integer): a larger one can name nothing. */
export const MAX_ID = 2_147_483_647;
/** A numeric id in a URL path or query. */
export const idParam = z.coerce.number().int().min(1).max(MAX_ID);
/** A positive integer id in a JSON body or answer. */
export const id = z.number().int().min(1).max(MAX_ID);
/** `{ id }` path parameters. */
export const idParams = z.object({ id: idParam });

// decision: all money on the wire is a decimal string, like digital_items_total; code computes in minor units.
/** Money on the wire: a decimal string in major units with at most 2 decimals, e.g. "12.50". */
export const money = z.string().regex(/^-?\d+(\.\d{1,2})?$/, { message: 'money.invalid' });
/** ISO 4217 currency code, e.g. "EUR". */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/);
/** ISO 3166-1 alpha-2 country code, e.g. "IT". */
export const countryCode = z.string().regex(/^[A-Z]{2}$/);

// decision: timestamps are ISO 8601 with offset; dates are YYYY-MM-DD.
/** Timestamps are ISO 8601 with an offset or Z; calendar dates are YYYY-MM-DD. */
export const dateTime = z.iso.datetime({ offset: true });
export const date = z.iso.date();

/** A boolean in a URL query. */
export const boolQuery = z.enum(['true', 'false']);

/** A list answer that is not paginated. */
export function resultsOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item) });
}

/** A list of media ids in a body (1..1000 distinct ids). */
export const mediaIds = z
  .array(id)
  .min(1)
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'media_ids.duplicate' });

export const countrySchema = z.object({ code: countryCode, name: z.string() });
export type Country = z.infer<typeof countrySchema>;
