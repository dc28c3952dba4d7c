import { priceListItem, TUS_UPLOADS_PATH } from '@fotodrop/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { supportRepository } from '../src/repositories/support.repository';
import { teamRepository } from '../src/repositories/team.repository';
import { codesEvent, codesUrl } from './codes-fixture';
import {
  ACTORS,
  type Actor,
  type Expected,
  freshJpeg,
  organisationState,
  type Request,
  send,
  tusMetadata,
} from './console-roles-fixture';
import type { Backend } from './databases';
import { EVENTS_URL, type EventsHarness, startEventsHarness } from './events-fixture';
import { call } from './harness';
import { addPhoto } from './photos';

export const ORGS = '/api/organiser/v1/organisations/';
export const ORDERS = '/api/organiser/v1/orders/';
export const E = `${EVENTS_URL}`;
export const TUS = `/api${TUS_UPLOADS_PATH}`;
/** tus is not a JSON endpoint (not in the registry), but it is a console endpoint: its four methods need rows too. */
export const TUS_KEYS = [
  `POST ${TUS_UPLOADS_PATH}`,
  `HEAD ${TUS_UPLOADS_PATH}{id}`,
  `PATCH ${TUS_UPLOADS_PATH}{id}`,
  `DELETE ${TUS_UPLOADS_PATH}{id}`,
];
/** Uploads that can create one (media.upload); the others are shown the owner's upload. */
export const UPLOADERS: Actor[] = ['staff', 'owner', 'manager', 'photographerAssigned'];

/** One console endpoint (or one variant of it) called by every kind of caller. */
export interface Row {
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
export const rowName = (r: Row) => `${r.method} ${r.path}${r.variant ? ` ${r.variant}` : ''}`;

/** A price list of one single-photo price (the event's currency). */
export const priceList = (price: string) => ({
  currency: 'EUR',
  items: [priceListItem({ qty: 1, price })],
  packages: [],
});

export const tus = (method: Request['method'], extra: Record<string, string> = {}) => ({
  method,
  url: '',
  headers: { 'tus-resumable': '1.0.0', ...extra },
});

/**
 * Lakeside's console as every row finds it: an event with album codes, prices, a price sheet, a
 * voucher, a campaign and a support request, one photographer assigned. The values are set once
 * the harness runs (`beforeAll`): rows read them when they run, never when they are listed.
 */
export interface RolesContext {
  t: EventsHarness;
  slug: string;
  eventId: number;
  galleryId: number;
  orgId: number;
  supportMemberId: number;
  keptCode: string;
  revokedCode: string;
  supportRequestId: number;
  keptVoucher: number;
  keptCampaign: number;
  tokens: Record<Actor, string | undefined>;
  /** Counts up for names that must not repeat. */
  n: number;
  status: (request: Request) => Promise<number>;
  /** The event's console URL. */
  ev: () => string;
  vouchersUrl: (rest?: string) => string;
  campaignsUrl: (rest?: string) => string;
  /** A voucher or campaign made by the owner; answers its id. */
  newVoucher: (code: string) => Promise<number>;
  newCampaign: (code: string) => Promise<number>;
  newPhoto: () => ReturnType<typeof addPhoto>;
  /**
   * An order of lakeside's (issue 19), as a bank transfer so no provider is asked: `paid`,
   * `pending` (its transfer to come) or `held` (paid, its print line held for review).
   */
  newOrder: (kind: 'paid' | 'pending' | 'held') => Promise<string>;
  /** A fresh price sheet of the organisation, made by the owner; answers its id. */
  newSheet: () => Promise<string>;
  tusCreate: (token: string | undefined, length?: number) => ReturnType<typeof send>;
  /** An upload the caller may continue when they could create one; the owner's otherwise. */
  uploadFor: (actor: Actor) => Promise<string>;
}

/** Starts lakeside's console on `backend` for the enclosing `describe` and closes it after. */
export function useRolesContext(backend: Backend): RolesContext {
  const c = {
    tokens: {} as Record<Actor, string | undefined>,
    n: 0,
    status: async (request) => (await send(c.t.h.app, request)).statusCode,
    ev: () => `${E}${c.slug}/`,
    vouchersUrl: (rest = '') => `${ORGS}${c.orgId}/vouchers/${rest}`,
    campaignsUrl: (rest = '') => `${ORGS}${c.orgId}/campaigns/${rest}`,
    newVoucher: async (code) => {
      const made = await call(
        c.t.h.app,
        'POST',
        c.vouchersUrl(),
        { code, kind: 'free_photos', value: 1 },
        { token: c.t.org.owner },
      );
      expect(made.status).toBe(201);
      return made.body.id as number;
    },
    newCampaign: async (code) => {
      const made = await call(
        c.t.h.app,
        'POST',
        c.campaignsUrl(),
        { code, percent_off: 5 },
        { token: c.t.org.owner },
      );
      expect(made.status).toBe(201);
      return made.body.id as number;
    },
    newPhoto: () =>
      addPhoto(c.t.h, { serviceId: c.eventId, galleryId: c.galleryId, tags: [] }, ++c.n % 9, 160),
    newOrder: async (kind) => {
      const { rows } = await c.t.h.database.executeSql(
        `insert into orders (user_id, organisation_id, status, payment_method, provider, currency,
           digital_total, print_total, shipping_costs, handling_fee, discount_total, grand_total,
           fingerprint, link_base, paid_at, print_hold, print_hold_until)
         select id, $1, $2, 'bank-transfer', 'bank-transfer', 'EUR', 900, 0, 0, 0, 0, 900, 'roles',
           'http://localhost:8080', case when $2 = 'pending' then null else now() end, $3,
           case when $3 = 'held' then now() + interval '1 day' else null end
         from users where email = 'runner@lakeside.test' returning id`,
        [c.orgId, kind === 'pending' ? 'pending' : 'paid', kind === 'held' ? 'held' : 'none'],
      );
      const id = (rows[0] as { id: number }).id;
      await c.t.h.database.executeSql(
        `insert into order_lines (order_id, kind, description, quantity, total) values
           ($1, 'digital', 'Photo', 1, 900), ($1, 'print', 'Prints', 1, 0)`,
        [id],
      );
      return String(id);
    },
    newSheet: async () => {
      const made = await send(c.t.h.app, {
        method: 'POST',
        url: `${ORGS}${c.orgId}/price-sheets/`,
        token: c.tokens.owner,
        json: { name: `Prepared ${++c.n}`, ...priceList('7.00') },
      });
      expect(made.statusCode).toBe(201);
      return String(made.json().id);
    },
    tusCreate: async (token, length = 100_000) =>
      send(c.t.h.app, {
        method: 'POST',
        url: TUS,
        token,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': tusMetadata({ event: c.slug, filename: 'a.jpg' }),
        },
      }),
    uploadFor: async (actor) => {
      const created = await c.tusCreate(c.tokens[UPLOADERS.includes(actor) ? actor : 'owner']);
      expect(created.statusCode).toBe(201);
      return created.headers.location as string;
    },
  } as RolesContext;

