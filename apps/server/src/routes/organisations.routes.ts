import { organisationEndpoints as o, organiserProgressEndpoints as p } from '@fotodrop/contract';
import type { RouteContext } from './context';

/** Organisations, their teams and invitations (issue 18); every rule is in the services. */
export function organisationRoutes({ route, services, consoleLinkBase, requestInfo }: RouteContext): void {
  const { team, invitations } = services;
  route(o.createOrganisation, async ({ auth, body }) => team.createOrganisation(auth, body, consoleLinkBase));
  route(o.listOrganisations, async ({ auth }) => team.myOrganisations(auth));
  route(o.listMembers, async ({ auth, params }) => team.members(auth, params.id));
  route(p.listPhotographers, async ({ auth, params }) => team.photographers(auth, params.id));
  route(o.inviteMember, async ({ auth, params, body }) =>
    team.invite(auth, params.id, body, consoleLinkBase),
  );
  route(o.updateMember, async ({ auth, params, body }) =>
    team.updateMember(auth, params.id, params.member_id, body.role),
  );
  route(o.removeMember, async ({ auth, params }) => team.removeMember(auth, params.id, params.member_id));
  route(o.lookupInvitation, async ({ body, request }) =>
    invitations.lookup(body.token, { ip: (await requestInfo(request)).ip }),
  );
  route(o.acceptInvitation, async ({ auth, body, request }) =>
    invitations.accept(body, { auth, ip: (await requestInfo(request)).ip }),
  );
}
