import { allEndpoints, priceListItem, TUS_UPLOADS_PATH } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRepository } from '../src/repositories/support.repository';
import { teamRepository } from '../src/repositories/team.repository';
import { codesEvent, codesUrl, csvBody } from './codes-fixture';
import {
  ACTORS,
  type Actor,
  type Expected,
  everyone,
  freshJpeg,
  may,
  organisationState,
  type Request,
  replacing,
  send,
  tusMetadata,
} from './console-roles-fixture';
import { BACKENDS } from './databases';
import { EVENTS_URL, type EventsHarness, newEvent, startEventsHarness } from './events-fixture';
import { call } from './harness';
import { addPhoto } from './photos';
import { ACCEPT_URL, LOOKUP_URL, membersUrl } from './team-fixture';

const ORGS = '/api/organiser/v1/organisations/';
const TUS = `/api${TUS_UPLOADS_PATH}`;
/** tus is not a JSON endpoint (not in the registry), but it is a console endpoint: its four methods need rows too. */
const TUS_KEYS = [
  `POST ${TUS_UPLOADS_PATH}`,
  `HEAD ${TUS_UPLOADS_PATH}{id}`,
  `PATCH ${TUS_UPLOADS_PATH}{id}`,
  `DELETE ${TUS_UPLOADS_PATH}{id}`,
];
/** Uploads that can create one (media.upload); the others are shown the owner's upload. */
const UPLOADERS: Actor[] = ['staff', 'owner', 'manager', 'photographerAssigned'];

interface Row {
  method: Request['method'];
  /** The contract's path, exactly as the endpoint declares it. */
  path: string;
  /** What this row asks beyond the plain endpoint (`?format=csv`). */
  variant?: string;
  expected: Expected;
  /** A call that may change something: refused callers must leave the organisation as it was. */
  mutates: boolean;
  /** Made before anyone calls (a fresh target per caller): its answer is handed to `run`. */
  prepare?: (actor: Actor) => Promise<string>;
  run: (token: string | undefined, prepared: string) => Promise<number>;
}
const rowName = (r: Row) => `${r.method} ${r.path}${r.variant ? ` ${r.variant}` : ''}`;

/**
 * Issue 18: every console endpoint × every kind of caller, the statuses derived from the
 * contract's role table; a guard that no `/organiser/v1/` endpoint ships without a row; nothing of
 * one organisation visible to or changeable by another; refused calls change nothing.
 */
