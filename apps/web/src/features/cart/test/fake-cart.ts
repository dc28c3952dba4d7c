import type { DigitalItem, PackageSuggestion } from '@fotodrop/contract/api/cart';
import type { Media } from '@fotodrop/contract/api/media';
import type { PrintCartItem } from '@fotodrop/contract/api/print';
import type { OrderType } from '@fotodrop/contract/constants';
import { makePagination } from '@fotodrop/contract/pagination';
import type { RecordedRequest } from '../../../test/http-server';

const money = (cents: number) => (cents / 100).toFixed(2);

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

/** A print product in the cart as GET /v1/cart/ lists it (photo prints 10×15 glossy, €1.90 a copy). */
export function makePrintItem(overrides: Partial<PrintCartItem> = {}): PrintCartItem {
  const photos = overrides.photos ?? [
    { photo_id: 1, quantity: 1, thumbnail_url: 'https://cdn.example/1/thumb' },
  ];
  const unit = overrides.unit_price ?? '1.90';
  const copies = photos.reduce((sum, photo) => sum + photo.quantity, 0);
  const total = overrides.total_price ?? money(Math.round(Number(unit) * 100) * copies);
  return {
    id: 1,
    product_id: 1,
    title: 'Photo prints',
    variant_id: 1,
    variant_option_ids: [1, 4],
    unit_price: unit,
    total_price: total,
    currency: 'EUR',
    photos_to_buy: 0,
    photos_price: '0.00',
    total_with_photos: total,
    ...overrides,
    photos,
  };
}

