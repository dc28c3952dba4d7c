import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParam } from './common';
import { appConfigSchema, themeSchema } from './config';

const tag = 'Organisations';

/** The images of a site the owner uploads; each is re-encoded and served from our own origin. */
export const BRANDING_IMAGE_KINDS = ['logo', 'favicon', 'apple_touch_icon'] as const;
export type BrandingImageKind = (typeof BRANDING_IMAGE_KINDS)[number];
/** Largest branding image accepted (bytes). */
export const BRANDING_IMAGE_MAX_BYTES = 5 * 2 ** 20;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'field.too_long' })
    .transform((v) => (v === '' ? null : v))
    .nullable();
/** A link people follow: https (or http), or a path of this site; never javascript: and the like. */
const link = z
  .string()
  .trim()
  .max(500, { message: 'field.too_long' })
  .refine((v) => (v.startsWith('/') ? !v.startsWith('//') : /^https?:\/\/[^\s]+$/i.test(v)), {
    message: 'url.invalid',
  });
const optionalLink = z.union([z.literal('').transform(() => null), link]).nullable();

export const footerCategoryInputSchema = z.object({
  title: z.string().trim().min(1, { message: 'field.required' }).max(60, { message: 'field.too_long' }),
  links: z
    .array(
      z.object({
        label: z.string().trim().min(1, { message: 'field.required' }).max(60, { message: 'field.too_long' }),
        url: link,
      }),
    )
    .max(8, { message: 'footer.too_many_links' }),
});

export const privacyCheckboxInputSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/, { message: 'privacy_checkbox.id_invalid' }),
  label: z.string().trim().min(1, { message: 'field.required' }).max(500, { message: 'field.too_long' }),
  required: z.boolean(),
  url: optionalLink,
});

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** What the owner edits: every AppConfig field the participant side reads, and the support settings. */
export const brandingSchema = appConfigSchema.omit({ id: true, app_name: true }).extend({
  /** Where this site's support requests go; null: the platform's support address. */
  support_email: z.string().nullable(),
  /** IANA zone of the support team (when support is open). */
  time_zone: z.string(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const updateBrandingBodySchema = z
  .object({
    name: z.string().trim().min(1, { message: 'field.required' }).max(200, { message: 'field.too_long' }),
    theme: themeSchema.nullable(),
    hide_cart: z.boolean(),
    footer_company_info: text(1000),
    footer_categories: z.array(footerCategoryInputSchema).max(4, { message: 'footer.too_many_categories' }),
    privacy_checkboxes: z
      .array(privacyCheckboxInputSchema)
      .max(5, { message: 'privacy_checkbox.too_many' })
      .refine((list) => new Set(list.map((c) => c.id)).size === list.length, {
        message: 'privacy_checkbox.id_repeated',
      }),
    hide_app_store_links: z.boolean(),
    hide_powered_by_logo: z.boolean(),
    hide_marketing_consent_last_update_date: z.boolean(),
    login_subtitle: text(200),
    marketing_consent_description: text(1000),
    show_calendar: z.boolean(),
    disable_social_login: z.boolean(),
    face_checkin_privacy_statement: text(5000),
    min_required_age: z.number().int().min(0).max(99, { message: 'number.too_big' }),
    min_required_age_policy_url: optionalLink,
    sample_code: z
      .string()
      .trim()
      .toUpperCase()
      .max(20, { message: 'field.too_long' })
      .transform((v) => (v === '' ? null : v))
      .nullable(),
    support_email: z
      .union([z.literal('').transform(() => null), z.email({ message: 'email.invalid' }).max(254)])
      .nullable(),
    time_zone: z.string().refine(isTimeZone, { message: 'time_zone.invalid' }),
  })
  .partial()
  .strict();

export const brandingParamsSchema = z.object({ id: idParam });
export const brandingImageParamsSchema = z.object({
  id: idParam,
  kind: z.enum(BRANDING_IMAGE_KINDS, { message: 'branding.image_kind' }),
});

export const brandingEndpoints = {
  getBranding: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/branding/',
    tag,
    access: 'user',
    summary: "The organisation's site branding as its AppConfig serves it (owner or platform staff)",
    params: brandingParamsSchema,
    response: brandingSchema,
  }),
  updateBranding: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/organisations/{id}/branding/',
    tag,
    access: 'user',
    summary:
      'Change any branding field (colours, footer, links, texts, sign-up rules, sample code, support); ' +
      'the site serves it at once (owner or platform staff)',
    params: brandingParamsSchema,
    body: updateBrandingBodySchema,
    response: brandingSchema,
  }),
  uploadBrandingImage: endpoint({
    method: 'POST',
    path: '/organiser/v1/organisations/{id}/branding/images/{kind}/',
    tag,
    access: 'user',
    multipart: true,
    summary:
      'Upload the logo, favicon or apple touch icon (multipart field `file`: JPEG, PNG, WebP or AVIF up ' +
      'to 5 MB), checked like photos, re-encoded as PNG and served from this origin (owner or platform staff)',
    params: brandingImageParamsSchema,
    body: z.object({
      file: z
        .file()
        .mime(['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
        .max(BRANDING_IMAGE_MAX_BYTES),
    }),
    response: brandingSchema,
  }),
  removeBrandingImage: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/organisations/{id}/branding/images/{kind}/',
    tag,
    access: 'user',
    summary:
      'Remove the logo, favicon or apple touch icon: the site shows its default (owner or platform staff)',
    params: brandingImageParamsSchema,
    response: brandingSchema,
  }),
};
