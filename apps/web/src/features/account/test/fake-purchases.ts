import type { Order } from '@fotodrop/contract/api/orders';
import type { SavedCard } from '@fotodrop/contract/api/payment-methods';
import { makePagination } from '@fotodrop/contract/pagination';
import type { RecordedRequest } from '../../../test/http-server';

/** A paid order of one album as the API sends it; overrides in one line. */
export function makeOrder(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    status: 'paid',
    created_at: '2026-05-12T09:30:00Z',
    picacode: 'K7M2Q9P',
    payment_method: 'stripe',
    currency_name: 'EUR',
    currency_symbol: '€',
    grand_total: '29.90',
    subtotal: '29.90',
    digital_total: '29.90',
    print_total: '0.00',
    shipping_costs: '0.00',
    handling_fee: '0.00',
    discount_total: '0.00',
    items_count: 5,
    lines: [
      { kind: 'digital', order_type: 'PHOTOLIST', description: '5 photos', quantity: 1, total: '29.90' },
    ],
    bank_transfer: null,
    albums: [{ checkin_id: 41, event_name: 'Alpine Marathon 2026', picacode: 'K7M2Q9P' }],
    paid_at: '2026-05-12T09:31:00Z',
    failure_message: null,
    thumbnails: [],
    failure_reason: null,
    ...overrides,
  };
}

export function makeCard(id: string, overrides: Partial<SavedCard> = {}): SavedCard {
  return { id, brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, is_default: false, ...overrides };
}

type Answer = { status: number; body?: unknown } | undefined;

/**
 * The order history and saved cards of one user, as the API answers them: orders newest first in
 * pages; set-default and detach change the cards; `fail` makes the named calls answer 500.
 */
export function fakePurchases({ orders = [] as Order[], cards = [] as SavedCard[] } = {}) {
  const state = { orders, cards, fail: new Set<'detach' | 'default'>() };
  function handler(req: RecordedRequest): Answer {
    const url = new URL(req.path, 'http://test');
    if (req.method === 'GET' && url.pathname === '/api/v3/orders/') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 20);
      const sorted = [...state.orders].sort((a, b) => b.created_at.localeCompare(a.created_at));
      return {
        status: 200,
        body: {
          results: sorted.slice((page - 1) * size, page * size),
          pagination: makePagination(sorted.length, page, size),
        },
      };
    }
    // as the server: an unpaid order of the user is cancelled, and "My orders" lists it no more
    const cancel = /^\/api\/v3\/orders\/(\d+)\/cancel\/$/.exec(url.pathname);
    if (cancel && req.method === 'POST') {
      const order = state.orders.find((o) => o.id === Number(cancel[1]));
      if (!order) return { status: 404, body: { code: 'not_found', message: 'Order not found.' } };
      if (order.status === 'paid')
        return {
          status: 409,
          body: { code: 'order_state', message: 'This order is paid and cannot be cancelled.' },
        };
      state.orders = state.orders.filter((o) => o !== order);
      return { status: 200, body: { ...order, status: 'cancelled', failure_message: 'Cancelled by you.' } };
    }
    const base = '/api/payments/v1/stripe/payment-methods/';
    if (!url.pathname.startsWith(base)) return undefined;
    if (req.method === 'GET' && url.pathname === base) return { status: 200, body: { results: state.cards } };
    const match = /^([^/]+)\/(set-default|detach)\/$/.exec(url.pathname.slice(base.length));
    const card = match && state.cards.find((c) => c.id === decodeURIComponent(match[1]!));
    if (!match || !card) return { status: 404, body: { code: 'not_found', message: 'Not found.' } };
    if (match[2] === 'set-default' && req.method === 'PATCH') {
      if (state.fail.has('default')) return { status: 500, body: { code: 'server_error', message: 'Boom.' } };
      state.cards = state.cards.map((c) => ({ ...c, is_default: c.id === card.id }));
      return { status: 200, body: { ...card, is_default: true } };
    }
    if (match[2] === 'detach' && req.method === 'POST') {
      if (state.fail.has('detach')) return { status: 500, body: { code: 'server_error', message: 'Boom.' } };
      state.cards = state.cards.filter((c) => c.id !== card.id);
      return { status: 200, body: { detail: 'Card removed.' } };
    }
    return undefined;
  }
  return { state, handler };
}
