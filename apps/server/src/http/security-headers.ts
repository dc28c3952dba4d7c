import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Security headers on every answer (API, built web app, API reference), with @fastify/helmet.
 * The policy is the one the web app runs under, proved in Chromium by e2e/csp.e2e.test.ts; the
 * reasons for each directive are in docs/decisions.md ("Security headers (issue 8)").
 */
export interface SecurityHeadersOptions {
  apiBase: string;
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** The built web app; its `csp-sources.json` names what the build itself talks to (Sentry). */
  webDist: string | null;
  /** Stripe is configured: the checkout loads Stripe.js, which frames its own fields. */
  stripe?: boolean;
  /** The metrics listener's origin (another port or host): the web app posts its queue there. */
  metricsUrl?: string;
}

/**
 * What Stripe.js needs (Stripe's documented CSP for the Payment Element and 3-D Secure), added only
 * when Stripe keys are configured; the built-in test provider needs nothing beyond our origin.
 */
export const STRIPE_SOURCES = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'img-src': ['https://*.stripe.com'],
} as const;

function withStripe(directives: Directives): Directives {
  const merged: Directives = { ...directives };
  for (const [name, values] of Object.entries(STRIPE_SOURCES)) {
    const current = (merged[name] ?? []).filter((v) => v !== "'none'");
    merged[name] = [...(current.length > 0 ? current : ["'self'"]), ...values];
  }
  return merged;
}

/** Written by the web build (apps/web/vite.config.ts): origins the bundle needs beyond its own. */
export const CSP_SOURCES_FILE = 'csp-sources.json';

const origin = z
  .string()
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://o1.ingest.sentry.io');
const buildSourcesSchema = z
  .object({
    'connect-src': z.array(origin).default([]),
    'worker-src': z.array(z.literal('blob:')).default([]),
  })
  .strict();
export type BuildSources = z.infer<typeof buildSourcesSchema>;

/** The build's extra sources; none without a build or without the file (a build before this one). */
export function readBuildSources(webDist: string | null): BuildSources {
  const none: BuildSources = { 'connect-src': [], 'worker-src': [] };
  if (!webDist) return none;
  let text: string;
  try {
    text = readFileSync(join(webDist, CSP_SOURCES_FILE), 'utf8');
  } catch {
    return none;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = buildSourcesSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${CSP_SOURCES_FILE} in ${webDist} is not valid: rebuild the web app`);
  return parsed.data;
}

type Directives = Record<string, string[]>;

/** The app's policy: only its own scripts, styles and media; never framed; forms post home only. */
export function appDirectives(sources: BuildSources, https: boolean): Directives {
  return {
    'default-src': ["'self'"],
    // wasm-unsafe-eval lets WebAssembly compile (the upload page hashes files with hash-wasm) and
    // nothing else: eval and new Function stay forbidden
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    // React applies `style` props and the organisation theme through the CSSOM, which CSP does
    // not restrict; style attributes in markup and <style> elements stay forbidden.
    'style-src': ["'self'"],
    // data: for the SVG icons inlined in the stylesheet (checkbox tick).
    'img-src': ["'self'", 'data:'],
    'media-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...sources['connect-src']],
    'worker-src': ["'self'", ...sources['worker-src']],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The API reference (Scalar) starts from inline scripts, injects its stylesheet at run time and
 * bundles a zod that compiles its validators with `new Function`: its inline scripts are allowed
 * by their hashes, computed from the page itself, its styles may be inline and it may eval. The
 * page shows only our own OpenAPI document; nothing else on the site gets this policy.
 */
export function docsDirectives(html: string, https: boolean): Directives {
  const inlineScripts = html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi);
  const hashes = [...inlineScripts].map((m) => `'sha256-${sha256(m[1] ?? '')}'`);
  return {
    ...appDirectives({ 'connect-src': [], 'worker-src': [] }, https),
    'script-src': ["'self'", "'unsafe-eval'", ...hashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
  };
}

export function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  { apiBase, publicUrl, webDist, stripe = false, metricsUrl }: SecurityHeadersOptions,
): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  const sources = readBuildSources(webDist);
  const metricsOrigin = metricsUrl ? new URL(metricsUrl).origin : null;
  const own = appDirectives(
    metricsOrigin ? { ...sources, 'connect-src': [...sources['connect-src'], metricsOrigin] } : sources,
    https,
  );
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: stripe ? withStripe(own) : own,
    },
    // Full URLs only within the site: album codes, reset tokens and signed media links in a
    // URL never reach another site, not even its origin.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });

  const docsPrefix = `${apiBase}/docs`;
  const docsPolicies = new Map<string, string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith(docsPrefix) || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    let policy = docsPolicies.get(payload);
    if (policy === undefined) {
      policy = serializeDirectives(docsDirectives(payload, https));
      // The page is the same on every request; the map never holds more than a page or two.
      if (docsPolicies.size < 8) docsPolicies.set(payload, policy);
    }
    reply.header('content-security-policy', policy);
    return payload;
  });
}
