import { type OrganisationRole, organisationEndpoints as o } from '@fotodrop/contract/api/organisations';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';

export const teamKeys = {
  organisations: ['organiser', 'organisations'] as const,
  members: (organisationId: number) => ['organiser', 'members', organisationId] as const,
};

/** GET /organiser/v1/organisations/: the caller's organisations with the caller's role in each. */
export function myOrganisationsQuery() {
  return queryOptions({
    queryKey: teamKeys.organisations,
    queryFn: ({ signal }) => callEndpoint(o.listOrganisations, { signal }),
    staleTime: 60_000,
  });
}

/** GET …/organisations/{id}/members/: the team and its open invitations. */
export function membersQuery(organisationId: number) {
  return queryOptions({
    queryKey: teamKeys.members(organisationId),
    queryFn: ({ signal }) => callEndpoint(o.listMembers, { params: { id: organisationId }, signal }),
  });
}

export const inviteMember = (organisationId: number, body: { email: string; role: OrganisationRole }) =>
  callEndpoint(o.inviteMember, { params: { id: organisationId }, body });

export const changeRole = (organisationId: number, memberId: number, role: OrganisationRole) =>
  callEndpoint(o.updateMember, { params: { id: organisationId, member_id: memberId }, body: { role } });

export const removeMember = (organisationId: number, memberId: number) =>
  callEndpoint(o.removeMember, { params: { id: organisationId, member_id: memberId } });
