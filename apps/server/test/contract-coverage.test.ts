import { allEndpoints } from '@fotodrop/contract';
import { NOT_YET_BUILT } from '@fotodrop/contract/not-yet-built';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../src/app';
import { toFastifyPath } from '../src/http/route';
import { type Harness, startHarness } from './harness';

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/** Every contract endpoint is either routed by the real app or listed as not yet built, never both. */
describe('contract endpoints and routes', () => {
  let h: Harness;
  let routed: Set<string>;
  beforeAll(async () => {
    h = await startHarness('pglite');
    routed = new Set(
      allEndpoints
        .filter((e) => h.app.hasRoute({ method: e.method, url: toFastifyPath(API_BASE, e.path) }))
        .map(key),
    );
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
