import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

const login = (h: Harness, password: string, ip = '10.0.0.1') =>
  h.app.inject({
    method: 'POST',
    url: '/api/api/v1/get-token-auth/',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: SIGNUP.email, password }),
  });

describe.each(BACKENDS)('sign-in limits on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
    await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP);
  });
  afterAll(() => h?.close());

  it('locks the account after five wrong passwords in a row, then opens again after the window', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) expect((await login(h, 'wrong')).statusCode).toBe(400);
    const fifth = await login(h, 'wrong');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      code: 'too_many_attempts',
      data: { retry_after_seconds: expect.any(Number) },
    });
    expect(fifth.headers['retry-after']).toBeDefined();
    // Locked: even the right password waits, from any address.
    expect((await login(h, SIGNUP.password1, '10.0.0.2')).statusCode).toBe(429);

    const realNow = h.clock.now;
    h.clock.now = new Date(realNow.getTime() + 16 * 60_000);
    try {
      expect((await login(h, SIGNUP.password1)).statusCode).toBe(200);
      // A success clears the count: four more failures do not lock.
      for (let attempt = 1; attempt <= 4; attempt++) expect((await login(h, 'wrong')).statusCode).toBe(400);
      expect((await login(h, SIGNUP.password1)).statusCode).toBe(200);
    } finally {
      h.clock.now = realNow;
    }
  });

  it('limits sign-in attempts per address across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/api/v1/get-token-auth/',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: `nobody${i}@example.com`, password: 'x' }),
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
