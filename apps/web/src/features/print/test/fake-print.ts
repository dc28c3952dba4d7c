import type { PrintProduct, ProductFamily } from '@fotodrop/contract/api/print';
import type { RecordedRequest } from '../../../test/http-server';
import type { fakeCart } from '../../cart/test/fake-cart';

type Answer = { status: number; body?: unknown } | undefined;

const error = (status: number, code: string, message: string, data?: unknown): Answer => ({
  status,
  body: { code, message, ...(data === undefined ? {} : { data }) },
});
const invalid = (field: string, key: string): Answer =>
  error(400, 'validation_error', 'Invalid.', { fields: { [field]: [key] } });

export const FAMILIES: ProductFamily[] = [
  { id: 1, title: 'Prints', description: 'Your photos on photo paper, glossy or matt.', image_url: null },
  { id: 2, title: 'Wall art', description: 'One photo, large, ready to hang.', image_url: null },
  { id: 3, title: 'Photobook', description: 'Your event in a book.', image_url: null },
];

/** The demo catalogue of the server (ids fixed for tests): option ids 1–8, variant ids 1–9. */
export const PRODUCTS: PrintProduct[] = [
  {
    id: 1,
    family_id: 1,
    title: 'Photo prints',
    description: 'Classic prints on professional photo paper.',
    image_url: null,
    min_photos: 1,
    max_photos: 100,
    currency: 'EUR',
    product_variant_options: [
      {
        id: 1,
        name: 'Size',
        options: [
          { id: 1, name: '10×15 cm' },
          { id: 2, name: '13×18 cm' },
          { id: 3, name: '20×30 cm' },
        ],
      },
      {
        id: 2,
        name: 'Finish',
        options: [
          { id: 4, name: 'Glossy' },
          { id: 5, name: 'Matt' },
        ],
      },
    ],
    variants: [
      { id: 1, variant_option_ids: [1, 4], price: '1.90' },
      { id: 2, variant_option_ids: [1, 5], price: '1.90' },
      { id: 3, variant_option_ids: [2, 4], price: '2.90' },
      { id: 4, variant_option_ids: [2, 5], price: '2.90' },
      { id: 5, variant_option_ids: [3, 4], price: '6.90' },
      { id: 6, variant_option_ids: [3, 5], price: '6.90' },
    ],
  },
  {
    id: 2,
    family_id: 2,
    title: 'Canvas',
    description: 'Printed on canvas and stretched on a wooden frame.',
    image_url: null,
    min_photos: 1,
    max_photos: 1,
    currency: 'EUR',
    product_variant_options: [
      {
        id: 3,
        name: 'Size',
        options: [
          { id: 6, name: '30×40 cm' },
          { id: 7, name: '40×60 cm' },
        ],
      },
    ],
    variants: [
      { id: 7, variant_option_ids: [6], price: '39.00' },
      { id: 8, variant_option_ids: [7], price: '59.00' },
    ],
  },
  {
    id: 3,
    family_id: 3,
    title: 'Photobook',
    description: 'A4 landscape hardcover book with 24 of your photos.',
    image_url: null,
    min_photos: 24,
    max_photos: 24,
    currency: 'EUR',
    product_variant_options: [
      { id: 4, name: 'Format', options: [{ id: 8, name: 'A4 landscape, hardcover' }] },
    ],
    variants: [{ id: 9, variant_option_ids: [8], price: '49.90' }],
  },
];

