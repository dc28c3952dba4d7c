import { ORGS, type RolesContext, type Row } from './console-roles-context';
import { everyone, freshJpeg, may } from './console-roles-fixture';
import { ACCEPT_URL, LOOKUP_URL, membersUrl } from './team-fixture';

/** Organisations, their teams, branding and support's reading of who came. */
export function teamRows(c: RolesContext): Row[] {
  const { status, ev } = c;
  return [
    // organisations and their teams
    {
      method: 'POST',
      path: '/organiser/v1/organisations/',
      expected: { ...everyone(403), staff: 201 },
      mutates: true,
      run: (token) =>
        status({
          method: 'POST',
          url: ORGS,
          token,
          json: {
            name: 'New',
            app_name: `new-${++c.n}`,
            country: 'IT',
            currency: 'EUR',
            owner_email: `o${c.n}@new.test`,
          },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/',
      expected: everyone(200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: ORGS, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/members/',
      expected: may('team.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: membersUrl(c.orgId), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/members/',
      expected: may('team.manage', 'organisation', 201),
      mutates: true,
      prepare: async (actor) => `${actor.toLowerCase()}-${++c.n}@invitee.test`,
      run: (token, email) =>
        status({ method: 'POST', url: membersUrl(c.orgId), token, json: { email, role: 'support' } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/members/{member_id}/',
      expected: may('team.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: membersUrl(c.orgId, c.supportMemberId),
          token,
          json: { role: 'support' },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/members/{member_id}/',
      expected: may('team.manage', 'organisation', 200),
      mutates: true,
      // a fresh member per caller: a removal that succeeds takes nobody the table needs
      prepare: async (actor) =>
        String(
          (
            await c.t.addMember(
              c.orgId,
              c.t.staff,
              `leaving-${actor.toLowerCase()}@lakeside.test`,
              'photographer',
            )
          ).memberId,
        ),
      run: (token, memberId) =>
        status({ method: 'DELETE', url: membersUrl(c.orgId, Number(memberId)), token }),
    },
    {
      // public: a link that was never issued is unknown, whoever asks
      method: 'POST',
      path: '/organiser/v1/invitations/lookup/',
      expected: everyone(404, 404),
      mutates: false,
      run: (token) => status({ method: 'POST', url: LOOKUP_URL, token, json: { token: 'x'.repeat(43) } }),
    },
    {
      // public: a link that was never issued is refused the same, whoever calls
      method: 'POST',
      path: '/organiser/v1/invitations/accept/',
      expected: everyone(400, 400),
      mutates: true,
      run: (token) =>
        status({
          method: 'POST',
          url: ACCEPT_URL,
          token,
          json: { token: 'x'.repeat(43), password: 'Team-work-2026!' },
        }),
    },
    // branding
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/branding/',
      expected: may('branding.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${c.orgId}/branding/`, token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/branding/',
      expected: may('branding.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: `${ORGS}${c.orgId}/branding/`,
          token,
          json: { login_subtitle: `S${++c.n}` },
        }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/branding/images/{kind}/',
      expected: may('branding.manage', 'organisation', 200),
      mutates: true,
      run: async (token) =>
        status({
          method: 'POST',
          url: `${ORGS}${c.orgId}/branding/images/logo/`,
          token,
          form: { bytes: await freshJpeg(), name: 'logo.jpg' },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/branding/images/{kind}/',
      expected: may('branding.manage', 'organisation', 200),
      mutates: true,
      run: (token) => status({ method: 'DELETE', url: `${ORGS}${c.orgId}/branding/images/favicon/`, token }),
    },
    // who came and what they asked (support's reading)
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/checkins/',
      expected: may('orders.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}checkins/?search=runner`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/support-requests/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${c.orgId}/support-requests/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/support-requests/{request_id}/screenshot.jpg',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) =>
        status({
          method: 'GET',
          url: `${ORGS}${c.orgId}/support-requests/${c.supportRequestId}/screenshot.jpg`,
          token,
        }),
    },
  ];
}