describe.each(BACKENDS)('console roles on %s', (backend) => {
  let t: EventsHarness;
  let slug: string;
  let eventId: number;
  let galleryId: number;
  let orgId: number;
  let supportMemberId: number;
  let keptCode: string;
  let supportRequestId: number;
  let revokedCode: string;
  let keptVoucher: number;
  let keptCampaign: number;
  const tokens = {} as Record<Actor, string | undefined>;
  let n = 0;

  const status = async (request: Request) => (await send(t.h.app, request)).statusCode;
  const vouchersUrl = (rest = '') => `${ORGS}${orgId}/vouchers/${rest}`;
  const campaignsUrl = (rest = '') => `${ORGS}${orgId}/campaigns/${rest}`;
  /** A voucher or campaign made by the owner; answers its id. */
  const newVoucher = async (code: string) => {
    const made = await call(
      t.h.app,
      'POST',
      vouchersUrl(),
      { code, kind: 'free_photos', value: 1 },
      { token: t.org.owner },
    );
    expect(made.status).toBe(201);
    return made.body.id as number;
  };
  const newCampaign = async (code: string) => {
    const made = await call(
      t.h.app,
      'POST',
      campaignsUrl(),
      { code, percent_off: 5 },
      { token: t.org.owner },
    );
    expect(made.status).toBe(201);
    return made.body.id as number;
  };
  const newPhoto = () => addPhoto(t.h, { serviceId: eventId, galleryId, tags: [] }, ++n % 9, 160);
  /**
   * An order of lakeside's (issue 19), as a bank transfer so no provider is asked: `paid`,
   * `pending` (its transfer to come) or `held` (paid, its print line held for review).
   */
  const newOrder = async (kind: 'paid' | 'pending' | 'held'): Promise<string> => {
    const { rows } = await t.h.database.executeSql(
      `insert into orders (user_id, organisation_id, status, payment_method, provider, currency,
         digital_total, print_total, shipping_costs, handling_fee, discount_total, grand_total,
         fingerprint, link_base, paid_at, print_hold, print_hold_until)
       select id, $1, $2, 'bank-transfer', 'bank-transfer', 'EUR', 900, 0, 0, 0, 0, 900, 'roles',
         'http://localhost:8080', case when $2 = 'pending' then null else now() end, $3,
         case when $3 = 'held' then now() + interval '1 day' else null end
       from users where email = 'runner@lakeside.test' returning id`,
      [orgId, kind === 'pending' ? 'pending' : 'paid', kind === 'held' ? 'held' : 'none'],
    );
    const id = (rows[0] as { id: number }).id;
    await t.h.database.executeSql(
      `insert into order_lines (order_id, kind, description, quantity, total) values
         ($1, 'digital', 'Photo', 1, 900), ($1, 'print', 'Prints', 1, 0)`,
      [id],
    );
    return String(id);
  };
  const tusCreate = async (token: string | undefined, length = 100_000) =>
    send(t.h.app, {
      method: 'POST',
      url: TUS,
      token,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': tusMetadata({ event: slug, filename: 'a.jpg' }),
      },
    });
  /** An upload the caller may continue when they could create one; the owner's otherwise. */
  const uploadFor = async (actor: Actor) => {
    const created = await tusCreate(tokens[UPLOADERS.includes(actor) ? actor : 'owner']);
    expect(created.statusCode).toBe(201);
    return created.headers.location as string;
  };
  const tus = (method: Request['method'], extra: Record<string, string> = {}) => ({
    method,
    url: '',
    headers: { 'tus-resumable': '1.0.0', ...extra },
  });

  beforeAll(async () => {
    t = await startEventsHarness(backend);
    orgId = t.org.id;
    Object.assign(tokens, {
      staff: t.staff,
      owner: t.org.owner,
      manager: t.members.manager.token,
      photographerAssigned: t.members.assigned.token,
      photographerUnassigned: t.members.unassigned.token,
      support: t.members.support.token,
      otherOrganisation: t.otherOwner,
      participant: t.participantToken,
      anonymous: undefined,
    });
    supportMemberId = t.members.support.memberId;
    const event = await codesEvent(t, orgId, 'c0de0a11');
    slug = event.slug;
    eventId = event.id;
    galleryId = event.galleries.start;
    await teamRepository(t.h.database.db).setPhotographers(eventId, [t.members.assigned.memberId]);
    const made = await call(t.h.app, 'POST', codesUrl(slug), { count: 2 }, { token: t.org.owner });
    [keptCode, revokedCode] = (made.body.results as { code: string }[]).map((c) => c.code) as [
      string,
      string,
    ];
    // prices and a price sheet exist from the start: the state compared sees them
    expect(
      (
        await send(t.h.app, {
          method: 'PUT',
          url: `${ev()}price-list/`,
          token: t.org.owner,
          json: priceList('4.00'),
        })
      ).statusCode,
    ).toBe(200);
    await newSheet();
    keptVoucher = await newVoucher('ROLES-KEPT');
    keptCampaign = await newCampaign('ROLES-KEPT');
    await t.h.storage.put('support/roles/screenshot.jpg', await freshJpeg(), 'image/jpeg');
    supportRequestId = (
      await supportRepository(t.h.database.db).insertRequest({
        organisationId: orgId,
        photoServiceId: eventId,
        name: 'Ada Runner',
        email: 'ada@example.test',
        picacode: keptCode,
        category: 'missing_photos',
        subject: 'Finish photo missing',
        message: 'Bib 1042.',
        language: 'en',
        screenshotKey: 'support/roles/screenshot.jpg',
        answerBy: '2026-11-30',
      })
    ).id;
  });
  afterAll(() => t?.h.close());

  /** A price list of one single-photo price (the event's currency). */
  const priceList = (price: string) => ({
    currency: 'EUR',
    items: [priceListItem({ qty: 1, price })],
    packages: [],
  });

  /** A fresh price sheet of the organisation, made by the owner; answers its id. */
  const newSheet = async () => {
    const made = await send(t.h.app, {
      method: 'POST',
      url: `${ORGS}${orgId}/price-sheets/`,
      token: tokens.owner,
      json: { name: `Prepared ${++n}`, ...priceList('7.00') },
    });
    expect(made.statusCode).toBe(201);
    return String(made.json().id);
  };
  const E = `${EVENTS_URL}`;
  const ORDERS = '/api/organiser/v1/orders/';
  const ev = () => `${E}${slug}/`;
  const rows: Row[] = [
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
            app_name: `new-${++n}`,
            country: 'IT',
            currency: 'EUR',
            owner_email: `o${n}@new.test`,
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
      run: (token) => status({ method: 'GET', url: membersUrl(orgId), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/members/',
      expected: may('team.manage', 'organisation', 201),
      mutates: true,
      prepare: async (actor) => `${actor.toLowerCase()}-${++n}@invitee.test`,
      run: (token, email) =>
        status({ method: 'POST', url: membersUrl(orgId), token, json: { email, role: 'support' } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/members/{member_id}/',
      expected: may('team.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: membersUrl(orgId, supportMemberId),
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
          (await t.addMember(orgId, t.staff, `leaving-${actor.toLowerCase()}@lakeside.test`, 'photographer'))
            .memberId,
        ),
      run: (token, memberId) => status({ method: 'DELETE', url: membersUrl(orgId, Number(memberId)), token }),
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
    // selling: payment methods, bank account, print offer (issue 19)
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/payment-methods/',
      expected: may('orders.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}payment-methods/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/events/{slug}/payment-methods/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ev()}payment-methods/`,
          token,
          json: { methods: ['stripe'], confirm_messages: { stripe: `Thanks ${++n}` } },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/bank-account/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${orgId}/bank-account/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/organisations/{id}/bank-account/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ORGS}${orgId}/bank-account/`,
          token,
          json: { beneficiary: `Lakeside ${++n}`, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/bank-account/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      // an account to remove, and no event offering bank transfer (else 409, selling-settings.test.ts)
      prepare: async () => {
        await t.h.database.executeSql(
          `insert into event_payment_settings (photo_service_id, methods)
           select id, '{stripe}' from photo_services where organisation_id = $1
           on conflict (photo_service_id) do update set methods = array_remove(event_payment_settings.methods, 'bank-transfer')`,
          [orgId],
        );
        await t.h.database.executeSql(
          `insert into bank_accounts (organisation_id, beneficiary, iban, bic)
           values ($1, 'Lakeside', 'DE89370400440532013000', 'COBADEFFXXX')
           on conflict (organisation_id) do nothing`,
          [orgId],
        );
        return '';
      },
      run: (token) => status({ method: 'DELETE', url: `${ORGS}${orgId}/bank-account/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/print-offer/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${orgId}/print-offer/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/organisations/{id}/print-offer/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ORGS}${orgId}/print-offer/`,
          token,
          json: {
            products: [],
            shipping_rates: [{ country: 'DE', shipping: `${++n}.00`, handling_fee: '0' }],
          },
        }),
    },
    // branding
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/branding/',
      expected: may('branding.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${orgId}/branding/`, token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/branding/',
      expected: may('branding.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: `${ORGS}${orgId}/branding/`,
          token,
          json: { login_subtitle: `S${++n}` },
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
          url: `${ORGS}${orgId}/branding/images/logo/`,
          token,
          form: { bytes: await freshJpeg(), name: 'logo.jpg' },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/branding/images/{kind}/',
      expected: may('branding.manage', 'organisation', 200),
      mutates: true,
      run: (token) => status({ method: 'DELETE', url: `${ORGS}${orgId}/branding/images/favicon/`, token }),
    },
    // events and galleries
    {
      method: 'POST',
      path: '/organiser/v1/events/',
      expected: may('events.manage', 'organisation', 201),
      mutates: true,
      run: (token) =>
        status({ method: 'POST', url: E, token, json: newEvent(orgId, { name: `Run ${++n}` }) }),
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
      run: (token) => status({ method: 'GET', url: `${E}?organisation_id=${orgId}`, token }),
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
      run: (token) => status({ method: 'PATCH', url: ev(), token, json: { location: `Lake ${++n}` } }),
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
      run: (token) => status({ method: 'POST', url: `${ev()}galleries/`, token, json: { name: `G${++n}` } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/events/{slug}/galleries/{id}/',
      expected: may('events.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: `${ev()}galleries/${galleryId}/`,
          token,
          json: { name: `Start ${++n}` },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/events/{slug}/galleries/{id}/',
      expected: may('events.manage', 'event', 200),
      mutates: true,
      prepare: async () =>
        String(
          (await call(t.h.app, 'POST', `${ev()}galleries/`, { name: `Gone ${++n}` }, { token: t.staff })).body
            .id,
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
          json: { numbers: [String(1000 + ++n), '2000'], recognition: n % 2 === 0 },
        }),
    },
    // media
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/media/',
      expected: may('media.upload', 'event', 201),
      mutates: true,
      run: async (token) =>
        status({
          method: 'POST',
          url: `${ev()}media/`,
          token,
          form: { bytes: await freshJpeg(), name: 'p.jpg', fields: { gallery_id: String(galleryId) } },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/media/',
      expected: may('media.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}media/`, token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/events/{slug}/media/{id}/',
      expected: may('media.manage', 'event', 200),
      mutates: true,
      prepare: async () => String(await newPhoto()),
      run: (token, id) =>
        status({
          method: 'PATCH',
          url: `${ev()}media/${id}/`,
          token,
          json: { tags: [`team-${++n}`], bibs: [String(1000 + n)], hidden: true },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/events/{slug}/media/{id}/',
      expected: may('media.manage', 'event', 200),
      mutates: true,
      prepare: async () => String(await newPhoto()),
      run: (token, id) => status({ method: 'DELETE', url: `${ev()}media/${id}/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/media/bulk/',
      expected: may('media.manage', 'event', 200),
      mutates: true,
      prepare: async () => String(await newPhoto()),
      run: (token, id) =>
        status({
          method: 'POST',
          url: `${ev()}media/bulk/`,
          token,
          json: { ids: [Number(id)], action: 'delete' },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/face-index/',
      expected: may('media.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}face-index/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/metrics/',
      expected: may('metrics.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}metrics/`, token }),
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
        status({ method: 'GET', url: `${ORGS}${orgId}/dashboard/?from=2026-01-01&to=2026-01-31`, token }),
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
    // resumable uploads (tus): created by media.upload; continued only by their creator
    {
      method: 'POST',
      path: TUS_UPLOADS_PATH,
      expected: may('media.upload', 'event', 201),
      mutates: true,
      run: async (token) => (await tusCreate(token)).statusCode,
    },
    {
      method: 'HEAD',
      path: `${TUS_UPLOADS_PATH}{id}`,
      expected: replacing(may('media.upload', 'event', 200), 403, 404),
      mutates: false,
      prepare: uploadFor,
      run: (token, location) => status({ ...tus('HEAD'), url: location, token }),
    },
    {
      method: 'PATCH',
      path: `${TUS_UPLOADS_PATH}{id}`,
      expected: replacing(may('media.upload', 'event', 204), 403, 404),
      mutates: true,
      prepare: uploadFor,
      run: (token, location) =>
        status({
          ...tus('PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
          url: location,
          token,
          bytes: Buffer.from('0123456789'),
        }),
    },
    {
      method: 'DELETE',
      path: `${TUS_UPLOADS_PATH}{id}`,
      expected: replacing(may('media.upload', 'event', 204), 403, 404),
      mutates: true,
      prepare: uploadFor,
      run: (token, location) => status({ ...tus('DELETE'), url: location, token }),
    },
    // album codes
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/codes/',
      expected: may('codes.manage', 'event', 201),
      mutates: true,
      run: (token) => status({ method: 'POST', url: codesUrl(slug), token, json: { count: 2 } }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/codes/',
      expected: may('codes.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: codesUrl(slug), token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/codes/',
      variant: '?format=csv',
      expected: may('codes.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: codesUrl(slug, '?format=csv'), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/codes/import/',
      expected: may('codes.manage', 'event', 201),
      mutates: true,
      run: (token) =>
        status({
          method: 'POST',
          url: codesUrl(slug, 'import/'),
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
      run: (token) => status({ method: 'DELETE', url: codesUrl(slug, `${revokedCode}/`), token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/codes/cards.pdf',
      expected: may('codes.read', 'event', 200),
      mutates: false,
      run: (token) =>
        status({ method: 'GET', url: codesUrl(slug, `cards.pdf?layout=a4&codes=${keptCode}`), token }),
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
      run: (token) => status({ method: 'GET', url: `${ORGS}${orgId}/photographers/`, token }),
    },
    // prices (issue 19): reading with the event, changing owner only
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/price-list/',
      expected: may('events.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}price-list/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/events/{slug}/price-list/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({ method: 'PUT', url: `${ev()}price-list/`, token, json: priceList(`${++n}.00`) }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
      expected: may('events.read', 'event', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ev()}galleries/${galleryId}/price-list/`, token }),
    },
    {
      method: 'PUT',
      path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PUT',
          url: `${ev()}galleries/${galleryId}/price-list/`,
          token,
          json: { ...priceList(`${++n}.00`), packages: [] },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/events/{slug}/galleries/{id}/price-list/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      // a gallery list to remove, made afresh before each caller
      prepare: async () => {
        const made = await send(t.h.app, {
          method: 'PUT',
          url: `${ev()}galleries/${galleryId}/price-list/`,
          token: tokens.owner,
          json: { ...priceList(`${++n}.00`), packages: [] },
        });
        expect(made.statusCode).toBe(200);
        return '';
      },
      run: (token) => status({ method: 'DELETE', url: `${ev()}galleries/${galleryId}/price-list/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/events/{slug}/price-list/apply-sheet/',
      expected: may('selling.manage', 'event', 200),
      mutates: true,
      prepare: () => newSheet(),
      run: (token, sheetId) =>
        status({
          method: 'POST',
          url: `${ev()}price-list/apply-sheet/`,
          token,
          json: { sheet_id: Number(sheetId) },
        }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/price-sheets/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${orgId}/price-sheets/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/price-sheets/',
      expected: may('selling.manage', 'organisation', 201),
      mutates: true,
      run: (token) =>
        status({
          method: 'POST',
          url: `${ORGS}${orgId}/price-sheets/`,
          token,
          json: { name: `Sheet ${++n}`, ...priceList('5.00') },
        }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/price-sheets/{sheet_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newSheet(),
      run: (token, sheetId) =>
        status({
          method: 'PATCH',
          url: `${ORGS}${orgId}/price-sheets/${sheetId}/`,
          token,
          json: { name: `Renamed ${++n}` },
        }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/price-sheets/{sheet_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newSheet(),
      run: (token, sheetId) =>
        status({ method: 'DELETE', url: `${ORGS}${orgId}/price-sheets/${sheetId}/`, token }),
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
      run: (token) => status({ method: 'GET', url: `${ORGS}${orgId}/support-requests/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/support-requests/{request_id}/screenshot.jpg',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) =>
        status({
          method: 'GET',
          url: `${ORGS}${orgId}/support-requests/${supportRequestId}/screenshot.jpg`,
          token,
        }),
    },
    // vouchers and campaigns (issue 19): selling.manage, reading included
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/vouchers/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: vouchersUrl(), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/vouchers/',
      expected: may('selling.manage', 'organisation', 201),
      mutates: true,
      prepare: async (actor) => `ROLES-${actor.toUpperCase()}-${++n}`,
      run: (token, code) =>
        status({ method: 'POST', url: vouchersUrl(), token, json: { code, kind: 'percentage', value: 10 } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/vouchers/{voucher_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({ method: 'PATCH', url: vouchersUrl(`${keptVoucher}/`), token, json: { max_uses: 50 } }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/vouchers/{voucher_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      // a fresh voucher per caller: a deletion that succeeds takes nothing the table needs
      prepare: async (actor) => String(await newVoucher(`GONE-${actor.toUpperCase()}`)),
      run: (token, id) => status({ method: 'DELETE', url: vouchersUrl(`${id}/`), token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/campaigns/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: campaignsUrl(), token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/organisations/{id}/campaigns/',
      expected: may('selling.manage', 'organisation', 201),
      mutates: true,
      prepare: async (actor) => `LINK-${actor.toUpperCase()}-${++n}`,
      run: (token, code) =>
        status({ method: 'POST', url: campaignsUrl(), token, json: { code, percent_off: 10 } }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({ method: 'PATCH', url: campaignsUrl(`${keptCampaign}/`), token, json: { percent_off: 15 } }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: async (actor) => String(await newCampaign(`GONE-${actor.toUpperCase()}`)),
      run: (token, id) => status({ method: 'DELETE', url: campaignsUrl(`${id}/`), token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      variant: '{ active: false }',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: async (actor) => String(await newCampaign(`PAUSE-${actor.toUpperCase()}`)),
      run: (token, id) =>
        status({ method: 'PATCH', url: campaignsUrl(`${id}/`), token, json: { active: false } }),
    },
    {
      method: 'DELETE',
      path: '/organiser/v1/organisations/{id}/campaigns/{campaign_id}/',
      variant: 'carried by an order (deactivates)',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      prepare: async (actor) => {
        const code = `USED-${actor.toUpperCase()}`;
        const id = await newCampaign(code);
        const order = await newOrder('paid');
        await t.h.database.executeSql('update orders set campaign_code = $1 where id = $2', [code, order]);
        return String(id);
      },
      run: (token, id) => status({ method: 'DELETE', url: campaignsUrl(`${id}/`), token }),
    },
    // orders (issue 19): read by owners, managers and support; changed by owners and managers
    {
      method: 'GET',
      path: '/organiser/v1/orders/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORDERS}?organisation_id=${orgId}`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/',
      variant: '?format=csv',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORDERS}?organisation_id=${orgId}&format=csv`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/{id}/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      prepare: () => newOrder('paid'),
      run: (token, id) => status({ method: 'GET', url: `${ORDERS}${id}/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/refund/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('paid'),
      run: (token, id) =>
        status({ method: 'POST', url: `${ORDERS}${id}/refund/`, token, json: { reason: 'Roles' } }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/mark-paid/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('pending'),
      run: (token, id) => status({ method: 'POST', url: `${ORDERS}${id}/mark-paid/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/resend/',
      expected: may('orders.read', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('paid'),
      run: (token, id) => status({ method: 'POST', url: `${ORDERS}${id}/resend/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/{id}/lab-package/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      prepare: async () => {
        const id = await newOrder('paid');
        await t.h.storage.put(`lab/${id}/manifest.json`, Buffer.from('{"lines":[]}'), 'application/json');
        await t.h.database.executeSql(
          'insert into lab_packages (order_id, manifest_key, files) values ($1, $2, 0)',
          [Number(id), `lab/${id}/manifest.json`],
        );
        return id;
      },
      run: (token, id) => status({ method: 'GET', url: `${ORDERS}${id}/lab-package/`, token }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/orders/{id}/lab-package.zip',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      prepare: async () => {
        const id = await newOrder('paid');
        await t.h.storage.put(`lab/${id}/manifest.json`, Buffer.from('{"lines":[]}'), 'application/json');
        await t.h.database.executeSql(
          'insert into lab_packages (order_id, manifest_key, files) values ($1, $2, 0)',
          [Number(id), `lab/${id}/manifest.json`],
        );
        return id;
      },
      run: (token, id) => status({ method: 'GET', url: `${ORDERS}${id}/lab-package.zip`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/release/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('held'),
      run: (token, id) => status({ method: 'POST', url: `${ORDERS}${id}/release/`, token }),
    },
    {
      method: 'POST',
      path: '/organiser/v1/orders/{id}/cancel-print/',
      expected: may('orders.manage', 'organisation', 200),
      mutates: true,
      prepare: () => newOrder('held'),
      run: (token, id) =>
        status({ method: 'POST', url: `${ORDERS}${id}/cancel-print/`, token, json: { reason: 'Roles' } }),
    },
    {
      method: 'GET',
      path: '/organiser/v1/organisations/{id}/order-settings/',
      expected: may('orders.read', 'organisation', 200),
      mutates: false,
      run: (token) => status({ method: 'GET', url: `${ORGS}${orgId}/order-settings/`, token }),
    },
    {
      method: 'PATCH',
      path: '/organiser/v1/organisations/{id}/order-settings/',
      expected: may('selling.manage', 'organisation', 200),
      mutates: true,
      run: (token) =>
        status({
          method: 'PATCH',
          url: `${ORGS}${orgId}/order-settings/`,
          token,
          json: { print_hold_hours: 0 },
        }),
    },
  ];

  it("names the organisation's photographers, and only them, to a manager, who assigns with them", async () => {
    const answer = await call(t.h.app, 'GET', `${ORGS}${orgId}/photographers/`, undefined, {
      token: t.members.manager.token,
    });
    const ids = (answer.body.results as { id: number }[]).map((p) => p.id).sort();
    expect(ids).toEqual([t.members.assigned.memberId, t.members.unassigned.memberId].sort());
    const saved = await call(
      t.h.app,
      'PATCH',
      ev(),
      { photographer_member_ids: ids },
      { token: t.members.manager.token },
    );
    expect(saved.status).toBe(200);
    expect([...(saved.body.photographer_member_ids as number[])].sort()).toEqual(ids);
    await call(
      t.h.app,
      'PATCH',
      ev(),
      { photographer_member_ids: [t.members.assigned.memberId] },
      { token: t.members.manager.token },
    );
  });

  it('has a row for every console endpoint of the contract, and for the four tus methods', async () => {
    const console = allEndpoints
      .filter((e) => e.path.startsWith('/organiser/v1/'))
      .map((e) => `${e.method} ${e.path}`);
    expect(console.length).toBeGreaterThan(30);
    const covered = new Set(rows.map((r) => `${r.method} ${r.path}`));
    expect([...console, ...TUS_KEYS].filter((k) => !covered.has(k))).toEqual([]);
    // and no row for an endpoint that is gone
    expect([...covered].filter((k) => !console.includes(k) && !TUS_KEYS.includes(k))).toEqual([]);
    // the state compared around refused calls sees every kind of thing they could change
    const kinds = new Set((await organisationState(t.h, orgId)).map((line) => line.split(' ')[0]));
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'event',
        'event_photographers',
        'galleries',
        'media',
        'member',
        'organisation',
        'picacodes',
        'price_lists',
        'price_sheets',
      ]),
    );
  });

  it('lists to each caller only the events they may see: a photographer their assigned ones', async () => {
    const slugs = async (token: string | undefined) =>
      ((await call(t.h.app, 'GET', EVENTS_URL, undefined, { token })).body.results as { slug: string }[]).map(
        (e) => e.slug,
      );
    expect(await slugs(tokens.owner)).toContain(slug);
    expect(await slugs(tokens.support)).toContain(slug);
    expect(await slugs(tokens.photographerAssigned)).toEqual([slug]);
    expect(await slugs(tokens.photographerUnassigned)).toEqual([]);
    expect(await slugs(tokens.participant)).toEqual([]);
    const listed = (await call(t.h.app, 'GET', EVENTS_URL, undefined, { token: tokens.owner })).body
      .results as { slug: string; organisation_id: number }[];
    expect(listed.find((e) => e.slug === slug)).toMatchObject({ organisation_id: orgId });
  });

  describe("another organisation's member", () => {
    let other: { slug: string; galleryId: number; mediaId: number; code: string };
    const asOther = (request: Omit<Request, 'token'>) =>
      send(t.h.app, { ...request, token: tokens.otherOrganisation });

    beforeAll(async () => {
      const event = await codesEvent(t, t.otherOrgId, 'b0de0b22', 'Hill Climb 2026');
      const made = await call(t.h.app, 'POST', codesUrl(event.slug), { count: 1 }, { token: t.otherOwner });
      other = {
        slug: event.slug,
        galleryId: event.galleries.start,
        mediaId: event.photos.start,
        code: (made.body.results as { code: string }[])[0]!.code,
      };
    });

    it("lists only their own organisation and events, and is told the other's do not exist", async () => {
      const mine = await asOther({ method: 'GET', url: ORGS });
      expect((mine.json().results as { id: number }[]).map((o) => o.id)).toEqual([t.otherOrgId]);
      const events = await asOther({ method: 'GET', url: E });
      const listed = events.json().results as { slug: string; organisation_id: number }[];
      expect(listed.map((e) => e.slug)).toContain(other.slug);
      expect(listed.filter((e) => e.organisation_id !== t.otherOrgId)).toEqual([]);
      expect((await asOther({ method: 'GET', url: `${E}?organisation_id=${orgId}` })).statusCode).toBe(404);
      // the owner of lakeside, for contrast, sees lakeside's and not hillside's
      const theirs = await send(t.h.app, { method: 'GET', url: E, token: tokens.owner });
      const lakeside = theirs.json().results as { slug: string }[];
      expect(lakeside.map((e) => e.slug)).toContain(slug);
      expect(lakeside.map((e) => e.slug)).not.toContain(other.slug);
    });

    it("reaches nothing of lakeside's through their own event or organisation (ids are not enough)", async () => {
      const [aMedia] = (
        await t.h.database.executeSql(
          'select id, sha256 from media where photo_service_id = $1 order by id',
          [eventId],
        )
      ).rows as { id: number; sha256: string }[];
      const aMember = t.members.manager.memberId;
      const upload = await tusCreate(tokens.owner);
      const before = await organisationState(t.h, orgId);
      const mine = `${E}${other.slug}/`;
      const answers = {
        patchMedium: await asOther({
          method: 'PATCH',
          url: `${mine}media/${aMedia!.id}/`,
          json: { hidden: true },
        }),
        deleteMedium: await asOther({ method: 'DELETE', url: `${mine}media/${aMedia!.id}/` }),
        renameGallery: await asOther({
          method: 'PATCH',
          url: `${mine}galleries/${galleryId}/`,
          json: { name: 'X' },
        }),
        deleteGallery: await asOther({ method: 'DELETE', url: `${mine}galleries/${galleryId}/` }),
        revokeCode: await asOther({ method: 'DELETE', url: codesUrl(other.slug, `${keptCode}/`) }),
        changeMember: await asOther({
          method: 'PATCH',
          url: membersUrl(t.otherOrgId, aMember),
          json: { role: 'owner' },
        }),
        removeMember: await asOther({ method: 'DELETE', url: membersUrl(t.otherOrgId, aMember) }),
        continueUpload: await asOther({ ...tus('HEAD'), url: upload.headers.location as string }),
        endUpload: await asOther({ ...tus('DELETE'), url: upload.headers.location as string }),
        moveIntoTheirGallery: await asOther({
          method: 'PATCH',
          url: `${mine}media/${other.mediaId}/`,
          json: { gallery_id: galleryId },
        }),
        codeForTheirGallery: await asOther({
          method: 'POST',
          url: codesUrl(other.slug),
          json: { count: 1, gallery_ids: [galleryId] },
        }),
        changeVoucher: await asOther({
          method: 'PATCH',
          url: `${ORGS}${t.otherOrgId}/vouchers/${keptVoucher}/`,
          json: { active: false },
        }),
        deleteVoucher: await asOther({
          method: 'DELETE',
          url: `${ORGS}${t.otherOrgId}/vouchers/${keptVoucher}/`,
        }),
        changeCampaign: await asOther({
          method: 'PATCH',
          url: `${ORGS}${t.otherOrgId}/campaigns/${keptCampaign}/`,
          json: { percent_off: 90 },
        }),
        deleteCampaign: await asOther({
          method: 'DELETE',
          url: `${ORGS}${t.otherOrgId}/campaigns/${keptCampaign}/`,
        }),
        voucherForTheirEvent: await asOther({
          method: 'POST',
          url: `${ORGS}${t.otherOrgId}/vouchers/`,
          json: { code: 'THEIRS-1', kind: 'percentage', value: 50, events: [slug] },
        }),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode]))).toEqual({
        patchMedium: 404,
        deleteMedium: 404,
        renameGallery: 404,
        deleteGallery: 404,
        revokeCode: 404,
        changeMember: 404,
        removeMember: 404,
        continueUpload: 404,
        endUpload: 404,
        moveIntoTheirGallery: 400,
        codeForTheirGallery: 400,
        changeVoucher: 404,
        deleteVoucher: 404,
        changeCampaign: 404,
        deleteCampaign: 404,
        voucherForTheirEvent: 400,
      });
      const bulk = await asOther({
        method: 'POST',
        url: `${mine}media/bulk/`,
        json: { ids: [aMedia!.id], action: 'delete' },
      });
      expect(bulk.json()).toEqual({ results: [{ id: aMedia!.id, outcome: 'not_found' }] });
      const check = await asOther({
        method: 'POST',
        url: `${mine}uploads/check/`,
        json: { files: [{ name: 'a.jpg', size: 1, sha256: aMedia!.sha256 }] },
      });
      // the same bytes are in hillside's event too (the fixture's photos): that one is answered, never lakeside's
      const held = (check.json().held as { media_id: number }[]).map((m) => m.media_id);
      expect(held).not.toContain(aMedia!.id);
      const { rows: owners } = await t.h.database.executeSql(
        'select distinct p.organisation_id as id from media m join photo_services p on p.id = m.photo_service_id where m.id = any($1::int[])',
        [held],
      );
      expect(owners.map((r) => (r as { id: number }).id)).toEqual(held.length ? [t.otherOrgId] : []);
      expect(await organisationState(t.h, orgId)).toEqual(before);
      // the upload is still lakeside's to continue
      expect(
        (await send(t.h.app, { ...tus('HEAD'), url: upload.headers.location as string, token: tokens.owner }))
          .statusCode,
      ).toBe(200);
    });
  });

  it.each(rows.map((r) => [rowName(r), r] as const))('%s', async (_, row) => {
    const prepared = {} as Record<Actor, string>;
    for (const actor of ACTORS) prepared[actor] = row.prepare ? await row.prepare(actor) : '';
    const got = {} as Record<Actor, number>;
    const refused = ACTORS.filter((a) => row.expected[a] >= 400);
    const before = row.mutates ? await organisationState(t.h, orgId) : [];
    for (const actor of refused) got[actor] = await row.run(tokens[actor], prepared[actor]);
    if (row.mutates)
      expect(await organisationState(t.h, orgId), 'refused calls changed nothing').toEqual(before);
    for (const actor of ACTORS.filter((a) => !refused.includes(a)))
      got[actor] = await row.run(tokens[actor], prepared[actor]);
    expect(got).toEqual(row.expected);
  });
});
