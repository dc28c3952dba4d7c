import type { DigitalItem } from '@fotodrop/contract/api/cart';
import type { OrderType } from '@fotodrop/contract/constants';
import type { RecordedRequest } from '../../../test/http-server';

/** A cart line as the API sends it; overrides in one line. */
export function makeDigitalItem(overrides: Partial<DigitalItem> = {}): DigitalItem {
  const mediaIds = overrides.media_ids ?? [];
  return {
    id: 1,
    gallery_id: null,
    checkin_id: 41,
    picacode: 'K7M2Q9P',
    event_name: 'Alpine Marathon 2026',
    order_type: 'PHOTOLIST',
    ...overrides,
    media_ids: mediaIds,
    medias:
      overrides.medias ??
      mediaIds.slice(0, 4).map((id) => ({ id, thumbnail_url: `https://cdn.example/${id}/thumb` })),
  };
}

type Answer = { status: number; body?: unknown } | undefined;

const error = (status: number, code: string, message: string, data?: unknown): Answer => ({
  status,
  body: { code, message, ...(data === undefined ? {} : { data }) },
});

/** Prices of the fake: 9.90 a media; a package 39.90; a line in `discounted` costs half. */
const UNIT_CENTS = 990;
const PACKAGE_CENTS = 3990;
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * A small in-memory cart server for tests, behaving as the server does (the lead's brief): picks
 * of the same album and gallery merge, a package replaces the album's picks (one package line per
 * album), removing media turns a line into a pick and an emptied line disappears. `fail` makes the
 * named calls fail (500, or a 400 refusal for deletions); `refuse` answers a create with that code.
 */
