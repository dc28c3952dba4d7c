// One runner's visit of `bench:peak` (issue 20): the requests the web app makes when a logged-in
// runner taps the link of their "your photos are ready" e-mail, in its order and together where the
// app makes them together (traced in Chromium against the built app, session 17's web app):
//
// 1. `GET /preview?picacode=CODE` — the page itself; the server runs the preview service while
//    answering it and puts the answer in the page (`routes/preview-page.ts`), so the app makes no
//    photos-preview call. A document request carries no session: the guess is the address's.
// 2. The app's start, together: `GET /health` (the maintenance probe, not waited for),
//    `GET /v2/users/me/`, `POST /v2/checkins/?include_album=true` (the check-in with the album's
//    lookup by code and its first page in the answer: `services/albums/album-opening.ts`) and
//    `GET /cart/totals/` (the header's cart count, as soon as its chunk is in).
// 3. The album screen from that answer, together: gallery tree, price list, print products
//    (the print banner), the cart's digital items; then the photobook offer, which the print
//    banner asks for once the catalogue has a product.
// 4. Scrolling: gallery pages 2–4 of 40, one after another.
// 5. Ten viewer opens, one after another: the photo's `preview_url` and its two neighbours'
//    (the viewer preloads previous and next), together; the viewer makes no API call of its own.
// 6. One favourite (`POST /v3/medias/:id/add-favorite/`, the viewer's button).
//
// Not replayed: grid thumbnails (and the page's preloads of the first four), scripts and styles,
// the metrics (the separate metrics listener).
import { PREVIEW_DATA_ELEMENT_ID } from '@fotodrop/contract/rules/preview-link';
import type { Runner } from './peak-data';

export const PAGE_SIZE = 40;
export const GALLERY_PAGES = [2, 3, 4];
export const VIEWER_OPENS = 10;

/** The steps in the visit's order, as the report lists them. */
export const STEPS = [
  'preview page (HTML with the preview)',
  'health (app start)',
  'users/me',
  'POST check-in with the album (first page)',
  'cart totals',
  'gallery tree',
  'price list',
  'print products',
  'cart digital items',
  'photobook offer',
  'gallery page of 40',
  'viewer open (preview bytes)',
  'neighbour previews (viewer preload)',
  'favourite',
] as const;

export type Step = (typeof STEPS)[number];

export interface Timing {
  step: Step;
  ms: number;
  status: number;
}

/** What a finished visit read: preview bytes and how many requests it made. */
export interface VisitResult {
  previewBytes: number;
  requests: number;
}

interface MediaItem {
  id: number;
  preview_url: string;
}

/** One request timed to its last byte; its status and the body as text (or its length for bytes). */
async function timed(
  timings: Timing[],
  step: Step,
  url: string,
  init: RequestInit,
): Promise<{ status: number; text: string; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  timings.push({ step, ms: performance.now() - started, status: response.status });
  const binary = (response.headers.get('content-type') ?? '').startsWith('image/');
  return { status: response.status, text: binary ? '' : body.toString('utf8'), bytes: body.length };
}

/** The preview call's answer the server put in the page, as the app takes it (`api/preview.ts`). */
function embeddedPreview(html: string): { tags?: string[] } {
  const start = html.indexOf(`<script type="application/json" id="${PREVIEW_DATA_ELEMENT_ID}">`);
  if (start < 0) throw new Error('preview page: no preview data in the page (is the web app built?)');
  const from = html.indexOf('>', start) + 1;
  const data = JSON.parse(html.slice(from, html.indexOf('</script>', from))) as {
    status: number;
    body: { tags?: string[] };
  };
  if (data.status !== 200) throw new Error(`preview page: the preview answered ${data.status}`);
  return data.body;
}

