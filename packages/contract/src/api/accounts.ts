import { z } from 'zod';
import { endpoint } from '../endpoint';
import { LANGUAGES } from '../languages';
import { newPasswordSchema } from '../password-policy';
import { accountRoutes } from '../routes';

const tag = 'Accounts';

export const tokenTypeSchema = z.enum(['Token', 'Bearer']);
export type TokenType = z.infer<typeof tokenTypeSchema>;
export const languageSchema = z.enum(LANGUAGES);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'email.invalid' }).max(254));
const required = (message = 'field.required') => z.string({ error: message }).min(1, { message });

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: languageSchema,
  is_anonymous: z.boolean(),
  accepted_required_policies: z.boolean(),
  marketing_consent: z.boolean(),
  marketing_consent_updated_at: z.string().nullable(),
  has_usable_password: z.boolean(),
  date_joined: z.string(),
  perms: z.array(z.string()).optional(),
  // decision (issue 18): with the permissions, how many organisations' consoles the user belongs
  // to, so the header can offer the console without a request of its own on every page
  organisation_count: z.number().int().min(0).optional(),
});
export type User = z.infer<typeof userSchema>;

export const signupBodySchema = z
  .object({
    email,
    password1: newPasswordSchema,
    password2: z.string(),
    first_name: z.string().trim().min(1, { message: 'field.required' }).max(150),
    last_name: z.string().trim().max(150).default(''),
    is_adult: z.literal(true, { message: 'signup.adult_required' }),
    accept_terms: z.literal(true, { message: 'signup.terms_required' }),
    marketing_consent: z.boolean().default(false),
    // decision (issue 11): the ids of the site's own privacy checkboxes (AppConfig.privacy_checkboxes)
    // ticked; the server refuses a sign-up without the site's required ones and stores what was ticked
    privacy_consents: z.array(z.string().min(1).max(64)).max(20).default([]),
    language: languageSchema.default('en'),
  })
  .refine((v) => v.password1 === v.password2, { path: ['password2'], message: 'password.mismatch' });
export type SignupBody = z.input<typeof signupBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string(), token_type: tokenTypeSchema });
export const convertedTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: tokenTypeSchema,
});

export const loginBodySchema = z.object({ username: email, password: required() });
export const updateMeBodySchema = z
  .object({
    first_name: z.string().trim().min(1, { message: 'field.required' }).max(150),
    last_name: z.string().trim().max(150),
    language: languageSchema,
    marketing_consent: z.boolean(),
    accept_required_policies: z.literal(true),
  })
  .partial()
  .strict();
export const meQuerySchema = z.object({ include_perms: z.enum(['true', 'false']).optional() });

export const passwordResetBodySchema = z.object({ email });
export const passwordResetConfirmBodySchema = z
  .object({ token: required(), new_password1: newPasswordSchema, new_password2: z.string() })
  .refine((v) => v.new_password1 === v.new_password2, {
    path: ['new_password2'],
    message: 'password.mismatch',
  });
export const passwordChangeBodySchema = z
  .object({ old_password: required(), new_password1: newPasswordSchema, new_password2: required() })
  .refine((v) => v.new_password1 === v.new_password2, {
    path: ['new_password2'],
    message: 'password.mismatch',
  });
export const deleteAccountBodySchema = z.object({ password: required('password.enter') });
export const detailResponseSchema = z.object({ detail: z.string() });

export const convertTokenBodySchema = z.object({
  /** Provider id of a configured OpenID Connect provider, e.g. "google". */
  backend: required(),
  /** The provider's signed ID token. */
  token: required(),
});
export const partnerConvertTokenBodySchema = z.object({ access_token: required() });
export const ssoIntegrationBodySchema = z.object({ token: required(), integration: required() });

export const accountEndpoints = {
  signup: endpoint({
    method: 'POST',
    path: '/v2/users/create/',
    tag,
    access: 'public',
    status: 201,
    summary: 'Create an account and sign in',
    body: signupBodySchema,
    response: tokenResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/v1/get-token-auth/',
    tag,
    access: 'public',
    summary: 'Sign in with e-mail and password',
    body: loginBodySchema,
    response: tokenResponseSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/v1/logout/',
    tag,
    access: 'user',
    summary: 'Revoke the token of this session',
    response: detailResponseSchema,
  }),
  me: endpoint({
    ...accountRoutes.me,
    tag,
    access: 'user',
    summary: 'The signed-in user',
    query: meQuerySchema,
    response: userSchema,
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/v2/users/me/',
    tag,
    access: 'user',
    summary: 'Update profile fields, consent, language; accept the required policies',
    body: updateMeBodySchema,
    response: userSchema,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/v1/password/reset/',
    tag,
    access: 'public',
    summary: 'E-mail a single-use password reset link (answers the same whether or not the account exists)',
    body: passwordResetBodySchema,
    response: detailResponseSchema,
  }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/api/v1/password/reset/confirm/',
    tag,
    access: 'public',
    summary: 'Set a new password with the token of a reset link',
    body: passwordResetConfirmBodySchema,
    response: detailResponseSchema,
  }),
  passwordChange: endpoint({
    method: 'POST',
    path: '/api/v1/password/change/',
    tag,
    access: 'user',
    summary: 'Change the password (old password, new password twice)',
    body: passwordChangeBodySchema,
    response: detailResponseSchema,
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/v1/users/me/delete/',
    tag,
    access: 'user',
    summary: 'Delete the account and its personal data',
    body: deleteAccountBodySchema,
    response: detailResponseSchema,
  }),
  convertToken: endpoint({
    method: 'POST',
    path: '/auth/convert-token/',
    tag,
    access: 'public',
    summary: 'Social login: exchange an OpenID Connect ID token for an API token',
    body: convertTokenBodySchema,
    response: convertedTokenResponseSchema,
  }),
  partnerConvertToken: endpoint({
    method: 'POST',
    path: '/accounts/ibi/convert-token/',
    tag,
    access: 'public',
    summary: 'Exchange a partner access token for an API token',
    body: partnerConvertTokenBodySchema,
    response: convertedTokenResponseSchema,
  }),
  ssoIntegration: endpoint({
    method: 'POST',
    path: '/v2/user/sso-integration/',
    tag,
    access: 'public',
    summary: "Exchange a token signed by an organisation's SSO integration for an API token",
    body: ssoIntegrationBodySchema,
    response: tokenResponseSchema,
  }),
};