  beforeAll(async () => {
    const t = await startEventsHarness(backend);
    c.t = t;
    c.orgId = t.org.id;
    Object.assign(c.tokens, {
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
    c.supportMemberId = t.members.support.memberId;
    const event = await codesEvent(t, c.orgId, 'c0de0a11');
    c.slug = event.slug;
    c.eventId = event.id;
    c.galleryId = event.galleries.start;
    await teamRepository(t.h.database.db).setPhotographers(c.eventId, [t.members.assigned.memberId]);
    const made = await call(t.h.app, 'POST', codesUrl(c.slug), { count: 2 }, { token: t.org.owner });
    [c.keptCode, c.revokedCode] = (made.body.results as { code: string }[]).map((code) => code.code) as [
      string,
      string,
    ];
    // prices and a price sheet exist from the start: the state compared sees them
    expect(
      (
        await send(t.h.app, {
          method: 'PUT',
          url: `${c.ev()}price-list/`,
          token: t.org.owner,
          json: priceList('4.00'),
        })
      ).statusCode,
    ).toBe(200);
    await c.newSheet();
    c.keptVoucher = await c.newVoucher('ROLES-KEPT');
    c.keptCampaign = await c.newCampaign('ROLES-KEPT');
    await t.h.storage.put('support/roles/screenshot.jpg', await freshJpeg(), 'image/jpeg');
    c.supportRequestId = (
      await supportRepository(t.h.database.db).insertRequest({
        organisationId: c.orgId,
        photoServiceId: c.eventId,
        name: 'Ada Runner',
        email: 'ada@example.test',
        picacode: c.keptCode,
        category: 'missing_photos',
        subject: 'Finish photo missing',
        message: 'Bib 1042.',
        language: 'en',
        screenshotKey: 'support/roles/screenshot.jpg',
        answerBy: '2026-11-30',
      })
    ).id;
  });
  afterAll(() => c.t?.h.close());
  return c;
}

/**
 * One test per row: every caller gets what the role table says, and the refused ones (called
 * first) leave the organisation as it was.
 */
export function checkRows(c: RolesContext, rows: Row[]): void {
  it.each(rows.map((r) => [rowName(r), r] as const))('%s', async (_, row) => {
    const prepared = {} as Record<Actor, string>;
    for (const actor of ACTORS) prepared[actor] = row.prepare ? await row.prepare(actor) : '';
    const got = {} as Record<Actor, number>;
    const refused = ACTORS.filter((a) => row.expected[a] >= 400);
    const before = row.mutates ? await organisationState(c.t.h, c.orgId) : [];
    for (const actor of refused) got[actor] = await row.run(c.tokens[actor], prepared[actor]);
    if (row.mutates)
      expect(await organisationState(c.t.h, c.orgId), 'refused calls changed nothing').toEqual(before);
    for (const actor of ACTORS.filter((a) => !refused.includes(a)))
      got[actor] = await row.run(c.tokens[actor], prepared[actor]);
    expect(got).toEqual(row.expected);
  });
}
