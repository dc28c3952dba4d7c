import { z } from 'zod';
import { endpoint } from '../endpoint';
import { MEDIA_TYPES, PACKAGE_ORDER_TYPES } from '../enums';
import { PRICE_LIST_MAX_ITEMS, priceListProblems } from '../rules/price-list-check';
import { dateTime, id, idParam, money, resultsOf } from './common';
import { eventSlugSchema } from './events';
import { packageOfferSchema, priceListItemSchema } from './galleries';

const tag = 'Organiser prices';

/** Price sheets one organisation keeps at most. */
export const PRICE_SHEETS_MAX = 200;

const amount = money.nullable();
const quantity = z
  .number({ message: 'qty.invalid' })
  .int({ message: 'qty.invalid' })
  .min(1, { message: 'qty.invalid' })
  .max(10_000, { message: 'qty.invalid' })
  .nullable();

/** An entry as the console sends it: the participant's item shape, each field with its message. */
const itemInput = z.strictObject({
  media_type: z.enum(MEDIA_TYPES, { message: 'choice.invalid' }),
  qty: quantity,
  from_qty: quantity,
  to_qty: quantity,
  unit_price: amount,
  price: amount,
  price_original: amount,
});
const packageInput = z.strictObject({
  order_type: z.enum(PACKAGE_ORDER_TYPES, { message: 'choice.invalid' }),
  price: money,
  price_original: amount,
  /** Optional: bodies from before issue 19 have no pre-sale. */
  prepurchase_price: amount.optional(),
});

const listFields = {
  currency: z.string().regex(/^[A-Z]{3}$/, { message: 'currency.invalid' }),
  items: z.array(itemInput).max(PRICE_LIST_MAX_ITEMS, { message: 'field.too_many' }),
  packages: z.array(packageInput).max(PACKAGE_ORDER_TYPES.length, { message: 'field.too_many' }),
};

type ListShape = z.output<z.ZodObject<typeof listFields>>;
/** The list's own rules (`priceListProblems`), as zod issues at their fields. */
const checked = (list: ListShape, ctx: z.core.$RefinementCtx) => {
  for (const problem of priceListProblems(list)) {
    ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  }
};

/**
 * A price list the console stores: the participant's shape (`{currency, items, packages}`),
 * checked by `priceListProblems`; the currency must be the event's (checked by the server).
 */
export const priceListBodySchema = z.strictObject(listFields).superRefine(checked);
export type PriceListBody = z.output<typeof priceListBodySchema>;

/** A price list as the console reads it: what the participant side reads, and where it comes from. */
export const consolePriceListSchema = z.object({
  currency: z.string(),
  items: z.array(priceListItemSchema),
  /** The event's packages: a package buys the whole album, so a gallery shows the event's. */
  packages: z.array(packageOfferSchema),
  /**
   * A gallery's list: true when the gallery has none of its own and shows `inherited_from`'s (the
   * nearest ancestor gallery with a list, or the event's when null). Always false for the event.
   */
  inherited: z.boolean(),
  inherited_from: id.nullable(),
  /** The price sheet the list was last copied from (null: typed in, or the sheet is gone). */
  sheet_id: id.nullable(),
  updated_at: dateTime.nullable(),
});
export type ConsolePriceList = z.infer<typeof consolePriceListSchema>;

/** The event's list, with the galleries that have their own. */
export const eventPriceListSchema = consolePriceListSchema.extend({
  /** Galleries of the event with a list of their own (their photos are not priced by the event's). */
  gallery_lists: z.array(id),
});
export type EventPriceList = z.infer<typeof eventPriceListSchema>;

export const priceListParamsSchema = z.object({ slug: eventSlugSchema });
export const galleryPriceListParamsSchema = z.object({ slug: eventSlugSchema, id: idParam });

const sheetName = z
  .string()
  .trim()
  .min(1, { message: 'field.required' })
  .max(120, { message: 'field.too_long' });

export const createPriceSheetBodySchema = z
  .strictObject({ name: sheetName, ...listFields })
  .superRefine(checked);
/** Any of the fields; the sheet as it would be after the change is checked as a whole. */
export const updatePriceSheetBodySchema = z.strictObject({
  name: sheetName.optional(),
  currency: listFields.currency.optional(),
  items: listFields.items.optional(),
  packages: listFields.packages.optional(),
});

