import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PASSWORD_MAX_LENGTH } from '../password-policy';
import { tokenResponseSchema } from './accounts';
import { dateTime, id, idParam } from './common';

const tag = 'Organisations';

/** The roles of an organisation's team (issue 18). */
export const ORGANISATION_ROLES = ['owner', 'manager', 'photographer', 'support'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export const organisationRoleSchema = z.enum(ORGANISATION_ROLES, { message: 'role.invalid' });

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** A DNS label: the organisation's subdomain (`<app_name>.<public host>`). */
export const APP_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'email.invalid' }).max(254));
const name = z.string().trim().min(1, { message: 'field.required' }).max(200, { message: 'field.too_long' });

export const createOrganisationBodySchema = z.object({
  name,
  app_name: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: 'field.required' })
    .max(63, { message: 'app_name.invalid' })
    .regex(APP_NAME_PATTERN, { message: 'app_name.invalid' }),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'country.invalid' }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'currency.invalid' }),
  owner_email: email,
});

export const organisationSchema = z.object({
  id,
  name: z.string(),
  app_name: z.string(),
  /** Null for organisations made before issue 18 (the product's own site, the demo). */
  country: z.string().nullable(),
  currency: z.string().nullable(),
  created_at: dateTime,
});
export type Organisation = z.infer<typeof organisationSchema>;

/** One of the caller's organisations with the caller's role in it. */
export const myOrganisationSchema = organisationSchema.extend({ role: organisationRoleSchema });
export type MyOrganisation = z.infer<typeof myOrganisationSchema>;

export const memberSchema = z.object({
  /** The membership's id (what `…/members/{id}/` names). */
  id,
  user_id: id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: organisationRoleSchema,
  created_at: dateTime,
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id,
  email: z.string(),
  role: organisationRoleSchema,
  expires_at: dateTime,
  created_at: dateTime,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const membersSchema = z.object({
  results: z.array(memberSchema),
  /** Invitations not yet accepted and not expired. */
  invitations: z.array(invitationSchema),
});

export const organisationParamsSchema = z.object({ id: idParam });
export const memberParamsSchema = z.object({ id: idParam, member_id: idParam });
export const inviteMemberBodySchema = z.object({ email, role: organisationRoleSchema });
export const updateMemberBodySchema = z.object({ role: organisationRoleSchema });

const invitationToken = z
  .string()
  .trim()
  .min(1, { message: 'field.required' })
  .max(200, { message: 'invitation.invalid' });

/** The invitation link's token in the body, never in the path: request logs keep paths. */
export const invitationLookupBodySchema = z.object({ token: invitationToken });

/** What an open invitation is for, shown on its page before accepting. */
export const invitationLookupSchema = z.object({
  organisation: z.object({ name: z.string() }),
  role: organisationRoleSchema,
  /** The invited e-mail: the account that joins. */
  email: z.string(),
  /** The inviter's name; null when the inviter has no name or no account any more, or for the operator's command. */
  invited_by: z.string().nullable(),
  expires_at: dateTime,
  /** Whether the invited e-mail has an account: accepting then joins it (its password) instead of creating one. */
  account_exists: z.boolean(),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

export const acceptInvitationBodySchema = z.object({
  token: invitationToken,
  /**
   * A new account's password (the password rules apply), or the existing account's password when
   * the caller is not signed in as the invited e-mail's account.
   */
  password: z.string().max(PASSWORD_MAX_LENGTH, { message: 'password.rule.max' }).optional(),
  first_name: z.string().trim().max(150, { message: 'field.too_long' }).optional(),
  last_name: z.string().trim().max(150, { message: 'field.too_long' }).optional(),
  /** Required when the invitation creates the account: the sign-up form's two consents, stored as sign-up stores them. */
  is_adult: z.literal(true, { message: 'signup.adult_required' }).optional(),
  accept_terms: z.literal(true, { message: 'signup.terms_required' }).optional(),
});

export const acceptInvitationResponseSchema = tokenResponseSchema.extend({
  organisation: myOrganisationSchema,
});

export const organisationEndpoints = {
  createOrganisation: endpoint({
    method: 'POST',
    path: '/organiser/v1/organisations/',
    tag,
    access: 'user',
    status: 201,
    summary:
      'Create an organisation with its subdomain (`app_name`, a DNS label, unique) and invite its ' +
      'owner by e-mail (permission platform.staff)',
    body: createOrganisationBodySchema,
    response: organisationSchema,
  }),
  listOrganisations: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/',
    tag,
    access: 'user',
    summary: "The caller's organisations, each with the caller's role",
    response: z.object({ results: z.array(myOrganisationSchema) }),
  }),
  listMembers: endpoint({
    method: 'GET',
    path: '/organiser/v1/organisations/{id}/members/',
    tag,
    access: 'user',
    summary: "An organisation's team and its open invitations (owner or platform staff)",
    params: organisationParamsSchema,
    response: membersSchema,
  }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/organiser/v1/organisations/{id}/members/',
    tag,
    access: 'user',
    status: 201,
    summary:
      `Invite someone by e-mail with a role; the link works once, for ${INVITATION_TTL_DAYS} days ` +
      '(owner or platform staff)',
    params: organisationParamsSchema,
    body: inviteMemberBodySchema,
    response: invitationSchema,
  }),
  updateMember: endpoint({
    method: 'PATCH',
    path: '/organiser/v1/organisations/{id}/members/{member_id}/',
    tag,
    access: 'user',
    summary: "Change a member's role; the last owner cannot be demoted (owner or platform staff)",
    params: memberParamsSchema,
    body: updateMemberBodySchema,
    response: memberSchema,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/organiser/v1/organisations/{id}/members/{member_id}/',
    tag,
    access: 'user',
    summary:
      'Remove a member (access ends at once); the last owner cannot be removed (owner or platform staff)',
    params: memberParamsSchema,
    response: z.object({ detail: z.string() }),
  }),
  lookupInvitation: endpoint({
    method: 'POST',
    path: '/organiser/v1/invitations/lookup/',
    tag,
    access: 'public',
    summary:
      'What an open invitation is for (organisation, role, e-mail, inviter, whether the account ' +
      'exists); 404 `invitation_not_found`, 410 `invitation_used` or `invitation_expired` otherwise. ' +
      'The token travels in the body, as for accepting',
    body: invitationLookupBodySchema,
    response: invitationLookupSchema,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/organiser/v1/invitations/accept/',
    tag,
    access: 'public',
    summary:
      "Accept an invitation: creates the invited e-mail's account (password, `is_adult` and " +
      '`accept_terms` required) or joins the ' +
      'existing one (signed in as it, or its password); answers a session token',
    body: acceptInvitationBodySchema,
    response: acceptInvitationResponseSchema,
  }),
};
