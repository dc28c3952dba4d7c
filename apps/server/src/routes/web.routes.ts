import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preloadTags, readRoutePreloads } from '../http/route-preloads';
import type { PageData } from './preview-page';

/**
 * Serves the built web app: hashed assets with long-lived caching, and index.html for every app
 * route (the SPA decides what is a page). Unknown API paths stay JSON 404s.
 */
export async function webRoutes(
  app: FastifyInstance,
  {
    apiBase,
    webDist,
    sharedPreview,
    metricsUrl,
    pageData,
  }: {
    apiBase: string;
    webDist: string | null;
    /** Where the web app sends its metrics queue: told to it in a meta tag of every page. */
    metricsUrl?: string | undefined;
    /** The link preview of a share link's page (Open Graph), or null when the link is not valid. */
    sharedPreview?: (link: SharedPath, host: string | undefined) => Promise<LinkPreview | null>;
    /** Data a page's first render takes from the HTML instead of calling the API (/preview's album). */
    pageData?: (path: string, query: URLSearchParams, request: FastifyRequest) => Promise<PageData | null>;
  },
) {
  const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const builtHtml = hasWeb ? await readFile(join(webDist, 'index.html'), 'utf8') : null;
  // From the configuration (METRICS_PUBLIC_URL or its default), never from the request.
  const indexHtml =
    builtHtml && metricsUrl
      ? builtHtml.replace(
          '</head>',
          `<meta name="fotodrop-metrics-url" content="${escapeAttribute(metricsUrl)}"></head>`,
        )
      : builtHtml;
  const routePreloads = hasWeb ? readRoutePreloads(webDist) : [];

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === apiBase || path.startsWith(`${apiBase}/`) || request.method !== 'GET' || !indexHtml) {
      return reply.status(404).send({ code: 'not_found', message: 'Not found.' });
    }
    // Files of the build are routes of their own; a file path that lands here (a stale asset) is a real 404.
    if (/\.[a-z0-9]{1,8}$/i.test(path))
      return reply.status(404).send({ code: 'not_found', message: 'Not found.' });
    const shared = parseSharedPath(path);
    const preview = shared && sharedPreview ? await sharedPreview(shared, request.headers.host) : null;
    const page = preview ? withPreview(indexHtml, preview) : indexHtml;
    // the route's own chunks, fetched beside the entry script (issue 20)
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const data = pageData ? await pageData(path, new URLSearchParams(search), request) : null;
    const hints = preloadTags(routePreloads, path) + (data ? dataTags(data) : '');
    const html = hints ? page.replace('</head>', `${hints}</head>`) : page;
    // a page with someone's data (the preview of an album code) is never kept by a shared cache
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', data ? 'private, no-store' : 'no-cache')
      .send(html);
  });
}

/** The web app's share link page: /shared/<user id>/<media id>/<security_hash>. */
export interface SharedPath {
  user_id: number;
  media_id: number;
  security_hash: string;
}
const SHARED_PATH = /^\/shared\/([1-9]\d{0,8})\/([1-9]\d{0,8})\/([A-Za-z0-9_-]{1,128})$/;

export function parseSharedPath(path: string): SharedPath | null {
  const match = SHARED_PATH.exec(path);
  if (!match) return null;
  return { user_id: Number(match[1]), media_id: Number(match[2]), security_hash: match[3] as string };
}

export interface LinkPreview {
  /** A branded site's name (the organisation's), in place of the app's in the title; null on our own. */
  siteName: string | null;
  /** og:title. */
  title: string;
  /** The page's <title> before the app sets its own (what a link without Open Graph shows). */
  pageTitle: string;
  description: string;
  /** Absolute URLs, built from the configuration. */
  image: string;
  url: string;
  /** The image's own size; without it, og:image:width / height are left out rather than wrong. */
  size: { width: number; height: number } | null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What messengers read to unfurl a share link with its photo (they run no script). The page is
 * someone's photo: search engines are asked not to index it.
 */
function previewTags(p: LinkPreview): string {
  const size: [string, string, string][] = p.size
    ? [
        ['property', 'og:image:width', String(p.size.width)],
        ['property', 'og:image:height', String(p.size.height)],
      ]
    : [];
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ...(p.siteName ? [['property', 'og:site_name', p.siteName] as [string, string, string]] : []),
    ['property', 'og:title', p.title],
    ['property', 'og:description', p.description],
    ['property', 'og:image', p.image],
    ...size,
    ['property', 'og:url', p.url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'robots', 'noindex'],
  ];
  return tags
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeAttribute(value)}">`)
    .join('');
}

/** The app's page with the link preview's tags, and its title in place of the app's name alone. */
function withPreview(html: string, p: LinkPreview): string {
  const titled = html.replace(
    /<title>([^<]*)<\/title>/,
    (_, name: string) =>
      `<title>${escapeText(p.pageTitle)} · ${p.siteName ? escapeText(p.siteName) : name}</title>`,
  );
  return titled.replace('</head>', `${previewTags(p)}</head>`);
}

/**
 * The data as a JSON script (never executed, so the strict CSP has nothing to say; `<` escaped so
 * no value can close the element) and preloads of its first images, which then download beside
 * the scripts, with the priority the screen gives them.
 */
function dataTags(data: PageData): string {
  const json = JSON.stringify(data.value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const images = data.images
    .map((href) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`)
    .join('');
  return `${images}<script type="application/json" id="${escapeAttribute(data.id)}">${json}</script>`;
}

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