/** A media of a cart line as GET …/{id}/medias/ answers it. */
export function cartMedia(id: number, type: Media['type'] = 'photo'): Media {
  return {
    id,
    type,
    quality: 'SD',
    favorite: false,
    is_purchased: false,
    gallery_id: 5,
    thumbnail_url: `https://cdn.example/${id}/thumb`,
    preview_url: `https://cdn.example/${id}/preview`,
    download_url: null,
    share_hash: `share-hash-${id}`,
    video_url: null,
    width: 1600,
    height: 1067,
    duration_seconds: type === 'video' ? 75 : null,
    taken_at: '2026-05-10T08:00:00Z',
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

/**
 * A small in-memory cart server for tests, behaving as the server does (the lead's brief): picks
 * of the same album and gallery merge, a package replaces the album's picks (one package line per
 * album), removing media turns a line into a pick and an emptied line disappears. `fail` makes the
 * named calls fail (500, or a 400 refusal for deletions); `refuse` answers a create with that code.
 * Print items (`printItems`) are listed by GET /v1/cart/ and counted in the totals; a line's media
 * are its picks (those in `videos` are videos) or, for a package, `packagePhotos` of its album.
 */
export function fakeCart({
  items = [],
  printItems = [],
  currency = 'EUR',
  albumNames = { 41: 'Alpine Marathon 2026' } as Record<number, string>,
  videos = [],
  packagePhotos = {},
  suggestions = [],
}: {
  items?: DigitalItem[];
  printItems?: PrintCartItem[];
  currency?: string;
  albumNames?: Record<number, string>;
  videos?: number[];
  packagePhotos?: Record<number, number[]>;
  /** GET /v1/cart/'s package suggestions (the server computes them); a package of the album ends its own. */
  suggestions?: PackageSuggestion[];
} = {}) {
  const state = {
    items: [...items],
    printItems: [...printItems],
    nextId: 100 + items.length,
    nextPrintId: 500 + printItems.length,
    fail: new Set<
      'create' | 'change' | 'delete' | 'delete-cart' | 'delete-print' | 'totals' | 'items' | 'medias'
    >(),
    refuse: null as null | 'currency_mismatch' | 'not_for_sale',
    /** Lines whose total is discounted (total_original set). */
    discounted: new Set<number>(),
    videos: new Set(videos),
    packagePhotos,
    suggestions: [...suggestions],
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
    state.suggestions = state.suggestions.filter((s) => s.checkin_id !== body.checkin_id);
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
    const printCents = state.printItems.reduce((sum, i) => sum + Math.round(Number(i.total_price) * 100), 0);
    return {
      digital_items_total: money(cents),
      // as the server counts: each media of a pick, a package as one
      digital_items_count: state.items.reduce(
        (sum, i) => sum + (i.order_type === 'PHOTOLIST' ? i.media_ids.length : 1),
        0,
      ),
      print_items_total: money(printCents),
      print_items_count: state.printItems.length,
      subtotal: money(cents + printCents),
      shipping_costs: '0.00',
      handling_fee: '0.00',
      discount_total: '0.00',
      grand_total: money(cents + printCents),
      currency: state.items.length + state.printItems.length > 0 ? currency : null,
    };
  }

  /** A line's media: its picks, or the photos a package of its album covers. */
  function lineMedias(item: DigitalItem): Media[] {
    if (item.order_type === 'PHOTOLIST')
      return item.media_ids.map((id) => cartMedia(id, state.videos.has(id) ? 'video' : 'photo'));
    if (item.order_type === 'VIDEOS') return [];
    return (state.packagePhotos[item.checkin_id] ?? []).map((id) => cartMedia(id));
  }

  /** The photos the cart provides for printing (what the server checks before printing one). */
  function printablePhotos(): Set<number> {
    return new Set(
      state.items.flatMap((item) =>
        lineMedias(item)
          .filter((m) => m.type === 'photo')
          .map((m) => m.id),
      ),
    );
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
    match = /^\/api\/cart\/digital-items\/(\d+)\/medias\/$/.exec(path);
    if (match && req.method === 'GET') {
      if (state.fail.has('medias')) return boom;
      const item = state.items.find((i) => i.id === Number(match![1]));
      if (!item) return error(404, 'not_found', 'Not found.');
      const medias = lineMedias(item);
      const size = Number(url.searchParams.get('page_size') ?? 40);
      return {
        status: 200,
        body: { results: medias.slice(0, size), pagination: makePagination(medias.length, 1, size) },
      };
    }
    match = /^\/api\/cart\/print-items\/(\d+)\/$/.exec(path);
    if (match && req.method === 'DELETE') {
      if (state.fail.has('delete-print')) return error(400, 'bad_request', 'Refused.');
      const id = Number(match[1]);
      if (!state.printItems.some((i) => i.id === id)) return error(404, 'not_found', 'Not found.');
      state.printItems = state.printItems.filter((i) => i.id !== id);
      return { status: 200, body: { detail: 'Removed.' } };
    }
    if (path === '/api/v1/cart/' && req.method === 'GET')
      return {
        status: 200,
        body: {
          digital_items: state.items,
          print_items: state.printItems,
          totals: totals(),
          voucher: null,
          campaign: null,
          package_suggestions: state.suggestions,
        },
      };
    if (path === '/api/cart/' && req.method === 'DELETE') {
      if (state.fail.has('delete-cart')) return error(400, 'bad_request', 'Refused.');
      state.items = [];
      state.printItems = [];
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

  /**
   * Stores a print item (the print fake's decorate with add_to_cart), with what its photos cost
   * as the fake prices picks: 9.90 each of those the picks hold.
   */
  function addPrintItem(
    item: Omit<PrintCartItem, 'id' | 'photos_to_buy' | 'photos_price' | 'total_with_photos'>,
  ): PrintCartItem {
    const picked = new Set(state.items.flatMap((i) => (i.order_type === 'PHOTOLIST' ? i.media_ids : [])));
    const toBuy = item.photos.filter((p) => picked.has(p.photo_id)).length;
    const added = {
      ...item,
      id: state.nextPrintId++,
      photos_to_buy: toBuy,
      photos_price: money(toBuy * UNIT_CENTS),
      total_with_photos: money(Math.round(Number(item.total_price) * 100) + toBuy * UNIT_CENTS),
    };
    state.printItems.push(added);
    return added;
  }

  return { state, handler, printablePhotos, addPrintItem, currency };
}
