import { organisationEndpoints } from '@fotodrop/contract/api/organisations';
import type { BodyOf } from '@fotodrop/contract/endpoint';
import { callEndpoint } from '../../../shared/api/client';
import { useAppStore } from '../../../shared/store/app-store';

export type AcceptInvitationBody = BodyOf<typeof organisationEndpoints.acceptInvitation>;

/**
 * POST /organiser/v1/invitations/accept/. Success stores the answered session token, as logging in
 * does. A failure leaves the session alone: a wrong password must not sign a signed-in person out.
 */
export async function acceptInvitation(body: AcceptInvitationBody) {
  const answer = await callEndpoint(organisationEndpoints.acceptInvitation, { body });
  useAppStore.getState().setAuth(answer.token, answer.token_type);
  return answer.organisation;
}
