import type { CartPayments } from '@fotodrop/contract/api/cart';
import type { Order } from '@fotodrop/contract/api/orders';
import type { SavedCard } from '@fotodrop/contract/api/payment-methods';
import type { PaymentMethodId } from '@fotodrop/contract/enums';
import type { RecordedRequest } from '../../../test/http-server';
import type { fakeCart } from '../../cart/test/fake-cart';

type Answer = { status: number; body?: unknown } | undefined;
type Cart = ReturnType<typeof fakeCart>;

const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: string) => Math.round(Number(amount) * 100);
const fail = (status: number, code: string, message: string, fields?: Record<string, string[]>): Answer => ({
  status,
  body: { code, message, ...(fields ? { data: { fields } } : {}) },
});

/** An order as GET /v3/orders/{id}/ answers it; overrides in one line. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 900,
    status: 'paid',
    created_at: '2026-05-12T10:00:00Z',
    thumbnails: [],
    picacode: 'K7M2Q9P',
    payment_method: 'stripe',
    currency_name: 'EUR',
    currency_symbol: '€',
    grand_total: '29.70',
    subtotal: '29.70',
    digital_total: '29.70',
    print_total: '0.00',
    shipping_costs: '0.00',
    handling_fee: '0.00',
    discount_total: '0.00',
    items_count: 3,
    lines: [
      { kind: 'digital', order_type: 'PHOTOLIST', description: '3 photos', quantity: 3, total: '29.70' },
    ],
    bank_transfer: null,
    albums: [{ checkin_id: 41, event_name: 'Alpine Marathon 2026', picacode: 'K7M2Q9P' }],
    paid_at: null,
    failure_message: null,
    failure_reason: null,
    ...overrides,
  };
}

export const METHODS: CartPayments['payment_methods'] = [
  { id: 'stripe', name: 'Card', banks: [] },
  { id: 'ideal', name: 'iDEAL', banks: [{ id: 'ing', name: 'ING (test)' }] },
  { id: 'bank-transfer', name: 'Bank transfer', banks: [] },
];

/**
 * The checkout's server for tests, over a fakeCart: payment methods, the cart with a voucher
 * (SAVE10 takes 10.00 off, USED1 was used, anything else is invalid) and a shipping country (DE
 * costs 4.90, US is not served), saved cards, countries, and orders paid through the built-in test
 * provider's intents with its test cards, as the lead's server behaves.
 */