/** A reusable price list of an organisation, applied to events and galleries by copying it. */
export const priceSheetSchema = z.object({
  id,
  name: z.string(),
  currency: z.string(),
  items: z.array(priceListItemSchema),
  packages: z.array(packageOfferSchema),
  created_at: dateTime,
  updated_at: dateTime,
});
export type PriceSheet = z.infer<typeof priceSheetSchema>;

export const priceSheetsParamsSchema = z.object({ id: idParam });
export const priceSheetParamsSchema = z.object({ id: idParam, sheet_id: idParam });

export const applySheetBodySchema = z.strictObject({
  sheet_id: id,
  /** A gallery of the event: the sheet's entries become its own list (packages stay the event's). */
  gallery_id: id.nullable().optional(),
});

export const organiserPriceEndpoints = {
  eventPriceList: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/price-list/',
    tag,
    access: 'user',
    summary:
      "The event's price list (entries and packages) in the event's currency, and which galleries have " +
      'their own (events.read)',
    params: priceListParamsSchema,
    response: eventPriceListSchema,
  }),
  putEventPriceList: endpoint({
    method: 'PUT',
    path: '/organiser/v1/events/{slug}/price-list/',
    tag,
    access: 'user',
    summary:
      "Replace the event's price list and packages. Orders already placed keep their prices; carts " +
      're-price (selling.manage)',
    params: priceListParamsSchema,
    body: priceListBodySchema,
    response: eventPriceListSchema,
  }),
  galleryPriceList: endpoint({
    method: 'GET',
    path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
    tag,
    access: 'user',
    summary:
      "The prices a gallery's participants see: its own list, or (`inherited`) an ancestor's or the " +
      "event's; packages are the event's (events.read)",
    params: galleryPriceListParamsSchema,
    response: consolePriceListSchema,
  }),
  putGalleryPriceList: endpoint({
    method: 'PUT',
    path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
    tag,
    access: 'user',
    summary:
      "Give a gallery (and its sub-galleries without their own) its own entries, overriding the event's; " +
      'packages must be empty: they are the event’s (selling.manage)',
    params: galleryPriceListParamsSchema,
    body: priceListBodySchema,
    response: consolePriceListSchema,
  }),
  deleteGalleryPriceList: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
    tag,
    access: 'user',
    summary: "Remove a gallery's own list: it inherits again (selling.manage)",
    params: galleryPriceListParamsSchema,
    response: consolePriceListSchema,
  }),
  applyPriceSheet: endpoint({
    method: 'POST',
    path: '/organiser/v1/events/{slug}/price-list/apply-sheet/',
    tag,
    access: 'user',
    summary:
      "Copy a price sheet of the event's organisation onto the event (entries and packages) or onto one " +
      "gallery (entries). A copy: later edits of the sheet change no live price. The sheet's currency " +
      "must be the event's (selling.manage)",
    params: priceListParamsSchema,
    body: applySheetBodySchema,
    response: eventPriceListSchema,
  }),
  listPriceSheets: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/price-sheets/',
    tag,
    access: 'user',
    summary: "The organisation's price sheets, by name (selling.manage)",
    params: priceSheetsParamsSchema,
    response: resultsOf(priceSheetSchema),
  }),
  createPriceSheet: endpoint({
    method: 'POST',
    path: '/organiser/v1/organisations/{id}/price-sheets/',
    tag,
    access: 'user',
    status: 201,
    summary: `Create a price sheet (at most ${PRICE_SHEETS_MAX} per organisation) (selling.manage)`,
    params: priceSheetsParamsSchema,
    body: createPriceSheetBodySchema,
    response: priceSheetSchema,
  }),
  updatePriceSheet: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/organisations/{id}/price-sheets/{sheet_id}/',
    tag,
    access: 'user',
    summary: 'Rename or change a price sheet; events it was applied to keep their copies (selling.manage)',
    params: priceSheetParamsSchema,
    body: updatePriceSheetBodySchema,
    response: priceSheetSchema,
  }),
  deletePriceSheet: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/organisations/{id}/price-sheets/{sheet_id}/',
    tag,
    access: 'user',
    summary: 'Delete a price sheet; events it was applied to keep their prices (selling.manage)',
    params: priceSheetParamsSchema,
    response: z.object({ detail: z.string() }),
  }),
};
