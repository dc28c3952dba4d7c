import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the parts of Stripe's HTTP API the Stripe provider calls: customers, payment
 * intents (create, retrieve, confirm, cancel), refunds, payment methods (list, retrieve, attach,
 * detach). It keeps its objects in memory, answers a repeated Idempotency-Key with the first
 * answer (as Stripe does), and can be told how an intent ends (the browser's part of a payment).
 */
type Obj = Record<string, unknown>;

export interface FakeIntent extends Obj {
  id: string;
  amount: number;
  currency: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  allowed_payment_method_types: string[];
  setup_future_usage: string | null;
  last_payment_error: { message: string; code: string; decline_code?: string } | null;
  next_action: Obj | null;
  metadata: Record<string, string>;
  payment_method_data: Obj | null;
  return_url: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | null;
}

export const FAKE_DECLINE_MESSAGE = 'Your card has insufficient funds.';

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0]=c`) back into objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter((p) => p !== '');
    let node: Obj = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
      node = node[part] as Obj;
    });
  }
  return out;
}

class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String((body.error as Obj).message));
  }
}
const missing = (what: string, id: string) =>
  new StripeFault(404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
  });

export async function startFakeStripeApi() {
  const customers = new Map<string, Obj>();
  const intents = new Map<string, FakeIntent>();
  const methods = new Map<string, Obj>();
  const refunds: Obj[] = [];
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const requests: RecordedRequest[] = [];
  /** Card payment methods whose charge is declined. */
  const declining = new Set<string>();

  function card(brand: string, last4: string, customer: string | null): Obj {
    const method = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: nowSeconds() + methods.size, // distinct, increasing: Stripe's order of creation
      customer,
      card: { brand, last4, exp_month: 12, exp_year: 2031 },
    };
    methods.set(method.id, method);
    return method;
  }

  function intentOf(id: string): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  }

  /** What a confirm does: a card charges (or declines), a bank method sends the payer to the bank. */
  function confirm(intent: FakeIntent): void {
    const types = intent.allowed_payment_method_types;
    if (types.includes('ideal') || types.includes('p24')) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `https://bank.fake-stripe.test/${intent.id}`, return_url: intent.return_url },
      };
      return;
    }
    if (!intent.payment_method) {
      intent.status = 'requires_payment_method';
      return;
    }
    if (declining.has(intent.payment_method)) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: FAKE_DECLINE_MESSAGE,
      };
      throw new StripeFault(402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: FAKE_DECLINE_MESSAGE,
          payment_intent: intent,
        },
      });
    }
    succeed(intent);
  }

  function succeed(intent: FakeIntent): void {
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    intent.next_action = null;
    if (intent.setup_future_usage && intent.customer) {
      const method = intent.payment_method ? methods.get(intent.payment_method) : null;
      if (method) method.customer = intent.customer;
      else intent.payment_method = card('visa', '4242', intent.customer).id as string;
    }
  }

  function createIntent(p: Obj): FakeIntent {
    const intent: FakeIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: Number(p.amount),
      currency: String(p.currency),
      status: 'requires_payment_method',
      client_secret: '',
      customer: (p.customer as string) ?? null,
      description: p.description ?? null,
      metadata: (p.metadata as Record<string, string>) ?? {},
      payment_method: (p.payment_method as string) ?? null,
      allowed_payment_method_types: (p.allowed_payment_method_types as string[]) ?? ['card'],
      payment_method_types: (p.allowed_payment_method_types as string[]) ?? ['card'],
      payment_method_data: (p.payment_method_data as Obj) ?? null,
      setup_future_usage: (p.setup_future_usage as string) ?? null,
      last_payment_error: null,
      next_action: null,
      return_url: (p.return_url as string) ?? null,
      created: nowSeconds(),
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(6).toString('hex')}`;
    intents.set(intent.id, intent);
    if (intent.payment_method && !methods.has(intent.payment_method))
      throw missing('payment_method', intent.payment_method);
    if (p.confirm === 'true') confirm(intent);
    return intent;
  }

  function route(method: string, path: string, p: Obj): Obj {
    const [, version, kind, id, action] = path.split('/');
    if (version !== 'v1') throw missing('route', path);
    if (kind === 'customers') {
      if (method === 'POST' && !id) {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: p.email ?? null,
          name: p.name ?? null,
          metadata: p.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        return customer;
      }
      const customer = id ? customers.get(id) : undefined;
      if (!customer || !id) throw missing('customer', id ?? '');
      if (method === 'POST') {
        const settings = p.invoice_settings as Obj | undefined;
        if (settings)
          customer.invoice_settings = { default_payment_method: settings.default_payment_method || null };
      }
      return customer;
    }
    if (kind === 'payment_intents') {
      if (method === 'POST' && !id) return createIntent(p);
      const intent = intentOf(id ?? '');
      if (method === 'POST' && action === 'confirm') {
        if (p.payment_method) intent.payment_method = p.payment_method as string;
        confirm(intent);
      } else if (method === 'POST' && action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw new StripeFault(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${intent.status}.`,
            },
          });
        }
        intent.status = 'canceled';
      }
      return intent;
    }
    if (kind === 'refunds' && method === 'POST') {
      const intent = intentOf(String(p.payment_intent));
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount: Number(p.amount ?? intent.amount),
        payment_intent: intent.id,
        metadata: p.metadata ?? {},
        status: 'succeeded',
      };
      refunds.push(refund);
      return refund;
    }
    if (kind === 'refunds' && method === 'GET' && !id) {
      const data = refunds.filter(
        (r) => p.payment_intent === undefined || r.payment_intent === p.payment_intent,
      );
      return { object: 'list', data, has_more: false, url: '/v1/refunds' };
    }
    if (kind === 'payment_methods') {
      if (method === 'GET' && !id) {
        const data = [...methods.values()]
          .filter((m) => m.customer === p.customer && m.type === (p.type ?? 'card'))
          .sort((a, b) => Number(b.created) - Number(a.created));
        return { object: 'list', data, has_more: false, url: '/v1/payment_methods' };
      }
      const pm = id ? methods.get(id) : undefined;
      if (!pm || !id) throw missing('payment_method', id ?? '');
      if (method === 'POST' && action === 'detach') pm.customer = null;
      if (method === 'POST' && action === 'attach') pm.customer = p.customer;
      return pm;
    }
    throw missing('route', path);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString());
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, params, idempotencyKey: key });
    const send = (status: number, body: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(body));
    };
    const cacheKey = key ? `${method} ${url.pathname} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) {
      res.setHeader('idempotent-replayed', 'true');
      return send(cached.status, cached.body);
    }
    let answer: { status: number; body: Obj };
    try {
      // A copy, as a later change to the object must not alter a replayed answer.
      answer = { status: 200, body: structuredClone(route(method, url.pathname, params)) };
    } catch (error) {
      if (!(error instanceof StripeFault)) throw error;
      answer = { status: error.status, body: structuredClone(error.body) };
    }
    if (cacheKey && method === 'POST') idempotent.set(cacheKey, answer);
    send(answer.status, answer.body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** Options for the Stripe provider (and the SDK): this fake instead of api.stripe.com. */
    connection: { host: '127.0.0.1', port, protocol: 'http' as const },
    requests,
    intents,
    refunds,
    customers,
    /** A card saved on a customer, as a finished payment with "save card" leaves one. */
    addCard(customer: string, last4 = '4242', brand = 'visa'): string {
      return card(brand, last4, customer).id as string;
    },
    declineCard(paymentMethodId: string): void {
      declining.add(paymentMethodId);
    },
    /** The browser's part: the payer finished (or abandoned, or must authenticate) the payment. */
    settle(intentId: string, outcome: 'succeeded' | 'failed' | 'requires_action' | 'processing'): FakeIntent {
      const intent = intentOf(intentId);
      if (outcome === 'succeeded') succeed(intent);
      else if (outcome === 'failed') {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: FAKE_DECLINE_MESSAGE,
        };
      } else if (outcome === 'requires_action') {
        intent.status = 'requires_action';
        intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      } else intent.status = 'processing';
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;
