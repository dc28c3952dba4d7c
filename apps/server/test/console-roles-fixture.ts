import { type ConsoleAction, type OrganisationRole, roleIsEventBound, roleMay } from '@fotodrop/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Harness } from './harness';

/** Every kind of caller of the console, the columns of the role table. */
export const ACTORS = [
  'staff',
  'owner',
  'manager',
  'photographerAssigned',
  'photographerUnassigned',
  'support',
  'otherOrganisation',
  'participant',
  'anonymous',
] as const;
export type Actor = (typeof ACTORS)[number];
export type Expected = Record<Actor, number>;

const ROLE_OF: Partial<Record<Actor, OrganisationRole>> = {
  owner: 'owner',
  manager: 'manager',
  photographerAssigned: 'photographer',
  photographerUnassigned: 'photographer',
  support: 'support',
};

/**
 * What each caller gets for `action`, read from the contract's role table
 * (`rules/console-permissions.ts`): `ok` where the role may; 403 for a member whose role may not;
 * 404 for anyone outside the organisation (and, on an event, a photographer not assigned to it:
 * the event does not exist for them); 401 without a session. Platform staff may everything.
 */
export function may(action: ConsoleAction, scope: 'event' | 'organisation', ok: number): Expected {
  return Object.fromEntries(
    ACTORS.map((actor): [Actor, number] => {
      if (actor === 'staff') return [actor, ok];
      if (actor === 'anonymous') return [actor, 401];
      const role = ROLE_OF[actor];
      if (!role) return [actor, 404];
      if (scope === 'event' && roleIsEventBound(role) && actor === 'photographerUnassigned')
        return [actor, 404];
      return [actor, roleMay(role, action) ? ok : 403];
    }),
  ) as Expected;
}

/** The same answer for every signed-in caller; 401 without a session. */
export const everyone = (status: number, anonymous = 401): Expected =>
  Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? anonymous : status])) as Expected;

/**
 * An expectation where `from` becomes `to`: a tus upload is its creator's alone, so a member whose
 * role refuses uploads is told it does not exist (404), before the role is even asked.
 */
export const replacing = (expected: Expected, from: number, to: number): Expected =>
  Object.fromEntries(ACTORS.map((a) => [a, expected[a] === from ? to : expected[a]])) as Expected;

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  url: string;
  token: string | undefined;
  json?: unknown;
  csv?: string;
  form?: { bytes: Buffer; name: string; fields?: Record<string, string> };
  headers?: Record<string, string>;
  /** Raw bytes, as the headers describe them (tus PATCH). */
  bytes?: Buffer;
}

/** One request through the real app (inject), in whichever body the endpoint takes. */
export async function send(app: FastifyInstance, request: Request) {
  const headers: Record<string, string> = {
    ...(request.token ? { authorization: `Token ${request.token}` } : {}),
    ...request.headers,
  };
  let payload: string | Buffer | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.json);
  } else if (request.csv !== undefined) {
    headers['content-type'] = 'text/csv';
    payload = request.csv;
  } else if (request.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(request.form.fields ?? {})) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(request.form.bytes)]), request.form.name);
    const encoded = new Response(form);
    headers['content-type'] = encoded.headers.get('content-type') as string;
    payload = Buffer.from(await encoded.arrayBuffer());
  } else if (request.bytes) {
    payload = request.bytes;
  }
  return app.inject({ method: request.method, url: request.url, headers, ...(payload ? { payload } : {}) });
}

let shade = 0;
/** A distinct JPEG each call (its colour and noise), so no two uploads are duplicates. */
export async function freshJpeg(): Promise<Buffer> {
  shade += 5;
  return sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: shade % 256, g: (shade * 3) % 256, b: 160 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** Base64 tus Upload-Metadata. */
export const tusMetadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/**
 * Everything the console can change of one organisation, as text: its row (branding included),
 * team, invitations, events with their photographers, galleries, codes, media, vouchers and
 * campaigns. Equal before and after a refused call means the call changed nothing.
 */
export async function organisationState(h: Harness, organisationId: number): Promise<string[]> {
  const ofEvents = (table: string) =>
    `select '${table}' as k, to_jsonb(x)::text as v from ${table} x
     join photo_services p on p.id = x.photo_service_id where p.organisation_id = $1`;
  const { rows } = await h.database.executeSql(
    `select 'organisation' as k, to_jsonb(o)::text as v from organisations o where o.id = $1
     union all select 'member', to_jsonb(m)::text from organisation_members m where m.organisation_id = $1
     union all select 'invitation', to_jsonb(i)::text from organisation_invitations i where i.organisation_id = $1
     union all select 'event', to_jsonb(p)::text from photo_services p where p.organisation_id = $1
     union all ${ofEvents('event_photographers')}
     union all ${ofEvents('galleries')}
     union all ${ofEvents('picacodes')}
     union all ${ofEvents('media')}
     union all ${ofEvents('event_bibs')}
     union all select 'media_bibs', to_jsonb(x)::text from media_bibs x
       join media m on m.id = x.media_id join photo_services p on p.id = m.photo_service_id
      where p.organisation_id = $1
     union all ${ofEvents('price_lists')}
     union all select 'price_sheets', to_jsonb(s)::text from price_sheets s where s.organisation_id = $1
     union all select 'voucher', to_jsonb(v)::text from vouchers v where v.organisation_id = $1
     union all select 'voucher_event', to_jsonb(x)::text from voucher_events x
       join vouchers v on v.id = x.voucher_id where v.organisation_id = $1
     union all select 'campaign', to_jsonb(c)::text from campaigns c where c.organisation_id = $1
     union all select 'campaign_event', to_jsonb(x)::text from campaign_events x
       join campaigns c on c.id = x.campaign_id where c.organisation_id = $1
     union all ${ofEvents('event_payment_settings')}
     union all select 'bank_account', to_jsonb(b)::text from bank_accounts b where b.organisation_id = $1
     union all select 'print_product', to_jsonb(x)::text from organisation_print_products x where x.organisation_id = $1
     union all select 'print_price', to_jsonb(x)::text from organisation_print_prices x where x.organisation_id = $1
     union all select 'shipping_rate', to_jsonb(x)::text from shipping_rates x where x.organisation_id = $1
     union all select 'orders', to_jsonb(o)::text from orders o where o.organisation_id = $1
     union all select 'refunds', to_jsonb(r)::text from refunds r join orders o on o.id = r.order_id where o.organisation_id = $1
     union all select 'order_emails', to_jsonb(e)::text from order_emails e join orders o on o.id = e.order_id where o.organisation_id = $1
     union all select 'order_settings', to_jsonb(s)::text from organisation_order_settings s where s.organisation_id = $1
     order by 1, 2`,
    [organisationId],
  );
  return (rows as { k: string; v: string }[]).map((r) => `${r.k} ${r.v}`);
}