/** One runner's visit; throws at the first answer the app could not use. */
export async function visit(
  base: string,
  runner: Runner,
  address: string,
  timings: Timing[],
): Promise<VisitResult> {
  const headers = { authorization: `Token ${runner.token}`, 'x-forwarded-for': address };
  let requests = 0;
  const call = async (step: Step, path: string, init: RequestInit = {}, ok = [200]) => {
    requests++;
    const r = await timed(timings, step, `${base}/api${path}`, {
      ...init,
      headers: { ...headers, ...init.headers },
    });
    if (!ok.includes(r.status)) throw new Error(`${step}: ${r.status} ${r.text.slice(0, 200)}`);
    return JSON.parse(r.text) as unknown;
  };
  const previewBytes = async (step: Step, media: MediaItem) => {
    requests++;
    const r = await timed(timings, step, new URL(media.preview_url, base).href, {
      headers: { 'x-forwarded-for': address },
    });
    if (r.status !== 200 || r.bytes < 1000) throw new Error(`${step}: ${r.status}, ${r.bytes} bytes`);
    return r.bytes;
  };

  requests++;
  const page = await timed(
    timings,
    'preview page (HTML with the preview)',
    `${base}/preview?picacode=${runner.code}`,
    {
      headers: { accept: 'text/html', 'x-forwarded-for': address },
    },
  );
  if (page.status !== 200) throw new Error(`preview page: ${page.status} ${page.text.slice(0, 200)}`);
  const preview = embeddedPreview(page.text);

  const [, , created] = await Promise.all([
    call('health (app start)', '/health'),
    call('users/me', '/v2/users/me/?include_perms=true'),
    call(
      'POST check-in with the album (first page)',
      '/v2/checkins/?include_album=true',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          picacode: runner.code,
          platform: 'site',
          ...(preview.tags?.length ? { tags: preview.tags } : {}),
        }),
      },
      [200, 201],
    ),
    call('cart totals', '/cart/totals/'),
  ]);
  const album = (created as { album?: { id: number; first_page?: { results: MediaItem[] } } }).album;
  if (!album) throw new Error('check-in: no album in the answer');
  const items: MediaItem[] = [...(album.first_page?.results ?? [])];

  const tree = `/v3/checkins/${album.id}/gallery_tree/0`;
  await Promise.all([
    call('gallery tree', `${tree}/tree/`),
    call('price list', `${tree}/price_list/`),
    (async () => {
      const products = (await call(
        'print products',
        `/print/api/v1/products/?include_variants_with_price=true&checkin_id=${album.id}`,
      )) as { results: unknown[] };
      if (products.results.length > 0)
        await call('photobook offer', `/photobook-offer/?checkin_id=${album.id}`);
    })(),
    call('cart digital items', '/cart/digital-items/'),
  ]);

  for (const n of GALLERY_PAGES) {
    const answer = (await call(
      'gallery page of 40',
      `${tree}/media/?page=${n}&page_size=${PAGE_SIZE}&extras=true`,
    )) as { results: MediaItem[] };
    items.push(...answer.results);
  }
  if (items.length < VIEWER_OPENS * 4) throw new Error(`only ${items.length} photos in the album`);

  // The runner opens ten photos spread over what they scrolled through.
  const every = Math.floor(items.length / VIEWER_OPENS);
  const opened = Array.from({ length: VIEWER_OPENS }, (_, i) => i * every);
  let bytes = 0;
  for (const position of opened) {
    const neighbours = [items[position + 1], items[position - 1]].filter((m) => m !== undefined);
    const read = await Promise.all([
      previewBytes('viewer open (preview bytes)', items[position]!),
      ...neighbours.map((m) => previewBytes('neighbour previews (viewer preload)', m)),
    ]);
    bytes += read.reduce((a, b) => a + b, 0);
  }
  await call(
    'favourite',
    `/v3/medias/${items[opened[3]!]!.id}/add-favorite/`,
    { method: 'POST' },
    [200, 201],
  );
  return { previewBytes: bytes, requests };
}
