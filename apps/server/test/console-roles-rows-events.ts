import { codesUrl, csvBody } from './codes-fixture';
import { E, ORGS, type RolesContext, type Row } from './console-roles-context';
import { everyone, may } from './console-roles-fixture';
import { newEvent } from './events-fixture';
import { call } from './harness';

/** Events and galleries, race-day bibs, album codes and insight. */
export function eventsRows(c: RolesContext): Row[] {
  const { status, ev } = c;
  return [
    // events and galleries
    {
      method: 'POST',
      path: '/organiser/v1/events/',
      expected: may('events.manage', 'organisation', 201),
      mutates: true,
      run: (token) =>
        status({ method: 'POST', url: E, token, json: newEvent(c.orgId, { name: `Run ${++c.n}` }) }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/',
      expected: everyone(200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: E, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/',
      variant: '?organisation_id=',
      expected: may('events.read', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${E}?organisation_id=${c.orgId}`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/',
      expected: may('events.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: ev(), token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/events/{slug}/',
      expected: may('events.manage', 'event', 200),
      mutates: true,
      run: (token) => status({ method: 'PATCH', url: ev(), token, json: { location: `Lake ${++c.n}` } }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/galleries/',
      expected: may('events.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}galleries/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/galleries/',
      expected: may('events.manage', 'event', 201),
      mutates: true,
      run: (token) =>
        status({ method: 'POST', url: `${ev()}galleries/`, token, json: { name: `G${++c.n}` } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/events/{slug}/galleries/{id}/',
      expected: may('events.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: `${ev()}galleries/${c.galleryId}/`,
          token,
          json: { name: `Start ${++c.n}` },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/events/{slug}/galleries/{id}/',
      expected: may('events.manage', 'event', 200),
      mutates: true,
      prepare: async () =>
        String(
          (
            await call(
              c.t.h.app,
              'POST',
              `${ev()}galleries/`,
              { name: `Gone ${++c.n}` },
              { token: c.t.staff },
            )
          ).body.id,
        ),
      run: (token, id) => status({ method: 'DELETE', url: `${ev()}galleries/${id}/`, token }),
    },
    // race-day bibs (issue 20)
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/bibs/',
      expected: may('events.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}bibs/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/events/{slug}/bibs/',
      expected: may('events.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ev()}bibs/`,
          token,
          json: { numbers: [String(1000 + ++c.n), '2000'], recognition: c.n % 2 === 0 },
        }),
    },
    // insight (issue 19)
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/dashboard/',
      expected: may('metrics.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}dashboard/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/dashboard/',
      expected: may('metrics.read', 'organisation', 200),
      mutates: false,
      run: (token) =>
        status({ method: 'GET', url: `${ORGS}${c.orgId}/dashboard/?from=2026-01-01&to=2026-01-31`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/uploads/check/',
      expected: may('media.upload', 'event', 200),
      mutates: false,
      run: (token) =>
        status({
          method: 'POST',
          url: `${ev()}uploads/check/`,
          token,
          json: { files: [{ name: 'a.jpg', size: 1, sha256: 'a'.repeat(64) }] },
        }),
    },
    // album codes
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/codes/',
      expected: may('codes.manage', 'event', 201),
      mutates: true,
      run: (token) => status({ method: 'POST', url: codesUrl(c.slug), token, json: { count: 2 } }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/codes/',
      expected: may('codes.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: codesUrl(c.slug), token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/codes/',
      variant: '?format=csv',
      expected: may('codes.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: codesUrl(c.slug, '?format=csv'), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/codes/import/',
      expected: may('codes.manage', 'event', 201),
      mutates: true,
      run: (token) =>
        status({
          method: 'POST',
          url: codesUrl(c.slug, 'import/'),
          token,
          csv: csvBody(['code,label', ',imported']),
        }),
    },
    {
      // issue 20: importing runners makes album codes, so it is codes.manage
      method: 'POST',
      path: '/organiser/v1/events/{slug}/participants/import/',
      expected: may('codes.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'POST',
          url: `${ev()}participants/import/?consent_confirmed=true`,
          token,
          csv: csvBody(['first name,last name,email,bib', 'Ada,Lovelace,ada@example.com,1042']),
        }),
    },
    {
      // issue 20: the runners' names, e-mails and codes are what the codes list shows: codes.read
      method: 'GET',
      path: '/organiser/v1/events/{slug}/participants/runners/',
      expected: may('codes.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}participants/runners/?search=ada`, token }),
    },
    {
      // revoking twice answers the same: every allowed caller gets 200
      method: 'DELETE',
      path: '/organiser/v1/events/{slug}/codes/{code}/',
      expected: may('codes.manage', 'event', 200),
      mutates: true,
      run: (token) => status({ method: 'DELETE', url: codesUrl(c.slug, `${c.revokedCode}/`), token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/codes/cards.pdf',
      expected: may('codes.read', 'event', 200),
      mutates: false,
      run: (token) =>
        status({ method: 'GET', url: codesUrl(c.slug, `cards.pdf?layout=a4&codes=${c.keptCode}`), token }),
    },
    {
      // decision (issue 18): progress is media.read, like face-index: support reads settings, not media
      method: 'GET',
      path: '/organiser/v1/events/{slug}/progress/',
      expected: may('media.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}progress/`, token }),
    },
    {
      // whoever assigns photographers (events.manage) reads them; every other role is refused
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/photographers/',
      expected: may('events.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${c.orgId}/photographers/`, token }),
    },
  ];
}
