import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Written by the web build (apps/web/vite.config.ts): per page a runner's e-mail opens, the
 * scripts and style sheets its route loads after the entry script, and the scripts it runs at once.
 * Written into that page as preload hints, they download beside the entry script instead of one
 * lazy chunk after another once it has run (issue 20, the runner's first look).
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const asset = z
  .string()
  .regex(/^\/assets\/[\w.-]+\.(js|css)$/, 'a file of the build, such as /assets/x-1a2b.js');
const routePreloadsSchema = z
  .object({
    routes: z.array(
      z
        .object({
          // /checkins/:picacode: literal segments and named ones
          path: z.string().regex(/^(\/(:?[\w-]+))+$/),
          scripts: z.array(asset),
          styles: z.array(asset),
          // scripts the page runs at once, beside the entry (a build before session 18 has none)
          run: z.array(asset.regex(/\.js$/, 'a script')).default([]),
        })
        .strict(),
    ),
  })
  .strict();
type RoutePreload = z.infer<typeof routePreloadsSchema>['routes'][number];

/** The build's preload hints; none without a build or without the file (a build before this one). */
export function readRoutePreloads(webDist: string | null): RoutePreload[] {
  if (!webDist) return [];
  let text: string;
  try {
    text = readFileSync(join(webDist, ROUTE_PRELOADS_FILE), 'utf8');
  } catch {
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = routePreloadsSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${ROUTE_PRELOADS_FILE} in ${webDist} is not valid: rebuild the web app`);
  return parsed.data.routes;
}

/** Whether a request's path is the page of a route path (`:name` matches one segment). */
function matches(route: string, path: string): boolean {
  const want = route.split('/');
  const have = path.replace(/\/$/, '').split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i]));
}

/**
 * A page's hints, for the head of its HTML: module preloads (as the build's own, `crossorigin`)
 * and style preloads (no `crossorigin`, as the app's own style links: the same request; the app
 * applies them when its route loads, so they never hold the first paint back). The `run` scripts
 * are module scripts of the same build (the e-mail link's and album page's early calls, issue 20):
 * after the entry, they start their calls without waiting for the route's other chunks; the app
 * imports the same module later, which the browser does not run twice.
 */
export function preloadTags(routes: RoutePreload[], path: string): string {
  const route = routes.find((r) => matches(r.path, path));
  if (!route) return '';
  return [
    ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...route.styles.map((href) => `<link rel="preload" as="style" href="${href}">`),
    ...route.run.map((src) => `<script type="module" crossorigin src="${src}"></script>`),
  ].join('');
}
