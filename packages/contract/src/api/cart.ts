import { z } from 'zod';
import { CART_ITEM_MEDIAS_PAGE_SIZE, ORDER_TYPES, PACKAGE_ORDER_TYPES, PAYMENT_METHODS } from '../constants';
import { endpoint } from '../endpoint';
import { pageQuerySchema } from '../pagination';
import { routes } from '../routes';
import { detailResponseSchema } from './accounts';
import { countryCode, currencyCode, id, idParam, idParams, mediaIds, money, resultsOf } from './common';
import { paginatedMediaSchema } from './media';
import { printCartItemSchema } from './print';

const tag = 'Cart';

/** A digital item (cart line) of the albums spec §3. */
export const digitalItemSchema = z.object({
  id,
  media_ids: z.array(id),
  // decision: up to 4 media for the line's thumbnails; all of them come from …/{id}/medias/.
  medias: z.array(z.object({ id, thumbnail_url: z.string() })).max(4),
  gallery_id: id.nullable(),
  checkin_id: id,
  picacode: z.string(),
  // decision: the line names its album, so the basket needs no call per album.
  event_name: z.string(),
  order_type: z.enum(ORDER_TYPES),
});
export type DigitalItem = z.infer<typeof digitalItemSchema>;

// decision: every amount is a decimal string like digital_items_total; currency is null while the cart is empty.
export const cartTotalsSchema = z.object({
  digital_items_total: money,
  digital_items_count: z.number().int().min(0),
  print_items_total: money,
  print_items_count: z.number().int().min(0),
  subtotal: money,
  shipping_costs: money,
  handling_fee: money,
  discount_total: money,
  grand_total: money,
  currency: currencyCode.nullable(),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

// decision: per-line totals; `total_original` is the undiscounted price when a package price applies.
export const cartItemTotalSchema = z.object({
  id,
  media_count: z.number().int().min(0),
  total: money,
  total_original: money.nullable(),
});

export const paymentMethodOptionSchema = z.object({
  id: z.enum(PAYMENT_METHODS),
  name: z.string(),
  // decision: the banks to choose from for iDEAL and Przelewy24 (empty otherwise).
  banks: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** Payment methods available for the current cart (albums spec §3 "Payments response"). */
export const cartPaymentsSchema = z.object({
  payment_methods: z.array(paymentMethodOptionSchema),
  // decision: public keys the browser needs; test_mode marks the built-in test provider.
  payment_settings: z.object({
    stripe_publishable_key: z.string().nullable(),
    mercado_pago_public_key: z.string().nullable(),
    test_mode: z.boolean(),
  }),
  // decision: a message per method shown on the confirm step (e.g. bank-transfer instructions).
  confirm_messages: z.partialRecord(z.enum(PAYMENT_METHODS), z.string()),
});
export type CartPayments = z.infer<typeof cartPaymentsSchema>;

// decision: a voucher entered at checkout is checked by GET /v1/cart/; its state is part of the answer.
export const voucherSchema = z.object({
  code: z.string(),
  status: z.enum(['valid', 'invalid', 'used']),
  free_photos: z.number().int().min(0).nullable(),
});

// decision (issue 17): the preview link's campaign, once it applies to this cart (valid, of the
// cart's organisation): its code, percentage and what it takes off (part of totals.discount_total).
export const cartCampaignSchema = z.object({
  code: z.string(),
  percent_off: z.number().int().min(0).max(100),
  discount: money,
});

// decision (issue 17): per album of picks, the whole-album package when it costs less than the
// photos picked (the saving against what the picks cost now; one click switches to it).
export const packageSuggestionSchema = z.object({
  checkin_id: id,
  event_name: z.string(),
  order_type: z.enum(PACKAGE_ORDER_TYPES),
  media_count: z.number().int().min(0),
  price: money,
  picks_total: money,
  saving: money,
});
export type PackageSuggestion = z.infer<typeof packageSuggestionSchema>;

export const cartSchema = z.object({
  digital_items: z.array(digitalItemSchema),
  print_items: z.array(printCartItemSchema),
  totals: cartTotalsSchema,
  voucher: voucherSchema.nullable(),
  campaign: cartCampaignSchema.nullable(),
  package_suggestions: z.array(packageSuggestionSchema),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartQuerySchema = z.object({
  voucher_code: z.string().trim().min(1).max(64).optional(),
  // decision (issue 17): the campaign of a preview link, priced as the order will price it.
  campaign_code: z.string().trim().min(1).max(64).optional(),
  // decision: shipping costs depend on the destination country.
  country: countryCode.optional(),
});
export const digitalItemsQuerySchema = z.object({ checkin_id: idParam.optional() });

export const createDigitalItemBodySchema = z
  .object({
    checkin_id: id,
    gallery_id: id.nullable().default(null),
    order_type: z.enum(ORDER_TYPES),
    media_ids: z.array(id).max(1000).default([]),
  })
  .refine((b) => b.order_type !== 'PHOTOLIST' || b.media_ids.length > 0, {
    path: ['media_ids'],
    message: 'cart.media_required',
  });
export const mediaIdsBodySchema = z.object({ media_ids: mediaIds });
export const setTypeBodySchema = z.object({ type: z.enum(ORDER_TYPES) });
export const addAllMediasBodySchema = z.object({ checkin_id: id, gallery_id: id.nullable().default(null) });
export const itemMediasQuerySchema = pageQuerySchema(CART_ITEM_MEDIAS_PAGE_SIZE, CART_ITEM_MEDIAS_PAGE_SIZE);

export const cartEndpoints = {
  digitalItems: endpoint({
    ...routes.cart.digitalItems,
    tag,
    access: 'user-with-policies',
    summary: 'Digital items in the cart',
    query: digitalItemsQuerySchema,
    response: resultsOf(digitalItemSchema),
  }),
  createDigitalItem: endpoint({
    ...routes.cart.createDigitalItem,
    tag,
    access: 'user-with-policies',
    status: 201,
    summary: 'Add a pick of media or a package to the cart (refused in another currency)',
    body: createDigitalItemBodySchema,
    response: digitalItemSchema,
  }),
  addMedias: endpoint({
    ...routes.cart.addMedias,
    tag,
    access: 'user-with-policies',
    summary: 'Add media to a digital item',
    params: idParams,
    body: mediaIdsBodySchema,
    response: digitalItemSchema,
  }),
  removeMedias: endpoint({
    ...routes.cart.removeMedias,
    tag,
    access: 'user-with-policies',
    summary: 'Remove media from a digital item (it becomes a PHOTOLIST)',
    params: idParams,
    body: mediaIdsBodySchema,
    response: digitalItemSchema,
  }),
  setType: endpoint({
    ...routes.cart.setType,
    tag,
    access: 'user-with-policies',
    summary: 'Change what a digital item buys (a pick or a package)',
    params: idParams,
    body: setTypeBodySchema,
    response: digitalItemSchema,
  }),
  addAllMedias: endpoint({
    ...routes.cart.addAllMedias,
    tag,
    access: 'user-with-policies',
    summary: 'Put every buyable media of an album (or one gallery of it) in the cart',
    body: addAllMediasBodySchema,
    response: digitalItemSchema,
  }),
  deleteDigitalItem: endpoint({
    ...routes.cart.deleteDigitalItem,
    tag,
    access: 'user-with-policies',
    summary: 'Remove a digital item (refused while print products use its photos)',
    params: idParams,
    response: detailResponseSchema,
  }),
  // decision: not in the spec's list; without it a print item could only leave with the whole cart.
  deletePrintItem: endpoint({
    ...routes.cart.deletePrintItem,
    tag,
    access: 'user-with-policies',
    summary: 'Remove a print product from the cart',
    params: idParams,
    response: detailResponseSchema,
  }),
  digitalItemMedias: endpoint({
    ...routes.cart.digitalItemMedias,
    tag,
    access: 'user-with-policies',
    summary: 'Media of a digital item',
    params: idParams,
    query: itemMediasQuerySchema,
    response: paginatedMediaSchema,
  }),
  totals: endpoint({
    ...routes.cart.totals,
    tag,
    access: 'user-with-policies',
    summary: 'Totals of the cart',
    response: cartTotalsSchema,
  }),
  itemTotals: endpoint({
    ...routes.cart.itemTotals,
    tag,
    access: 'user-with-policies',
    summary: 'Totals per digital item',
    response: resultsOf(cartItemTotalSchema),
  }),
  paymentMethods: endpoint({
    ...routes.cart.paymentMethods,
    tag,
    access: 'user-with-policies',
    summary: 'Payment methods available for this cart, their settings and confirm messages',
    response: cartPaymentsSchema,
  }),
  deleteCart: endpoint({
    ...routes.cart.deleteCart,
    tag,
    access: 'user-with-policies',
    summary: 'Empty the cart',
    response: detailResponseSchema,
  }),
  cart: endpoint({
    ...routes.cart.cart,
    tag,
    access: 'user-with-policies',
    summary: 'The whole cart for checkout: items, totals and the entered voucher',
    query: cartQuerySchema,
    response: cartSchema,
  }),
};