export function fakeCart({
  items = [],
  currency = 'EUR',
  albumNames = { 41: 'Alpine Marathon 2026' } as Record<number, string>,
}: {
  items?: DigitalItem[];
  currency?: string;
  albumNames?: Record<number, string>;
} = {}) {
  const state = {
    items: [...items],
    nextId: 100 + items.length,
    fail: new Set<'create' | 'change' | 'delete' | 'delete-cart' | 'totals' | 'items'>(),
    refuse: null as null | 'currency_mismatch' | 'not_for_sale',
    /** Lines whose total is discounted (total_original set). */
    discounted: new Set<number>(),
  };
  const boom = error(500, 'server_error', 'Boom.');
  const line = (overrides: Partial<DigitalItem>) =>
    makeDigitalItem({
      id: state.nextId++,
      event_name: albumNames[overrides.checkin_id ?? 41] ?? 'Album',
      ...overrides,
    });
  const lineCents = (item: DigitalItem) =>
    item.order_type === 'PHOTOLIST' ? item.media_ids.length * UNIT_CENTS : PACKAGE_CENTS;
  const withMedia = ({ medias: _thumbnails, ...item }: DigitalItem, mediaIds: number[]): DigitalItem =>
    makeDigitalItem({ ...item, media_ids: mediaIds });

  function create(body: {
    checkin_id: number;
    gallery_id: number | null;
    order_type: OrderType;
    media_ids: number[];
  }): Answer {
    if (state.fail.has('create')) return boom;
    if (state.refuse === 'currency_mismatch')
      return error(400, 'currency_mismatch', 'The cart holds another currency.', {
        cart_currency: 'CHF',
        currency,
      });
    if (state.refuse === 'not_for_sale') return error(400, 'not_for_sale', 'Not for sale.');
    if (body.order_type === 'PHOTOLIST') {
      const same = state.items.find(
        (i) =>
          i.checkin_id === body.checkin_id &&
          i.gallery_id === body.gallery_id &&
          i.order_type === 'PHOTOLIST',
      );
      if (same) {
        const merged = withMedia(same, [...new Set([...same.media_ids, ...body.media_ids])]);
        state.items = state.items.map((i) => (i.id === same.id ? merged : i));
        return { status: 201, body: merged };
      }
      const item = line({
        checkin_id: body.checkin_id,
        gallery_id: body.gallery_id,
        media_ids: body.media_ids,
      });
      state.items.unshift(item);
      return { status: 201, body: item };
    }
    // a package replaces the album's other lines (the fake does not tell photos from videos)
    state.items = state.items.filter((i) => i.checkin_id !== body.checkin_id);
    const item = line({ checkin_id: body.checkin_id, gallery_id: null, order_type: body.order_type });
    state.items.unshift(item);
    return { status: 201, body: item };
  }

  function change(id: number, kind: string, mediaIds: number[]): Answer {
    if (state.fail.has('change')) return boom;
    const item = state.items.find((i) => i.id === id);
    if (!item) return error(404, 'not_found', 'Not found.');
    const next =
      kind === 'add-medias'
        ? withMedia(item, [...new Set([...item.media_ids, ...mediaIds])])
        : {
            ...withMedia(
              item,
              item.media_ids.filter((m) => !mediaIds.includes(m)),
            ),
            order_type: 'PHOTOLIST' as const,
          };
    state.items =
      next.media_ids.length === 0
        ? state.items.filter((i) => i.id !== id)
        : state.items.map((i) => (i.id === id ? next : i));
    return { status: 200, body: next };
  }

  function totals() {
    const cents = state.items.reduce(
      (sum, i) => sum + lineCents(i) / (state.discounted.has(i.id) ? 2 : 1),
      0,
    );
    const total = money(cents);
    return {
      digital_items_total: total,
      digital_items_count: state.items.length,
      print_items_total: '0.00',
      print_items_count: 0,
      subtotal: total,
      shipping_costs: '0.00',
      handling_fee: '0.00',
      discount_total: '0.00',
      grand_total: total,
      currency: state.items.length > 0 ? currency : null,
    };
  }

  function handler(req: RecordedRequest): Answer {
    const url = new URL(req.path, 'http://test');
    const path = url.pathname;
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    if (path === '/api/cart/digital-items/' && req.method === 'GET')
      return state.fail.has('items') ? boom : { status: 200, body: { results: state.items } };
    if (path === '/api/cart/digital-items/' && req.method === 'POST')
      return create({
        checkin_id: body.checkin_id as number,
        gallery_id: (body.gallery_id as number | null | undefined) ?? null,
        order_type: body.order_type as OrderType,
        media_ids: (body.media_ids as number[] | undefined) ?? [],
      });
    let match = /^\/api\/cart\/digital-items\/(\d+)\/(add-medias|remove-medias)\/$/.exec(path);
    if (match && req.method === 'PATCH')
      return change(Number(match[1]), match[2]!, body.media_ids as number[]);
    match = /^\/api\/cart\/digital-items\/(\d+)\/set-type\/$/.exec(path);
    if (match && req.method === 'PATCH') {
      const item = state.items.find((i) => i.id === Number(match![1]));
      if (!item) return error(404, 'not_found', 'Not found.');
      const type = body.type as OrderType;
      const next = withMedia({ ...item, order_type: type }, type === 'PHOTOLIST' ? item.media_ids : []);
      state.items = state.items.map((i) => (i.id === item.id ? next : i));
      return { status: 200, body: next };
    }
    match = /^\/api\/cart\/digital-items\/(\d+)\/$/.exec(path);
    if (match && req.method === 'DELETE') {
      // a refusal, not a 500: DELETE is retried after server errors
      if (state.fail.has('delete')) return error(400, 'item_used_in_print', 'Used by print products.');
      state.items = state.items.filter((i) => i.id !== Number(match![1]));
      return { status: 200, body: { detail: 'Removed.' } };
    }
    if (path === '/api/cart/' && req.method === 'DELETE') {
      if (state.fail.has('delete-cart')) return error(400, 'bad_request', 'Refused.');
      state.items = [];
      return { status: 200, body: { detail: 'Emptied.' } };
    }
    if (path === '/api/cart/totals/' && req.method === 'GET')
      return state.fail.has('totals') ? boom : { status: 200, body: totals() };
    if (path === '/api/cart/totals/items/' && req.method === 'GET')
      return {
        status: 200,
        body: {
          results: state.items.map((i) => {
            const cents = lineCents(i);
            const off = state.discounted.has(i.id);
            return {
              id: i.id,
              media_count: i.media_ids.length,
              total: money(off ? cents / 2 : cents),
              total_original: off ? money(cents) : null,
            };
          }),
        },
      };
    if (path.startsWith('/api/cart/')) return error(404, 'not_found', 'Not found.');
    return undefined;
  }

  return { state, handler };
}