export function fakeCheckout(cart: Cart, { testMode = true }: { testMode?: boolean } = {}) {
  const state = {
    methods: METHODS,
    /** A Stripe publishable key: the card method is then Stripe's Payment Element. */
    stripeKey: null as string | null,
    cards: [] as SavedCard[],
    confirmMessages: { 'bank-transfer': 'Your photos are unlocked when the transfer arrives.' } as Partial<
      Record<PaymentMethodId, string>
    >,
    orders: new Map<number, Order>(),
    intents: new Map<string, { order: number; status: string; confirms: number; message: string | null }>(),
    nextOrder: 900,
    /** A country the cart prices but the order refuses (the lab stopped serving it meanwhile). */
    orderRefuses: 'US',
    /** Bodies of POST /v3/orders/, in order. */
    created: [] as Record<string, unknown>[],
  };

  function cartAnswer(query: URLSearchParams): Answer {
    const base = cart.handler({ method: 'GET', path: '/api/v1/cart/', headers: {}, body: '' });
    const body = base?.body as {
      totals: Record<string, string | number | null>;
      print_items: unknown[];
    } & Record<string, unknown>;
    const code = query.get('voucher_code');
    const country = query.get('country');
    // SPRING: a running campaign of 10 % (after the voucher, as the server takes it)
    const campaignCode = query.get('campaign_code');
    if (country === 'US')
      return fail(400, 'no_delivery', 'No delivery to your country', { country: ['shipping.no_delivery'] });
    const shipping = country === 'DE' && body.print_items.length > 0 ? 490 : 0;
    const status = code === null ? null : code === 'SAVE10' ? 'valid' : code === 'USED1' ? 'used' : 'invalid';
    const voucherDiscount = status === 'valid' ? 1000 : 0;
    const subtotal = cents(String(body.totals.subtotal));
    const campaignDiscount = campaignCode === 'SPRING' ? Math.round((subtotal - voucherDiscount) / 10) : 0;
    const discount = voucherDiscount + campaignDiscount;
    return {
      status: 200,
      body: {
        ...body,
        totals: {
          ...body.totals,
          shipping_costs: money(shipping),
          discount_total: money(discount),
          grand_total: money(subtotal - discount + shipping),
        },
        voucher: code === null ? null : { code, status, free_photos: null },
        campaign: campaignDiscount
          ? { code: 'SPRING', percent_off: 10, discount: money(campaignDiscount) }
          : null,
      },
    };
  }

  function create(body: Record<string, unknown>): Answer {
    state.created.push(body);
    const hasPrint = cart.state.printItems.length > 0;
    const address = body.shipping_address as { country?: string } | undefined;
    if (hasPrint && address?.country === state.orderRefuses)
      return fail(400, 'no_delivery', 'No delivery to your country', {
        'shipping_address.country': ['shipping.no_delivery'],
      });
    if (body.voucher_code === 'USED1')
      return fail(400, 'validation_error', 'Promotion already used', { voucher_code: ['voucher.used'] });
    const priced = cartAnswer(
      new URLSearchParams(body.voucher_code ? { voucher_code: String(body.voucher_code) } : {}),
    );
    const totals = (priced!.body as { totals: { grand_total: string } }).totals;
    const method = body.payment_method as PaymentMethodId;
    const id = state.nextOrder++;
    const transfer = method === 'bank-transfer';
    const order = makeOrder({
      id,
      payment_method: method,
      status: transfer ? 'pending' : 'awaiting_payment',
      grand_total: totals.grand_total,
      bank_transfer: transfer
        ? {
            beneficiary: 'Fotodrop Demo Srl',
            iban: 'IT60X0542811101000000123456',
            bic: 'BPMOIT22XXX',
            reference: `FD-${id}`,
            amount: totals.grand_total,
          }
        : null,
    });
    state.orders.set(id, order);
    if (transfer)
      return { status: 201, body: { order, payment: { client_secret: null, redirect_url: null } } };
    const intent = `ti_${String(id).padStart(20, '0')}`;
    state.intents.set(intent, {
      order: id,
      status: body.saved_card_id ? 'succeeded' : 'requires_action',
      confirms: 0,
      message: null,
    });
    const redirect = method !== 'stripe';
    return {
      status: 201,
      body: {
        order,
        payment: {
          client_secret: redirect ? null : intent,
          redirect_url: redirect ? `http://localhost:3000/test-payments/${intent}` : null,
        },
      },
    };
  }

  function testConfirm(id: string, body: Record<string, unknown>): Answer {
    const intent = state.intents.get(id);
    if (!intent) return fail(404, 'not_found', 'Payment not found.');
    if (intent.status === 'requires_action' || intent.status === 'processing') {
      const card = String(body.card_number ?? '').replace(/\s/g, '');
      intent.confirms++;
      if (body.outcome) intent.status = body.outcome === 'authorize' ? 'succeeded' : 'failed';
      else if (card === '4242424242424242') intent.status = 'succeeded';
      else if (card === '4000000000003220')
        intent.status = intent.confirms === 1 ? 'processing' : 'succeeded';
      else {
        intent.status = 'failed';
        intent.message = 'Your card was declined.';
      }
    }
    return { status: 200, body: intentBody(id) };
  }

  function intentBody(id: string) {
    const intent = state.intents.get(id)!;
    const order = state.orders.get(intent.order)!;
    return {
      id,
      status: intent.status,
      amount: order.grand_total,
      currency: 'EUR',
      payment_method: order.payment_method,
      description: `Order ${order.id}`,
      message: intent.message,
      reason: intent.message ? ('declined' as const) : null,
      return_url: `http://localhost:3000/checkout/complete?order=${order.id}`,
    };
  }

  function confirm(body: Record<string, unknown>): Answer {
    const intent = state.intents.get(String(body.transaction_id));
    if (!intent) return fail(404, 'not_found', 'Payment not found.');
    const order = state.orders.get(intent.order)!;
    const next: Order =
      intent.status === 'succeeded'
        ? { ...order, status: 'paid', paid_at: '2026-05-12T10:01:00Z' }
        : intent.status === 'failed'
          ? { ...order, status: 'failed', failure_message: intent.message, failure_reason: 'declined' }
          : { ...order, status: 'processing' };
    state.orders.set(order.id, next);
    // as the server answers a refused payment: 402 with the English, our reason and the order id
    if (next.status === 'failed')
      return {
        status: 402,
        body: {
          code: 'payment_failed',
          message: next.failure_message,
          data: { order_id: next.id, reason: next.failure_reason },
        },
      };
    if (next.status === 'paid') {
      cart.state.items = [];
      cart.state.printItems = [];
    }
    return { status: 200, body: next };
  }

  /** As the server cancels: the order and its intent, unless it is paid (409). */
  function cancel(id: number): Answer {
    const order = state.orders.get(id);
    if (!order) return fail(404, 'not_found', 'Order not found.');
    if (order.status === 'paid')
      return fail(409, 'order_state', 'This order is paid and cannot be cancelled.');
    for (const intent of state.intents.values())
      if (intent.order === id && intent.status !== 'succeeded') intent.status = 'canceled';
    const next: Order = { ...order, status: 'cancelled', failure_message: 'Cancelled by you.' };
    state.orders.set(id, next);
    return { status: 200, body: next };
  }

  function handler(req: RecordedRequest): Answer {
    const url = new URL(req.path, 'http://test');
    const path = url.pathname;
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    if (path === '/api/cart/payment-methods/')
      return {
        status: 200,
        body: {
          payment_methods: state.methods,
          payment_settings: {
            stripe_publishable_key: state.stripeKey,
            mercado_pago_public_key: null,
            test_mode: testMode && !state.stripeKey,
          },
          confirm_messages: state.confirmMessages,
        },
      };
    if (path === '/api/v1/cart/') return cartAnswer(url.searchParams);
    if (path === '/api/payments/v1/stripe/payment-methods/')
      return { status: 200, body: { results: state.cards } };
    // the lab delivers to Germany and Italy; addresses may be anywhere
    const served = [
      { code: 'DE', name: 'Germany' },
      { code: 'IT', name: 'Italy' },
    ];
    if (path === '/api/print/api/v1/countries/') return { status: 200, body: { results: served } };
    if (path === '/api/v1/countries/')
      return { status: 200, body: { results: [...served, { code: 'US', name: 'United States' }] } };
    if (path === '/api/v3/orders/' && req.method === 'POST') return create(body);
    if (path === '/api/v3/orders/confirm-payment/') return confirm(body);
    let match = /^\/api\/v3\/orders\/(\d+)\/cancel\/$/.exec(path);
    if (match && req.method === 'POST') return cancel(Number(match[1]));
    match = /^\/api\/v3\/orders\/(\d+)\/$/.exec(path);
    if (match) {
      const order = state.orders.get(Number(match[1]));
      return order ? { status: 200, body: order } : fail(404, 'not_found', 'Not found.');
    }
    match = /^\/api\/test-payments\/v1\/intents\/(ti_\w+)\/(confirm\/)?$/.exec(path);
    if (match) {
      if (!state.intents.has(match[1]!)) return fail(404, 'not_found', 'Payment not found.');
      return match[2] ? testConfirm(match[1]!, body) : { status: 200, body: intentBody(match[1]!) };
    }
    return undefined;
  }

  return { state, handler };
}
