import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from './registry';

/** Every call of §7 of both specs, as METHOD path. */
const SPEC_CALLS = [
  'POST /v2/users/create/',
  'POST /api/v1/get-token-auth/',
  'POST /v2/user/sso-integration/',
  'POST /auth/convert-token/',
  'POST /accounts/ibi/convert-token/',
  'GET /v2/users/me/',
  'PATCH /v2/users/me/',
  'POST /api/v1/password/reset/',
  'POST /api/v1/password/change/',
  'GET /payments/v1/stripe/payment-methods/',
  'PATCH /payments/v1/stripe/payment-methods/{id}/set-default/',
  'POST /payments/v1/stripe/payment-methods/{id}/detach/',
  'POST /v1/users/me/delete/',
  'GET /api/v1/app-config/{appName}/',
  'GET /support/v1/request/events/',
  'GET /support/v1/request/faqs/',
  'POST /support/v1/request/send/',
  'GET /v1/events/',
  'GET /v1/events/calendar/',
  'GET /v1/events/live/',
  'POST /v2/checkins/',
  'POST /v2/complete-checkin/{id}/',
  'GET /v3/checkins/',
  'GET /v3/checkins/by-code/{code}/',
  'GET /v2/photos-preview/',
  'POST /v2/checkins/{id}/add-face/',
  'POST /v1/shared-image/',
  'POST /metric',
  'GET /impersonate/user/',
  'POST /impersonate/user/impersonate/',
  'GET /v2/checkins/{id}/',
  'GET /v3/checkins/{id}/medias/',
  'GET /v3/checkins/{checkin_id}/gallery_tree/{gallery_id}/tree/',
  'GET /v3/checkins/{checkin_id}/gallery_tree/{gallery_id}/media/',
  'GET /v3/checkins/{checkin_id}/gallery_tree/{gallery_id}/price_list/',
  'POST /v3/medias/{media_id}/add-favorite/',
  'POST /v3/medias/{media_id}/remove-favorite/',
  'POST /v3/medias/{id}/hide/',
  'GET /v3/checkins/{checkin_id}/all-medias/',
  'GET /v3/medias/',
  'GET /v3/checkins/{checkin_id}/galleries/',
  'GET /v3/checkins/{checkin_id}/galleries/{gallery_id}/medias/',
  'GET /v3/checkins/{id}/face-inference-status/',
  'POST /v3/checkins/{id}/face-inference/',
  'POST /v2/checkins/{id}/download-medias/',
  'POST /v2/checkins/{id}/anonymize/',
  'POST /v2/checkins/{id}/deanonymize/',
  'DELETE /v2/checkins/{id}/',
  'GET /v1/countries/',
  'GET /cart/digital-items/',
  'POST /cart/digital-items/',
  'PATCH /cart/digital-items/{id}/add-medias/',
  'PATCH /cart/digital-items/{id}/remove-medias/',
  'PATCH /cart/digital-items/{id}/set-type/',
  'POST /cart/digital-items/add-all-medias/',
  'DELETE /cart/digital-items/{id}/',
  'GET /cart/digital-items/{id}/medias/',
  'GET /cart/totals/',
  'GET /cart/totals/items/',
  'GET /cart/payment-methods/',
  'DELETE /cart/',
  'GET /v1/cart/',
  'POST /v3/orders/',
  'GET /v3/orders/{id}/',
  'POST /v3/orders/confirm-payment/',
  'GET /print/api/v1/product-families/',
  'GET /print/api/v1/products/',
  'GET /print/api/v1/products/{id}/',
  'POST /print/api/v1/decorate-product-configuration/',
  'GET /print/api/v1/countries/',
  'GET /photobook-preview/',
];

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('API registry', () => {
  it('declares every call of both specs', () => {
    const declared = new Set(allEndpoints.map(key));
    expect(SPEC_CALLS.filter((c) => !declared.has(c))).toEqual([]);
  });

  it('declares each method and path once', () => {
    const keys = allEndpoints.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('has path parameters exactly for the placeholders of each path', () => {
    for (const e of allEndpoints) {
      const placeholders = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const params = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect({ path: e.path, params }).toEqual({ path: e.path, params: placeholders });
    }
  });

  it('writes paths with a leading and trailing slash (the metrics host and named files excepted)', () => {
    for (const e of allEndpoints) {
      if (e.path === '/metric') continue;
      // a named file keeps its file name (issue 18: `…/codes/cards.pdf`, a support screenshot; issue 19: the lab package zip)
      if (e.produces && !e.produces.includes('application/json')) {
        expect(e.path).toMatch(/^\/.*\/[a-z-]+\.(pdf|csv|jpg|zip)$/);
        continue;
      }
      expect(e.path).toMatch(/^\/.*\/$/);
    }
  });

  it('sends bodies only with POST, PATCH and PUT', () => {
    for (const e of allEndpoints) {
      if (e.body) expect(['POST', 'PATCH', 'PUT']).toContain(e.method);
      if (e.multipart) expect(e.body).toBeDefined();
    }
  });

  it('can describe every schema as JSON Schema (for the OpenAPI document)', () => {
    for (const e of allEndpoints) {
      for (const input of [e.params, e.query, e.body]) {
        if (input) expect(() => z.toJSONSchema(input, { io: 'input' }), key(e)).not.toThrow();
      }
      expect(() => z.toJSONSchema(e.response, { io: 'output' }), key(e)).not.toThrow();
    }
  });
});
