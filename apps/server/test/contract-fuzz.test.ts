import { allEndpoints, type Endpoint } from '@fotodrop/contract';
import { NOT_YET_BUILT } from '@fotodrop/contract/not-yet-built';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '../src/app';
import { NUL_MESSAGE, nulFields } from '../src/http/route';
import { METRICS_BASE } from '../src/metrics-app';
import { call, type Harness, SIGNUP, startHarness } from './harness';

const NUL = '\u0000';
const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/**
 * Endpoints the fuzz leaves out because a success ends its own session: the rest of the run needs
 * it. They are called once at the end, with NUL, and must refuse it too (the session then still works).
 */
const ENDS_THE_SESSION = ['POST /api/v1/logout/', 'POST /v1/users/me/delete/'];

/**
 * Endpoints whose fields are read only once the caller may use them (the same `parse` then checks
 * them): the fuzz's participant is refused first. Their path and query are fuzzed all the same.
 */
const FIELDS_AFTER_ACCESS: Record<string, string> = {
  'POST /organiser/v1/events/{slug}/media/': "the event's organiser only (404/403 before the form is read)",
  'POST /organiser/v1/organisations/{id}/branding/images/{kind}/':
    "the organisation's owner only (404/403 before the image is read; its only field is the file)",
};

/** The names of an object schema's fields (through optional, default and pipe wrappers); [] for others. */
function fieldNames(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { _zod?: { def?: { innerType?: unknown; in?: unknown } } })._zod?.def;
    s = def?.innerType ?? def?.in;
  }
  return [];
}

/** The endpoint's URL with NUL in every path parameter and in every query field it declares. */
function urlWithNul(e: Endpoint, base: string): string {
  const path = base + e.path.replace(/\{\w+\}/g, '%00');
  const query = [...fieldNames(e.query), 'q'].map((name) => `${name}=%00`).join('&');
  return `${path}?${query}`;
}

/** A JSON body with NUL in every field the endpoint declares, and in a key of its own. */
function bodyWithNul(e: Endpoint): Record<string, string> {
  return Object.fromEntries([...fieldNames(e.body).map((name) => [name, NUL]), [`x${NUL}`, 'y']]);
}

/** A path parameter its schema takes, so that the body is what gets checked. */
const paramOf = (_: string, name: string) =>
  ({ intent_id: 'ti_0123456789abcdef', slug: '5e1a0c3d' })[name] ?? '1';

/** The same as multipart/form-data, for the endpoints that read a form (a file with fields). */
function formWithNul(e: Endpoint): { payload: string; contentType: string } {
  const parts = Object.entries(bodyWithNul(e)).map(
    ([name, value]) => `--fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { payload: `${parts.join('')}--fuzz--\r\n`, contentType: 'multipart/form-data; boundary=fuzz' };
}

async function send(app: FastifyInstance, e: Endpoint, base: string, token: string, only: 'url' | 'body') {
  const withBody = e.method !== 'GET';
  const url = only === 'url' ? urlWithNul(e, base) : base + e.path.replace(/\{(\w+)\}/g, paramOf);
  if (only === 'body' && e.multipart) {
    const form = formWithNul(e);
    const raw = await app.inject({
      method: e.method,
      url,
      headers: { authorization: `Token ${token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    return { status: raw.statusCode, body: raw.json() as Record<string, unknown> };
  }
  return call(app, e.method, url, withBody ? (only === 'body' ? bodyWithNul(e) : {}) : undefined, { token });
}

const refusedAsNul = (r: { status: number; body: Record<string, unknown> }) => {
  const fields = (r.body.data as { fields?: Record<string, string[]> } | undefined)?.fields ?? {};
  return r.status === 400 && Object.values(fields).some((messages) => messages.includes(NUL_MESSAGE));
};

/**
 * Issue 17 item 11: a NUL character in any string of a request (path, query, JSON body, a key)
 * is refused with 400 before it can reach PostgreSQL (which answered 500), on every endpoint of
 * the contract, with a signed-in session that survives the whole run.
 */
describe('NUL in every string of every endpoint', () => {
  let h: Harness;
  let token: string;
  const endpoints = allEndpoints.filter((e) => !(key(e) in NOT_YET_BUILT));
  const appOf = (e: Endpoint) => (e.tag === 'Metrics' ? h.metrics : h.app);
  const baseOf = (e: Endpoint) => (e.tag === 'Metrics' ? METRICS_BASE : API_BASE);

  beforeAll(async () => {
    h = await startHarness('pglite');
    const signup = await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP);
    token = signup.body.token as string;
  });
  afterAll(() => h?.close());

  it('finds NUL in strings, keys and nested lists, and nothing in clean input', () => {
    expect(nulFields({ a: 'ok', b: [`x${NUL}`], c: { [`k${NUL}`]: 1, d: { e: NUL } } }).sort()).toEqual([
      'b.0',
      'c.d.e',
      `c.k${NUL}`,
    ]);
    expect(nulFields({ a: 'ok', b: [1, null, true], c: { d: 'é' } })).toEqual([]);
    expect(nulFields(NUL)).toEqual(['']);
    // deeper than the stack would allow a recursive walk
    let deep: unknown = NUL;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nulFields(deep)).toHaveLength(1);
  });

  it('refuses the two requests that answered 500', async () => {
    const sso = await call(h.app, 'POST', '/api/v2/user/sso-integration/', { token: NUL });
    expect(sso.status).toBe(400);
    expect(sso.body.data).toEqual({ fields: { token: [NUL_MESSAGE] } });
    const preview = await call(h.app, 'GET', '/api/v2/photos-preview/?picacode=%00');
    expect(preview.status).toBe(400);
    expect(preview.body.data).toEqual({ fields: { picacode: [NUL_MESSAGE] } });
  });

  it('answers every endpoint 400 for NUL in its path and query, signed in', async () => {
    const wrong: string[] = [];
    for (const e of endpoints.filter((e) => !ENDS_THE_SESSION.includes(key(e)))) {
      if (!e.params && !e.query) continue;
      const r = await send(appOf(e), e, baseOf(e), token, 'url');
      if (!refusedAsNul(r)) wrong.push(`${key(e)} → ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers every endpoint with a body 400 for NUL in its fields, signed in', async () => {
    const wrong: string[] = [];
    for (const e of endpoints.filter((e) => !ENDS_THE_SESSION.includes(key(e)))) {
      if (!e.body || key(e) in FIELDS_AFTER_ACCESS) continue;
      const r = await send(appOf(e), e, baseOf(e), token, 'body');
      if (!refusedAsNul(r)) wrong.push(`${key(e)} → ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 5xx, whatever carries the NUL, and the session survives the run', async () => {
    const failed: string[] = [];
    for (const e of endpoints) {
      for (const only of ['url', 'body'] as const) {
        // only with a body that must be refused: a logout without one would end the run's session
        if (ENDS_THE_SESSION.includes(key(e)) && !(only === 'body' && e.body)) continue;
        const r = await send(appOf(e), e, baseOf(e), token, only);
        if (r.status >= 500) failed.push(`${key(e)} (${only}) → ${r.status}`);
      }
    }
    expect(failed).toEqual([]);
    const me = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token });
    expect(me.status).toBe(200);
  });
});
