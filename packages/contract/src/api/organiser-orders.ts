import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES, PAYMENT_METHODS } from '../constants';
import { endpoint } from '../endpoint';
import { pageQuerySchema, paginated } from '../pagination';
import { currencyCode, date, dateTime, id, idParam, idParams, money } from './common';
import { eventSlugSchema } from './events';

const tag = 'Organiser orders';

/** The longest a print order may be held for review (issue 19): a week. */
export const PRINT_HOLD_MAX_HOURS = 168;

/**
 * The console's order filters (issue 19). `q`: an e-mail (part of it) or an order number;
 * `from`/`to`: calendar days in the organisation's time zone (filtered by an `event`: the event's,
 * as its dashboard counts them), both included.
 */
export const listOrganiserOrdersQuerySchema = pageQuerySchema(25, 100)
  .extend({
    organisation_id: idParam,
    event: eventSlugSchema.optional(),
    status: z.enum(ORDER_STATUSES, { message: 'status.invalid' }).optional(),
    payment_method: z.enum(PAYMENT_METHODS, { message: 'payment_method.invalid' }).optional(),
    q: z.string().trim().max(200, { message: 'field.too_long' }).optional(),
    from: date.optional(),
    to: date.optional(),
    /** `csv`: every matching order, one row per line, for accounting (not paginated). */
    format: z.enum(['json', 'csv'], { message: 'format.invalid' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'date_range.invalid' });

/** Where a print order stands before the lab (issue 19: print orders held for review). */
export const PRINT_HOLD_STATES = ['none', 'held', 'released', 'cancelled'] as const;

/** One order as the console lists it. */
export const organiserOrderSchema = z.object({
  id,
  created_at: dateTime,
  paid_at: dateTime.nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  buyer_email: z.string(),
  buyer_name: z.string(),
  /** The events its lines bought from (names), in line order. */
  events: z.array(z.object({ slug: z.string(), name: z.string() })),
  currency: currencyCode,
  grand_total: money,
  refunded_total: money,
  items_count: z.number().int().min(0),
  has_prints: z.boolean(),
  print_hold: z.enum(PRINT_HOLD_STATES),
  /** Until when a held print order waits (then the lab package is made on its own). */
  print_hold_until: dateTime.nullable(),
});
export type OrganiserOrder = z.infer<typeof organiserOrderSchema>;

/** One photo (or video) of a line, as the console shows it to tell lines apart. */
export const organiserOrderMediumSchema = z.object({
  id,
  /** The uploaded file's name; null when the upload kept none. */
  file_name: z.string().nullable(),
  /** A signed thumbnail (the organisation's own photo, so without watermark); null when the medium is gone. */
  thumb_url: z.string().nullable(),
  /** Copies of it on a print line; 1 on a digital line. */
  quantity: z.number().int().min(1),
});
export type OrganiserOrderMedium = z.infer<typeof organiserOrderMediumSchema>;

/** A print line's product as the lab makes it: options from the catalogue and the print size. */
export const organiserOrderPrintSchema = z.object({
  product: z.string(),
  /** The variant's options by group (`{ Size: "13×18 cm", Finish: "Glossy" }`). */
  options: z.record(z.string(), z.string()),
  size_mm: z.object({ width: z.number().positive(), height: z.number().positive() }),
});

/** A line with what was paid for it and what was refunded of it. */
export const organiserOrderLineSchema = z.object({
  id,
  kind: z.enum(['digital', 'print']),
  order_type: z.enum(ORDER_TYPES).nullable(),
  description: z.string(),
  quantity: z.number().int().min(1),
  /** The line's price before the order's discount. */
  total: money,
  /** Its share of the order's discount (apportioned by line total, docs/decisions.md issue 19). */
  discount: money,
  /** What a refund of this line gives back (total − discount; shipping goes with the last print line). */
  refundable: money,
  refunded: money,
  media_ids: z.array(id),
  /** The line's photos with thumbnails and file names: a digital line's media, a print line's photos. */
  media: z.array(organiserOrderMediumSchema),
  /** A print line's product, options and size; null for a digital line. */
  print: organiserOrderPrintSchema.nullable(),
  event: z.object({ slug: z.string(), name: z.string() }).nullable(),
  picacode: z.string().nullable(),
});
export type OrganiserOrderLine = z.infer<typeof organiserOrderLineSchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/**
 * Why a refund failed: the provider said no (`refused`), or it never confirmed the refund until
 * REFUND_GIVE_UP_HOURS passed and holds none (`unconfirmed`). Nothing was refunded either way.
 */
export const REFUND_FAILURES = ['refused', 'unconfirmed'] as const;

export const organiserRefundSchema = z.object({
  id,
  created_at: dateTime,
  amount: money,
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** Set when `status` is failed. */
  failure: z.enum(REFUND_FAILURES).nullable(),
  line_ids: z.array(id),
  shipping: money,
  message: z.string().nullable(),
  created_by: z.string().nullable(),
});
export type OrganiserRefund = z.infer<typeof organiserRefundSchema>;

/** The order's detail: the list's fields and everything support and accounting look at. */
export const organiserOrderDetailSchema = organiserOrderSchema.extend({
  organisation_id: id.nullable(),
  lines: z.array(organiserOrderLineSchema),
  subtotal: money,
  discount_total: money,
  shipping_costs: money,
  handling_fee: money,
  voucher_code: z.string().nullable(),
  campaign_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  /** What a refund of the whole remaining order gives back now. */
  refundable_total: money,
  payments: z.array(
    z.object({
      provider: z.string(),
      provider_ref: z.string(),
      status: z.string(),
      amount: money,
      created_at: dateTime,
    }),
  ),
  refunds: z.array(organiserRefundSchema),
  fulfilled_at: dateTime.nullable(),
  /** The e-mails sent about the order (purchase, transfer details, refund, resend), newest first. */
  emails: z.array(z.object({ kind: z.string(), sent_at: dateTime })),
  /** The album zips the buyer asked for in the order's albums. */
  zips: z.array(
    z.object({
      id,
      checkin_id: id,
      status: z.string(),
      created_at: dateTime,
      finished_at: dateTime.nullable(),
    }),
  ),
  /** Downloads the buyer made of the order's media (metric events), newest first, at most 100. */
  downloads: z.array(z.object({ media_id: id.nullable(), type: z.string(), at: dateTime })),
  lab_package: z.object({ files: z.number().int().min(0), created_at: dateTime }).nullable(),
  shipping_address: z.record(z.string(), z.string().nullable().optional()).nullable(),
});
export type OrganiserOrderDetail = z.infer<typeof organiserOrderDetailSchema>;

export const refundOrderBodySchema = z.object({
  /** The lines to refund; none: the whole remaining order, shipping included. */
  lines: z
    .array(id)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'lines.duplicate' })
    .optional(),
  reason: z.string().trim().min(1, { message: 'field.required' }).max(500, { message: 'field.too_long' }),
});
export type RefundOrderBody = z.infer<typeof refundOrderBodySchema>;