const cents = (price: string) => Math.round(Number(price) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/**
 * A small print server for tests, behaving as the server does (the lead's brief): the catalogue,
 * and decorate checking the configuration in the server's order — product, options, photo count,
 * videos, photos the cart provides or the user bought — then, with add_to_cart, storing the item in `cart`.
 * `refuse` answers the next decorations with that answer instead; `fail` makes the catalogue fail
 * (a 400: the client retries a GET after server errors, for seconds).
 */
export function fakePrint({
  cart,
  families = FAMILIES,
  products = PRODUCTS,
  bought = () => new Set<number>(),
}: {
  cart: ReturnType<typeof fakeCart>;
  families?: ProductFamily[];
  products?: PrintProduct[];
  /** The photos the user bought earlier: printable without a cart line. */
  bought?: () => ReadonlySet<number>;
}) {
  const state = {
    families,
    products,
    /** Where prints are delivered (the shipping rates' countries), as the server names them. */
    countries: [
      { code: 'AT', name: 'Austria' },
      { code: 'DE', name: 'Germany' },
      { code: 'CH', name: 'Switzerland' },
    ],
    fail: new Set<'catalogue'>(),
    refuse: undefined as Answer,
  };
  const withoutVariants = ({ variants: _variants, ...product }: PrintProduct) => product;

  function decorate(body: {
    product_id: number;
    variant_option_ids: number[];
    photos: { photo_id: number; quantity: number }[];
    add_to_cart?: boolean;
  }): Answer {
    if (state.refuse) return state.refuse;
    const product = state.products.find((p) => p.id === body.product_id);
    if (!product) return invalid('product_id', 'print.product_unknown');
    const groups = product.product_variant_options;
    const groupOf = new Map(groups.flatMap((g) => g.options.map((o) => [o.id, g.id] as const)));
    const picked = new Set(body.variant_option_ids.map((id) => groupOf.get(id)));
    if (picked.has(undefined) || picked.size !== body.variant_option_ids.length)
      return invalid('variant_option_ids', 'print.variant_options_invalid');
    if (picked.size !== groups.length) return invalid('variant_option_ids', 'print.variant_option_missing');
    const key = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
    const variant = product.variants?.find((v) => key(v.variant_option_ids) === key(body.variant_option_ids));
    if (!variant) return invalid('variant_option_ids', 'print.variant_unavailable');
    if (body.photos.length < product.min_photos) return invalid('photos', 'print.too_few_photos');
    if (body.photos.length > product.max_photos) return invalid('photos', 'print.too_many_photos');
    if (body.photos.some((p) => cart.state.videos.has(p.photo_id)))
      return invalid('photos', 'print.video_not_printable');
    const printable = cart.printablePhotos();
    const owned = bought();
    if (body.photos.some((p) => !printable.has(p.photo_id) && !owned.has(p.photo_id)))
      return invalid('photos', 'print.photo_not_in_cart');

    const copies = body.photos.reduce((sum, p) => sum + p.quantity, 0);
    const decorated = {
      product_id: product.id,
      title: product.title,
      variant_id: variant.id,
      variant_option_ids: groups.flatMap((g) =>
        body.variant_option_ids.filter((id) => groupOf.get(id) === g.id),
      ),
      photos: body.photos.map((p) => ({ ...p, thumbnail_url: `https://cdn.example/${p.photo_id}/thumb` })),
      unit_price: variant.price,
      total_price: money(cents(variant.price) * copies),
      currency: product.currency,
    };
    if (!body.add_to_cart) return { status: 200, body: { ...decorated, cart_item_id: null } };
    if (cart.state.refuse === 'currency_mismatch')
      return error(400, 'currency_mismatch', 'The cart holds another currency.');
    const item = cart.addPrintItem(decorated);
    return { status: 200, body: { ...decorated, cart_item_id: item.id } };
  }

  function handler(req: RecordedRequest): Answer {
    const url = new URL(req.path, 'http://test');
    const path = url.pathname;
    if (!path.startsWith('/api/print/api/v1/')) return undefined;
    const rest = path.slice('/api/print/api/v1/'.length);
    if (req.method === 'POST' && rest === 'decorate-product-configuration/')
      return decorate(JSON.parse(req.body));
    if (req.method !== 'GET') return error(405, 'method_not_allowed', 'No.');
    if (state.fail.has('catalogue')) return error(400, 'bad_request', 'Refused.');
    if (rest === 'product-families/') return { status: 200, body: { results: state.families } };
    if (rest === 'countries/') return { status: 200, body: { results: state.countries } };
    if (rest === 'products/') {
      const family = url.searchParams.get('family_id');
      const withPrices = url.searchParams.get('include_variants_with_price') === 'true';
      const results = state.products
        .filter((p) => family === null || p.family_id === Number(family))
        .map((p) => (withPrices ? p : withoutVariants(p)));
      return { status: 200, body: { results } };
    }
    const match = /^products\/(\d+)\/$/.exec(rest);
    if (match) {
      const product = state.products.find((p) => p.id === Number(match[1]));
      return product ? { status: 200, body: product } : error(404, 'not_found', 'Not found.');
    }
    return error(404, 'not_found', 'Not found.');
  }

  return { state, handler };
}
