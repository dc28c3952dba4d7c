import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the parts of Mercado Pago's HTTP API the provider calls: Checkout Pro
 * preferences (create, get, update, search), payments (get, search, cancel) and refunds. A
 * repeated X-Idempotency-Key answers the first answer. The test plays the payer with `pay`, and
 * Mercado Pago's notifications with `notification` (signed as Mercado Pago signs them).
 */
type Obj = Record<string, unknown>;

export interface FakePreference extends Obj {
  id: string;
  external_reference: string;
  items: { id: string; title: string; quantity: number; unit_price: number; currency_id: string }[];
  back_urls: Record<string, string>;
  notification_url?: string;
  init_point: string;
  expires: boolean;
  date_created: string;
}

export interface FakeMpPayment extends Obj {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string;
  transaction_amount: number;
  currency_id: string;
  date_created: string;
}

class MpFault extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}
const notFound = (what: string) =>
  new MpFault(404, { status: 404, error: 'not_found', message: `${what} not found` });

export async function startFakeMercadoPagoApi() {
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakeMpPayment>();
  const refunds: { paymentId: number; amount: number; key: string | null }[] = [];
  const idempotent = new Map<string, { status: number; body: Obj | Obj[] }>();
  const requests: { method: string; path: string; body: Obj; idempotencyKey: string | null }[] = [];
  let nextPayment = 9_000_001;
  let tick = 0;
  /** Strictly increasing creation times, so "newest" is well defined within one second. */
  const created = () => new Date(Date.UTC(2026, 0, 1) + tick++ * 1000).toISOString();

  function route(method: string, url: URL, body: Obj, key: string | null): Obj | Obj[] {
    const path = url.pathname.replace(/\/$/, '');
    const parts = path.split('/');
    if (path === '/checkout/preferences' && method === 'POST') {
      const id = `${1_000_000 + preferences.size}-${randomUUID()}`;
      const preference: FakePreference = {
        ...(body as Partial<FakePreference>),
        id,
        external_reference: String(body.external_reference ?? ''),
        items: body.items as FakePreference['items'],
        back_urls: (body.back_urls as Record<string, string>) ?? {},
        init_point: `https://www.fake-mercadopago.test/checkout/v1/redirect?pref_id=${id}`,
        expires: false,
        date_created: created(),
      };
      preferences.set(id, preference);
      return preference;
    }
    if (path === '/checkout/preferences/search' && method === 'GET') {
      const ref = url.searchParams.get('external_reference');
      const elements = [...preferences.values()].filter((p) => ref === null || p.external_reference === ref);
      return { elements, total: elements.length, next_offset: elements.length };
    }
    if (parts[1] === 'checkout' && parts[2] === 'preferences' && parts[3]) {
      const preference = preferences.get(decodeURIComponent(parts[3]));
      if (!preference) throw notFound('preference');
      if (method === 'PUT') Object.assign(preference, body, { id: preference.id });
      return preference;
    }
    if (path === '/v1/payments/search' && method === 'GET') {
      const ref = url.searchParams.get('external_reference');
      const results = [...payments.values()]
        .filter((p) => ref === null || p.external_reference === ref)
        .sort((a, b) => b.date_created.localeCompare(a.date_created));
      return { results, paging: { total: results.length, limit: 30, offset: 0 } };
    }
    if (parts[1] === 'v1' && parts[2] === 'payments' && parts[3]) {
      const payment = payments.get(Number(parts[3]));
      if (!payment) throw notFound('payment');
      if (method === 'PUT' && body.status === 'cancelled') {
        if (payment.status !== 'pending' && payment.status !== 'in_process') {
          throw new MpFault(400, {
            status: 400,
            error: 'bad_request',
            message: 'payment cannot be cancelled',
          });
        }
        payment.status = 'cancelled';
        payment.status_detail = 'by_collector';
      }
      if (method === 'GET' && parts[4] === 'refunds') {
        return refunds.flatMap((r, i) =>
          r.paymentId === payment.id
            ? [{ id: i + 1, payment_id: r.paymentId, amount: r.amount, status: 'approved' }]
            : [],
        );
      }
      if (method === 'POST' && parts[4] === 'refunds') {
        const amount = Number(body.amount ?? payment.transaction_amount);
        refunds.push({ paymentId: payment.id, amount, key });
        return { id: refunds.length, payment_id: payment.id, amount, status: 'approved' };
      }
      return payment;
    }
    throw notFound(`route ${method} ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const body = text ? (JSON.parse(text) as Obj) : {};
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const key = (req.headers['x-idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, body, idempotencyKey: key });
    const send = (answer: { status: number; body: Obj | Obj[] }) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    };
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return send({
        status: 401,
        body: { status: 401, error: 'unauthorized', message: 'invalid access token' },
      });
    }
    const cacheKey = key && method !== 'GET' ? `${method} ${url.pathname} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) return send(cached);
    let answer: { status: number; body: Obj | Obj[] };
    try {
      answer = {
        status: method === 'POST' ? 201 : 200,
        body: structuredClone(route(method, url, body, key)),
      };
    } catch (error) {
      if (!(error instanceof MpFault)) throw error;
      answer = { status: error.status, body: error.body };
    }
    if (cacheKey) idempotent.set(cacheKey, answer);
    send(answer);
  }

  const accessToken = `TEST-${randomBytes(8).toString('hex')}`;
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 500, error: 'internal_error', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    apiBase: `http://127.0.0.1:${port}`,
    accessToken,
    preferences,
    payments,
    refunds,
    requests,
    /** The payer on Mercado Pago's page: a payment for the preference's order, in the given state. */
    pay(
      preferenceId: string,
      status = 'approved',
      statusDetail = 'accredited',
      amount?: number,
    ): FakeMpPayment {
      const preference = preferences.get(preferenceId);
      if (!preference) throw new Error(`no preference ${preferenceId}`);
      const item = preference.items[0]!;
      const payment: FakeMpPayment = {
        id: nextPayment++,
        status,
        status_detail: statusDetail,
        external_reference: preference.external_reference,
        transaction_amount: amount ?? item.unit_price * item.quantity,
        currency_id: item.currency_id,
        date_created: created(),
      };
      payments.set(payment.id, payment);
      return payment;
    },
    /** A payment notification as Mercado Pago posts it, signed with the secret. */
    notification(paymentId: number, secret: string, requestId = randomUUID()) {
      const body = JSON.stringify({
        action: 'payment.updated',
        api_version: 'v1',
        data: { id: String(paymentId) },
        type: 'payment',
        live_mode: false,
      });
      const ts = String(Date.now());
      const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
      const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
      return { body, headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeMercadoPagoApi = Awaited<ReturnType<typeof startFakeMercadoPagoApi>>;
