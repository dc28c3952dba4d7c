import { z } from 'zod';
import { endpoint } from '../endpoint';

const tag = 'Configuration';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Brand colours an organisation may set; the web app maps them onto its theme tokens. */
export const themeSchema = z.object({
  primary: hexColour,
  primary_contrast: hexColour,
  accent: hexColour,
  background: hexColour,
  surface: hexColour,
  text: hexColour,
});
export type Theme = z.infer<typeof themeSchema>;

export const footerCategorySchema = z.object({
  title: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});

export const privacyCheckboxSchema = z.object({
  id: z.string(),
  label: z.string(),
  required: z.boolean(),
  url: z.string().nullable(),
});

export const socialProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  authorization_endpoint: z.string(),
  client_id: z.string(),
});
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/**
 * Per-organisation configuration (entry spec §3). The spec lists the fields but not their types;
 * the types chosen here are recorded in docs/decisions.md.
 */
export const appConfigSchema = z.object({
  id: z.number().int(),
  app_name: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  theme: themeSchema.nullable(),
  hide_cart: z.boolean(),
  footer_company_info: z.string().nullable(),
  footer_categories: z.array(footerCategorySchema),
  privacy_checkboxes: z.array(privacyCheckboxSchema),
  icons: z.object({ favicon: z.string().nullable(), apple_touch_icon: z.string().nullable() }),
  hide_app_store_links: z.boolean(),
  hide_powered_by_logo: z.boolean(),
  hide_marketing_consent_last_update_date: z.boolean(),
  login_subtitle: z.string().nullable(),
  marketing_consent_description: z.string().nullable(),
  show_calendar: z.boolean(),
  disable_social_login: z.boolean(),
  face_checkin_privacy_statement: z.string().nullable(),
  min_required_age: z.number().int().min(0).max(99),
  min_required_age_policy_url: z.string().nullable(),
  // decision (issue 8): an album code of this site shown as the example on its home page and code
  // forms; null shows none (a branded site never shows the main site's demo code)
  sample_code: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const appConfigParamsSchema = z.object({
  appName: z.string().regex(/^[a-z0-9-]{1,63}$/, { message: 'app_name.invalid' }),
});
export const appConfigQuerySchema = z.object({ lang: z.string().optional() }).catchall(z.string());

export const configEndpoints = {
  appConfig: endpoint({
    method: 'GET',
    path: '/api/v1/app-config/{appName}/',
    tag,
    access: 'public',
    summary: 'Branding and settings of the organisation behind a subdomain',
    params: appConfigParamsSchema,
    query: appConfigQuerySchema,
    response: appConfigSchema,
  }),
  socialProviders: endpoint({
    method: 'GET',
    path: '/api/v1/social-providers/',
    tag,
    access: 'public',
    summary: 'Social login providers configured on this server; empty when none is, so no button shows',
    response: z.object({ providers: z.array(socialProviderSchema) }),
  }),
};
