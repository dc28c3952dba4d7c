import { organisationEndpoints } from '@fotodrop/contract/api/organisations';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';
import { useAppStore } from '../../../shared/store/app-store';

export type AcceptInvitationBody = BodyOf<typeof organisationEndpoints.acceptInvitation>;

/** The query key of an invitation's lookup: one per link. */
export const invitationKey = (token: string) => ['invitation', token] as const;

/**
 * POST /organiser/v1/invitations/lookup/: what the invitation is for (organisation, role, inviter,
 * e-mail, whether the account exists). 404 / 410 answers say the link does not work, and why.
 */
export function lookupInvitation(token: string) {
  return callEndpoint(organisationEndpoints.lookupInvitation, { body: { token } });
}

/**
 * POST /organiser/v1/invitations/accept/. Success stores the answered session token, as logging in
 * does. A failure leaves the session alone: a wrong password must not sign a signed-in person out.
 */
export async function acceptInvitation(body: AcceptInvitationBody) {
  const answer = await callEndpoint(organisationEndpoints.acceptInvitation, { body });
  useAppStore.getState().setAuth(answer.token, answer.token_type);
  return answer.organisation;
}
