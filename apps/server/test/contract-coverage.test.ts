import { allEndpoints } from '@fotodrop/contract';
import { NOT_YET_BUILT } from '@fotodrop/contract/not-yet-built';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../src/app';
import { toFastifyPath } from '../src/http/route';
import { METRICS_BASE } from '../src/metrics-app';
import { type Harness, startHarness } from './harness';

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/**
 * Routes under the API base that are not API operations of the specs, so not in the contract:
 * probes, the OpenAPI document and its reference page, signed media files and downloads, the dev mailbox,
 * the payment providers' webhooks (provider → server calls, not the browser's API).
 */
const OUTSIDE_THE_CONTRACT = [
  /^GET \/api\/health(\/ready)?$/,
  /^GET \/api\/openapi\.json$/,
  // the reference, loaded on its first visit: one route for all its paths (routes/api-reference.ts)
  /^GET \/api\/docs(\/.*|\*)?$/,
  // Signed media files, and their blurred variants (anonymous mode: `hidden/<face ids>/`).
  /^GET \/api\/media\/:p(\/hidden\/:p)?\/:p$/,
  // a bought original's download, for its owner (`<user>-<album>`); the form before owners, refused
  /^GET \/api\/media\/:p(\/hidden\/:p)?\/original-download(\/:p)?\/:p$/,
  /^GET \/api\/downloads\/zips\/:p\/:p$/,
  // Signed photobook preview covers, rendered per viewer.
  /^GET \/api\/photobook-covers\/:p$/,
  // Organisations' uploaded logos and icons, public like the sites that show them (issue 18).
  /^GET \/api\/branding-files\/:p\/:p$/,
  /^GET \/api\/dev\/mailbox(\/:p)?$/,
  /^POST \/api\/payments\/v1\/(stripe|mercado-pago)\/webhook\/$/,
  // Resumable uploads: the tus protocol, not JSON (contract: TUS_UPLOADS_PATH; routes/tus-uploads.routes.ts).
  /^(POST|HEAD|PATCH|DELETE|OPTIONS) \/api\/organiser\/v1\/uploads(\/?\*)?$/,
];

/** Path parameters compared by position only (Fastify merges names at one position: `:id|:checkin_id`). */
const anyParam = (url: string) => url.replace(/:\w+(\|:\w+)*/g, ':p');

/** `METHOD url` of every route, read from Fastify's route tree (HEAD, added for each GET, left out). */
function listRoutes(tree: string): string[] {
  const stack: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const at = line.search(/[├└]── /);
    if (at < 0) return [];
    const [, segment = '', methods] = line.slice(at + 4).match(/^(.*?)(?: \(([A-Z, ]+)\))?$/) ?? [];
    stack.length = at / 4;
    stack.push(segment);
    const url = stack.join('');
    return (methods ?? '')
      .split(', ')
      .filter((m) => m !== '' && m !== 'HEAD')
      .map((m) => `${m} ${url}`);
  });
}

/** Every contract endpoint is either routed by the real app or listed as not yet built, never both. */
describe('contract endpoints and routes', () => {
  let h: Harness;
  let routed: Set<string>;
  beforeAll(async () => {
    h = await startHarness('pglite');
    routed = new Set(
      allEndpoints
        .filter((e) =>
          // The metrics endpoint is served by the metrics listener only (its own host); elsewhere by the API.
          e.tag === 'Metrics'
            ? h.metrics.hasRoute({ method: e.method, url: toFastifyPath(METRICS_BASE, e.path) })
            : h.app.hasRoute({ method: e.method, url: toFastifyPath(API_BASE, e.path) }),
        )
        .map(key),
    );
  });

  it('leaves the metrics endpoint to the metrics listener: the API does not depend on it', () => {
    const metricPaths = allEndpoints.filter((e) => e.tag === 'Metrics');
    expect(metricPaths.length).toBeGreaterThan(0);
    for (const e of metricPaths) {
      expect(h.app.hasRoute({ method: e.method, url: toFastifyPath(API_BASE, e.path) })).toBe(false);
      expect(h.app.hasRoute({ method: e.method, url: toFastifyPath('', e.path) })).toBe(false);
    }
    // and the listener serves nothing else of the contract
    const others = allEndpoints.filter(
      (e) =>
        e.tag !== 'Metrics' &&
        h.metrics.hasRoute({ method: e.method, url: toFastifyPath(METRICS_BASE, e.path) }),
    );
    expect(others.map(key)).toEqual([]);
  });
  afterAll(() => h?.close());

  it('routes every endpoint that is not on the not-yet-built list', () => {
    const forgotten = allEndpoints.map(key).filter((k) => !routed.has(k) && !(k in NOT_YET_BUILT));
    expect(forgotten).toEqual([]);
  });

  it('lists as not yet built only endpoints that are not routed (remove a line once it is built)', () => {
    expect(Object.keys(NOT_YET_BUILT).filter((k) => routed.has(k))).toEqual([]);
  });

  it('lists only endpoints the contract declares, each with the issue that builds it', () => {
    const declared = new Set(allEndpoints.map(key));
    expect(Object.keys(NOT_YET_BUILT).filter((k) => !declared.has(k))).toEqual([]);
    for (const issue of Object.values(NOT_YET_BUILT)) expect(issue).toMatch(/^issue \d+$/);
  });

  it('routes nothing under the API base that the contract does not declare (system routes excepted)', () => {
    const declared = new Set(
      allEndpoints.map((e) => anyParam(`${e.method} ${toFastifyPath(API_BASE, e.path)}`)),
    );
    const undeclared = listRoutes(h.app.printRoutes({ commonPrefix: false }))
      .map(anyParam)
      .filter((r) => r.split(' ')[1]!.startsWith(`${API_BASE}/`))
      .filter((r) => !declared.has(r) && !OUTSIDE_THE_CONTRACT.some((allowed) => allowed.test(r)));
    expect(undeclared).toEqual([]);
  });

  it('reads the route tree into full paths', () => {
    const tree = [
      '├── /api/v3/checkins/ (GET, HEAD)',
      '│   ├── :checkin_id|:id/galleries/ (GET, HEAD)',
      '│   │   └── :gallery_id/medias/ (GET, HEAD)',
      '│   └── :checkin_id|:id/medias/ (GET, HEAD)',
      '├── /api/cart/ (DELETE)',
      '│   └── digital-items/',
      '│       └── :id/ (DELETE, PATCH)',
      '└── /api/health (GET, HEAD)',
    ].join('\n');
    expect(listRoutes(tree)).toEqual([
      'GET /api/v3/checkins/',
      'GET /api/v3/checkins/:checkin_id|:id/galleries/',
      'GET /api/v3/checkins/:checkin_id|:id/galleries/:gallery_id/medias/',
      'GET /api/v3/checkins/:checkin_id|:id/medias/',
      'DELETE /api/cart/',
      'DELETE /api/cart/digital-items/:id/',
      'PATCH /api/cart/digital-items/:id/',
      'GET /api/health',
    ]);
  });

  it('finds routes by method and path as Fastify writes them', () => {
    // guards the comparison itself: a lookup that never matched would make the first test pass
    // only when everything is listed, and the second one always
    expect(h.app.hasRoute({ method: 'GET', url: toFastifyPath(API_BASE, '/v3/checkins/{id}/medias/') })).toBe(
      true,
    );
    expect(
      h.app.hasRoute({ method: 'POST', url: toFastifyPath(API_BASE, '/v3/checkins/{id}/medias/') }),
    ).toBe(false);
    expect(routed.size).toBeGreaterThan(40);
  });
});