export const orderSettingsSchema = z.object({
  /** Hold paid print orders this many hours for review before the lab package is made (0: off). */
  print_hold_hours: z.number().int().min(0).max(PRINT_HOLD_MAX_HOURS),
});
export type OrderSettings = z.infer<typeof orderSettingsSchema>;

export const cancelPrintBodySchema = z.object({
  reason: z.string().trim().min(1, { message: 'field.required' }).max(500, { message: 'field.too_long' }),
});

const orderPath = (tail: string) => `/organiser/v1/orders/{id}/${tail}`;

export const organiserOrderEndpoints = {
  listOrders: endpoint({
    method: 'GET',
    path: '/organiser/v1/orders/',
    tag,
    access: 'user',
    summary:
      "An organisation's orders, newest first, filtered by event, status, payment method, days " +
      "(its time zone; an event's when filtered by one) and e-mail or order number; `format=csv` " +
      'answers every matching line as a CSV file for accounting (orders.read)',
    query: listOrganiserOrdersQuerySchema,
    response: paginated(organiserOrderSchema),
    produces: ['application/json', 'text/csv'],
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/organiser/v1/orders/{id}/',
    tag,
    access: 'user',
    summary:
      'One order: lines with prices paid, voucher, payments, refunds, fulfilment, e-mails, downloads, ' +
      'zips and the lab package (orders.read)',
    params: idParams,
    response: organiserOrderDetailSchema,
  }),
  refundOrder: endpoint({
    method: 'POST',
    path: orderPath('refund/'),
    tag,
    access: 'user',
    summary:
      "Refund some lines or the whole remaining order through the payment's provider; refunded " +
      'lines stop downloading (orders.manage). 409 already_refunded, 502 refund_failed (nothing changed)',
    params: idParams,
    body: refundOrderBodySchema,
    response: organiserOrderDetailSchema,
  }),
  markOrderPaid: endpoint({
    method: 'POST',
    path: orderPath('mark-paid/'),
    tag,
    access: 'user',
    summary:
      'A pending bank transfer arrived: the order becomes paid, as a card payment does (orders.manage)',
    params: idParams,
    response: organiserOrderDetailSchema,
  }),
  resendOrderEmail: endpoint({
    method: 'POST',
    path: orderPath('resend/'),
    tag,
    access: 'user',
    summary:
      'Send the purchase e-mail (or the transfer details of a pending order) to the buyer again; ' +
      'a few times an hour per order (orders.read)',
    params: idParams,
    response: organiserOrderDetailSchema,
  }),
  labPackage: endpoint({
    method: 'GET',
    path: orderPath('lab-package/'),
    tag,
    access: 'user',
    summary:
      "The print order's lab package: its manifest (products, sizes, copies, shipping address, the " +
      'storage keys of its renditions) as the lab receives it (orders.read)',
    params: idParams,
    response: z.object({ order_id: id, files: z.number().int().min(0), manifest: z.unknown() }),
  }),
  labPackageZip: endpoint({
    method: 'GET',
    path: orderPath('lab-package.zip'),
    tag,
    access: 'user',
    summary:
      "The print order's lab package as one zip, streamed: every print file (renditions at print size, a " +
      "photobook's PDF), the manifest (JSON, with the files' paths in the zip) and a readable order sheet " +
      '(order number, shipping address, each item with size and copies) (orders.read). 409 ' +
      'lab_package_not_ready while it is still to be made; 404 for an order without prints',
    params: idParams,
    response: z.unknown(),
    produces: ['application/zip'],
  }),
  releasePrints: endpoint({
    method: 'POST',
    path: orderPath('release/'),
    tag,
    access: 'user',
    summary: 'Send a held print order to the lab now (orders.manage)',
    params: idParams,
    response: organiserOrderDetailSchema,
  }),
  cancelPrints: endpoint({
    method: 'POST',
    path: orderPath('cancel-print/'),
    tag,
    access: 'user',
    summary:
      'Cancel a held print order: its print lines (and shipping) are refunded and never go to the lab (orders.manage)',
    params: idParams,
    body: cancelPrintBodySchema,
    response: organiserOrderDetailSchema,
  }),
  orderSettings: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/order-settings/',
    tag,
    access: 'user',
    summary: "The organisation's order settings: how long paid print orders wait for review (orders.read)",
    params: z.object({ id: idParam }),
    response: orderSettingsSchema,
  }),
  updateOrderSettings: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/organisations/{id}/order-settings/',
    tag,
    access: 'user',
    summary: 'Change how long paid print orders wait for review, 0 to 168 hours (selling.manage: owners)',
    params: z.object({ id: idParam }),
    body: orderSettingsSchema,
    response: orderSettingsSchema,
  }),
};
