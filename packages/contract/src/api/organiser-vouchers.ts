import { z } from 'zod';
import { endpoint } from '../endpoint';
import { pageQuerySchema, paginated } from '../pagination';
import { currencyCode, dateTime, id, idParam, money } from './common';
import { eventSlugSchema } from './events';

const tag = 'Organiser vouchers';

/**
 * How a voucher takes money off (albums spec §3 "Voucher code"): a percentage of the order's
 * items, a fixed amount in the voucher's currency, or the order's most expensive photos free.
 */
export const VOUCHER_KINDS = ['percentage', 'fixed', 'free_photos'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** Where a voucher stands now, for the list (the filter knows active, expired and deactivated). */
export const VOUCHER_STATES = ['active', 'scheduled', 'used_up', 'expired', 'deactivated'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];
export const VOUCHER_FILTERS = ['active', 'expired', 'deactivated'] as const;

export const VOUCHER_CODE_MIN = 3;
export const VOUCHER_CODE_MAX = 40;
/** Free photos one voucher gives per order at most, and the largest use limits. */
export const FREE_PHOTOS_MAX = 1000;
export const VOUCHER_USES_MAX = 1_000_000;
/** Events one voucher or campaign may name. */
export const VOUCHER_EVENTS_MAX = 100;
/** The largest fixed amount, in major units. */
export const FIXED_AMOUNT_MAX = 100_000;

/**
 * A voucher or campaign code as participants type it: letters, digits, `-` and `_`, kept in
 * capitals (codes are matched without regard to case and are unique on the whole platform).
 */
export const promoCodeSchema = z
  .string({ message: 'field.required' })
  .trim()
  .min(VOUCHER_CODE_MIN, { message: 'promo_code.too_short' })
  .max(VOUCHER_CODE_MAX, { message: 'field.too_long' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'promo_code.invalid' })
  .transform((code) => code.toUpperCase());

const events = z
  .array(eventSlugSchema)
  .max(VOUCHER_EVENTS_MAX, { message: 'field.too_many' })
  .refine((slugs) => new Set(slugs).size === slugs.length, { message: 'events.duplicate' });
const uses = (max: number) =>
  z
    .number({ message: 'number.invalid' })
    .int({ message: 'number.invalid' })
    .min(1, { message: 'number.too_small' })
    .max(max, { message: 'number.too_big' });

/** The fields of a voucher as the console sends them; `value` is checked against `kind`. */
const voucherFields = z.object({
  code: promoCodeSchema,
  kind: z.enum(VOUCHER_KINDS, { message: 'choice.invalid' }),
  /**
   * percentage: whole percent 1–100; free_photos: photos per order 1–1000; fixed: the amount in
   * major units of `currency` ("5.00" or 5).
   */
  value: z.union([z.number(), z.string()], { message: 'voucher_value.invalid' }),
  /** Of a fixed voucher (others have none); by default the organisation's currency. */
  currency: currencyCode.optional(),
  /** Orders that may use it in all; null or absent: unlimited. */
  max_uses: uses(VOUCHER_USES_MAX).nullable().optional(),
  /** Orders of one account that may use it; absent: 1; null: unlimited. */
  max_uses_per_account: uses(VOUCHER_USES_MAX).nullable().optional(),
  valid_from: dateTime.nullable().optional(),
  valid_to: dateTime.nullable().optional(),
  /** Slugs of the organisation's events it applies to; absent or empty: all of them. */
  events: events.optional(),
});

type Issue = { path: string; message: string };

/** What a voucher's value must be for its kind; null when it is right. */
export function voucherValueIssue(kind: VoucherKind, value: number | string): string | null {
  if (kind === 'fixed') {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'voucher_value.invalid';
    const amount = Number(text);
    if (amount <= 0) return 'number.too_small';
    return amount > FIXED_AMOUNT_MAX ? 'number.too_big' : null;
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'voucher_value.invalid';
  if (value < 1) return 'number.too_small';
  return value > (kind === 'percentage' ? 100 : FREE_PHOTOS_MAX) ? 'number.too_big' : null;
}

/** The checks across fields: the value for the kind, and a period that ends after it starts. */
function voucherIssues(v: Partial<z.output<typeof voucherFields>>): Issue[] {
  const out: Issue[] = [];
  if (v.kind && v.value !== undefined) {
    const issue = voucherValueIssue(v.kind, v.value);
    if (issue) out.push({ path: 'value', message: issue });
  }
  if (v.valid_from && v.valid_to && Date.parse(v.valid_to) <= Date.parse(v.valid_from))
    out.push({ path: 'valid_to', message: 'valid_to.before_valid_from' });
  return out;
}

const withIssues =
  (issues: (v: never) => Issue[]) =>
  (v: unknown, ctx: z.RefinementCtx): void => {
    for (const i of issues(v as never)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  };

export const createVoucherBodySchema = voucherFields.superRefine(withIssues(voucherIssues));
export type CreateVoucherBody = z.input<typeof createVoucherBodySchema>;

/** Any fields to change; `active: false` deactivates (refused at checkout, its uses kept), `true` reactivates. */
export const updateVoucherBodySchema = voucherFields
  .partial()
  .extend({ active: z.boolean({ message: 'choice.invalid' }).optional() })
  .superRefine(withIssues(voucherIssues));
export type UpdateVoucherBody = z.input<typeof updateVoucherBodySchema>;

/** An event a voucher or campaign applies to. */
export const promoEventSchema = z.object({ slug: z.string(), name: z.string() });

/** A voucher as the console shows it. */
export const organiserVoucherSchema = z.object({
  id,
  code: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  /** A whole number (percent, photos), or a decimal amount of `currency` for a fixed voucher. */
  value: z.union([z.number().int(), money]),
  currency: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_account: z.number().int().nullable(),
  valid_from: dateTime.nullable(),
  valid_to: dateTime.nullable(),
  /** Empty: every event of the organisation. */
  events: z.array(promoEventSchema),
  state: z.enum(VOUCHER_STATES),
  deactivated_at: dateTime.nullable(),
  /** Orders paid with it. */
  uses: z.number().int().min(0),
  /** Orders waiting for their payment that hold one use (given back if they are not paid). */
  held: z.number().int().min(0),
  created_at: dateTime,
});
export type OrganiserVoucher = z.infer<typeof organiserVoucherSchema>;

const search = z.string().trim().max(VOUCHER_CODE_MAX, { message: 'field.too_long' }).optional();

export const listVouchersQuerySchema = pageQuerySchema(25, 100).extend({
  /** Part of the code, case-insensitive. */
  search,
  /** active: neither expired nor deactivated (scheduled and used-up ones included). */
  status: z.enum(VOUCHER_FILTERS, { message: 'choice.invalid' }).optional(),
});

export const voucherParamsSchema = z.object({ id: idParam, voucher_id: idParam });

export const deleteVoucherResponseSchema = z.object({
  /** deleted: never used, gone; deactivated: used by an order, so kept (with its history) but refused from now on. */
  outcome: z.enum(['deleted', 'deactivated']),
  voucher: organiserVoucherSchema.nullable(),
});

const campaignFields = z.object({
  code: promoCodeSchema,
  percent_off: z
    .number({ message: 'number.invalid' })
    .int({ message: 'number.invalid' })
    .min(1, { message: 'number.too_small' })
    .max(100, { message: 'number.too_big' }),
  /** After it the link takes nothing off; null or absent: it does not expire. */
  expires_at: dateTime.nullable().optional(),
  events: events.optional(),
});
export const createCampaignBodySchema = campaignFields;
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;
/** Any fields to change; `active: false` deactivates (its link takes nothing off, its orders kept), `true` reactivates. */
export const updateCampaignBodySchema = campaignFields
  .partial()
  .extend({ active: z.boolean({ message: 'choice.invalid' }).optional() });
export type UpdateCampaignBody = z.input<typeof updateCampaignBodySchema>;

/** Where a campaign stands now; the list filters by the same states. */
export const CAMPAIGN_STATES = ['active', 'expired', 'deactivated'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** A campaign as the console shows it, with the link to share. */
export const organiserCampaignSchema = z.object({
  id,
  code: z.string(),
  percent_off: z.number().int(),
  expires_at: dateTime.nullable(),
  events: z.array(promoEventSchema),
  state: z.enum(CAMPAIGN_STATES),
  deactivated_at: dateTime.nullable(),
  /**
   * The link to share: the organisation's site's preview with `campaign_code` (and
   * `campaign_expires_at`), which the participant's browser keeps for the checkout.
   */
  url: z.string(),
  /** Orders paid with it, and orders waiting for their payment that carry it. */
  orders: z.number().int().min(0),
  open_orders: z.number().int().min(0),
  created_at: dateTime,
});
export type OrganiserCampaign = z.infer<typeof organiserCampaignSchema>;

export const listCampaignsQuerySchema = pageQuerySchema(25, 100).extend({
  search,
  /** active: neither expired nor deactivated. */
  status: z.enum(CAMPAIGN_STATES, { message: 'choice.invalid' }).optional(),
});
export const campaignParamsSchema = z.object({ id: idParam, campaign_id: idParam });

export const deleteCampaignResponseSchema = z.object({
  /** deleted: no order carries it, gone; deactivated: orders carry it, so kept (with their count) but its link takes nothing off. */
  outcome: z.enum(['deleted', 'deactivated']),
  campaign: organiserCampaignSchema.nullable(),
});

const orgParams = z.object({ id: idParam });

export const organiserVoucherEndpoints = {
  listVouchers: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/vouchers/',
    tag,
    access: 'user',
    summary:
      "The organisation's vouchers, newest first, with their uses (paid orders, and unpaid orders " +
      'holding one); filtered by state and searched by code (selling.manage)',
    params: orgParams,
    query: listVouchersQuerySchema,
    response: paginated(organiserVoucherSchema),
  }),
  createVoucher: endpoint({
    method: 'POST',
    path: '/organiser/v1/organisations/{id}/vouchers/',
    tag,
    access: 'user',
    status: 201,
    summary:
      'Create a voucher participants enter as `voucher_code`: percentage, fixed amount or free ' +
      'photos, with limits in all and per account, a validity period and the events it applies to. ' +
      'A code in use anywhere on the platform is a 409 code_taken (selling.manage)',
    params: orgParams,
    body: createVoucherBodySchema,
    response: organiserVoucherSchema,
  }),
  updateVoucher: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/organisations/{id}/vouchers/{voucher_id}/',
    tag,
    access: 'user',
    summary:
      'Change a voucher, deactivate it (`active: false`) or reactivate it. Orders already placed ' +
      'keep the discount they got (selling.manage)',
    params: voucherParamsSchema,
    body: updateVoucherBodySchema,
    response: organiserVoucherSchema,
  }),
  deleteVoucher: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/organisations/{id}/vouchers/{voucher_id}/',
    tag,
    access: 'user',
    summary:
      'Delete a voucher no order used; one that an order used (or holds) is deactivated instead, so ' +
      'its history stays (selling.manage)',
    params: voucherParamsSchema,
    response: deleteVoucherResponseSchema,
  }),
  listCampaigns: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/campaigns/',
    tag,
    access: 'user',
    summary:
      "The organisation's campaigns (`campaign_code` links), newest first, with the link to share " +
      'and the orders that used them (selling.manage)',
    params: orgParams,
    query: listCampaignsQuerySchema,
    response: paginated(organiserCampaignSchema),
  }),
  createCampaign: endpoint({
    method: 'POST',
    path: '/organiser/v1/organisations/{id}/campaigns/',
    tag,
    access: 'user',
    status: 201,
    summary:
      'Create a campaign: a code, a percentage off, an optional expiry and events; answers its ' +
      'shareable link. A code in use anywhere on the platform is a 409 code_taken (selling.manage)',
    params: orgParams,
    body: createCampaignBodySchema,
    response: organiserCampaignSchema,
  }),
  updateCampaign: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
    tag,
    access: 'user',
    summary:
      'Change a campaign, deactivate it (`active: false`: its link takes nothing off) or reactivate ' +
      'it. Orders already placed keep their discount (selling.manage)',
    params: campaignParamsSchema,
    body: updateCampaignBodySchema,
    response: organiserCampaignSchema,
  }),
  deleteCampaign: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
    tag,
    access: 'user',
    summary:
      'Delete a campaign no order carries; one that orders carry (paid or awaiting payment) is ' +
      'deactivated instead, so their count stays. Either way its link takes nothing off any more ' +
      '(selling.manage)',
    params: campaignParamsSchema,
    response: deleteCampaignResponseSchema,
  }),
};
