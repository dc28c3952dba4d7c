import { configEndpoints } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { BRANDED_APP_NAME, seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, startHarness } from './harness';

/**
 * The harness parses every 2xx answer with its endpoint's response schema, which makes every
 * integration test a contract check. These tests prove the check is there and what it catches.
 */
describe.each(BACKENDS)('answers checked against the contract on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
  });
  afterAll(() => h?.close());

  it('lets an answer that matches its schema through unchanged', async () => {
    const r = await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`);
    expect(r.status).toBe(200);
    expect(configEndpoints.appConfig.response.safeParse(r.body).success).toBe(true);
    expect(h.responseMismatches).toEqual([]);
  });

  it('fails an answer with a field of the wrong type or a missing field, naming the field', async () => {
    const real = await h.services.config.appConfig(BRANDED_APP_NAME);
    const spy = vi.spyOn(h.services.config, 'appConfig');
    try {
      const { name: _missing, ...withoutName } = real;
      spy.mockResolvedValueOnce({ ...withoutName, hide_cart: 'no' } as unknown as typeof real);
      const r = await call(h.app, 'GET', `/api/api/v1/app-config/${BRANDED_APP_NAME}/`);
      expect(r.status).toBe(500);
      expect(h.responseMismatches).toHaveLength(1);
      expect(h.responseMismatches[0]).toMatchObject({
        endpoint: 'GET /api/v1/app-config/{appName}/',
        url: `/api/api/v1/app-config/${BRANDED_APP_NAME}/`,
        status: 200,
      });
      const issues = h.responseMismatches[0]!.issues.join('\n');
      expect(issues).toContain('name:');
      expect(issues).toContain('hide_cart:');
    } finally {
      spy.mockRestore();
      // caught on purpose: emptied so that close() does not fail the file
      h.responseMismatches.length = 0;
    }
  });

  it('leaves error answers and routes outside the contract alone', async () => {
    expect((await call(h.app, 'GET', '/api/api/v1/app-config/no-such-app/')).status).toBe(404);
    expect((await call(h.app, 'GET', '/api/health')).status).toBe(200);
    expect(h.responseMismatches).toEqual([]);
  });
});
