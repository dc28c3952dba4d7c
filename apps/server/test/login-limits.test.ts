import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../src/adapters/password-hasher';
import { localStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { backoffSeconds } from '../src/repositories/rate-limits.repository';
import { BACKOFFS, LIMITS, RATE_LIMIT_RETENTION_SECONDS } from '../src/services/accounts/rate-limiter';
import { CODE_GUESS_LIMITS } from '../src/services/albums/code-guess-limits';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, SIGNUP, startHarness } from './harness';

/** Argon2 costs ~50 ms a check; these tests make hundreds of sign-ins and only count answers. */
const plainHasher: PasswordHasher & { verified: number } = {
  verified: 0,
  hash: async (password) => `plain:${password}`,
  async verify(hashed, password) {
    plainHasher.verified++;
    return hashed === `plain:${password}`;
  },
};

const loginAs = (
  app: FastifyInstance,
  username: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/api/v1/get-token-auth/',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ username, password }),
  });

describe('the growing wait', () => {
  it('is free for five attempts, then doubles from one second up to fifteen minutes', () => {
    const curve = BACKOFFS.loginPerAccountAndIp;
    expect([4, 5, 6, 7, 8].map((n) => backoffSeconds(n, curve))).toEqual([0, 1, 2, 4, 8]);
    expect(backoffSeconds(15, curve)).toBe(15 * 60);
    expect(backoffSeconds(10_000, curve)).toBe(15 * 60);
  });
});

describe('the rate-limit retention', () => {
  it('outlasts every window and every growing wait, so a purge forgets no attempt that still counts', () => {
    const windows = [...Object.values(LIMITS), ...Object.values(CODE_GUESS_LIMITS)].map(
      (l) => l.windowSeconds,
    );
    const memories = Object.values(BACKOFFS).map((b) => b.forgetSeconds);
    expect(Math.max(...windows, ...memories)).toBeLessThan(RATE_LIMIT_RETENTION_SECONDS);
  });
});

describe.each(BACKENDS)('sign-in limits on %s', (backend) => {
  let h: Harness;
  const advance = (seconds: number) => {
    h.clock.now = new Date(h.clock.now.getTime() + seconds * 1000);
  };
  beforeAll(async () => {
    h = await startHarness(backend, { hasher: plainHasher });
    await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP);
  });
  afterAll(() => h?.close());

  it('slows the guessing address with growing waits while the owner elsewhere logs in', async () => {
    const attacker = '203.0.113.7';
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await loginAs(h.app, SIGNUP.email, 'wrong', attacker)).statusCode).toBe(400);
    }
    const waits: string[] = [];
    for (const wait of [1, 2, 4, 8]) {
      const guess = await loginAs(h.app, SIGNUP.email, 'wrong', attacker);
      expect(guess.statusCode).toBe(429);
      expect(guess.json()).toMatchObject({
        code: 'too_many_attempts',
        message: `Too many attempts. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
        data: { retry_after_seconds: wait },
      });
      waits.push(String(guess.headers['retry-after']));
      // Hammering during the wait is refused without being counted, the right password too.
      expect((await loginAs(h.app, SIGNUP.email, 'wrong', attacker)).statusCode).toBe(429);
      expect((await loginAs(h.app, SIGNUP.email, SIGNUP.password1, attacker)).statusCode).toBe(429);
      advance(wait);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);

    // The owner at home is not held up by the attacker at the event.
    expect((await loginAs(h.app, SIGNUP.email, SIGNUP.password1, '198.51.100.20')).statusCode).toBe(200);

    advance(16);
    expect((await loginAs(h.app, SIGNUP.email, SIGNUP.password1, attacker)).statusCode).toBe(200);
    // A success starts the pair again from zero.
    expect((await loginAs(h.app, SIGNUP.email, 'wrong', attacker)).statusCode).toBe(400);
  });

  it('checks a password hash for an unknown e-mail as for a known one, so timing tells nothing', async () => {
    const before = plainHasher.verified;
    const unknown = await loginAs(h.app, 'nobody-here@example.com', SIGNUP.password1, '203.0.113.50');
    expect(unknown.statusCode).toBe(400);
    expect(plainHasher.verified - before).toBe(1);
    const known = await loginAs(h.app, SIGNUP.email, 'Wrong-password-1', '203.0.113.50');
    expect(known.statusCode).toBe(400);
    expect(plainHasher.verified - before).toBe(2);
    expect(unknown.json()).toEqual(known.json());
  });

  it('lets only the free attempts through when twenty guesses arrive at once', async () => {
    const before = plainHasher.verified;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => loginAs(h.app, SIGNUP.email, 'wrong', '203.0.113.99')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(BACKOFFS.loginPerAccountAndIp.free - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - (BACKOFFS.loginPerAccountAndIp.free - 1));
    expect(plainHasher.verified - before).toBe(BACKOFFS.loginPerAccountAndIp.free);
  });

  it('lets hundreds of participants behind one event Wi-Fi address sign up, log in and ask for resets', async () => {
    const wifi = '192.0.2.50';
    const person = async (i: number) => {
      const email = `guest${i}@example.com`;
      const signup = await h.app.inject({
        method: 'POST',
        url: '/api/v2/users/create/',
        remoteAddress: wifi,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...SIGNUP, email }),
      });
      const login = await loginAs(h.app, email, SIGNUP.password1, wifi);
      const reset = await h.app.inject({
        method: 'POST',
        url: '/api/api/v1/password/reset/',
        remoteAddress: wifi,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email }),
      });
      return [signup.statusCode, login.statusCode, reset.statusCode];
    };
    // 200 people in an hour, twenty at a time: twenty times the old sign-up limit of 10 per address.
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => person(batch * 20 + i)));
      expect(answers, `batch ${batch}`).toEqual(answers.map(() => [201, 200, 200]));
    }
  });

  it('still stops a flood of sign-ins from one address', async () => {
    const flood = '10.9.9.9';
    // The address has already made all but one of its sign-ins of the hour (set directly: a
    // thousand real requests would only make this test slow).
    await h.database.executeSql(
      'insert into rate_limits (key, count, window_started_at) values ($1, $2, $3)',
      [`login:ip:${flood}`, LIMITS.loginPerIp.max - 1, h.clock.now.toISOString()],
    );
    expect((await loginAs(h.app, 'nobody1@example.com', 'x', flood)).statusCode).toBe(400);
    const refused = await loginAs(h.app, 'nobody2@example.com', 'x', flood);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(refused.json().message).toBe('Too many attempts. Please wait 60 minutes and try again.');
  });

  it('forgets an address two days after its last attempt, and not before', async () => {
    const guesser = '198.51.100.23';
    for (let attempt = 1; attempt <= 6; attempt++) await loginAs(h.app, SIGNUP.email, 'wrong', guesser);
    expect((await loginAs(h.app, SIGNUP.email, 'wrong', guesser)).statusCode).toBe(429);
    const keysOf = async () =>
      (
        await h.database.executeSql('select key from rate_limits where key like $1', [`%${guesser}%`])
      ).rows.map((r) => (r as { key: string }).key);
    const kept = await keysOf();
    advance(RATE_LIMIT_RETENTION_SECONDS - 60);
    await h.services.limiter.purgeIdle();
    expect(await keysOf()).toEqual(kept);
    advance(120);
    await h.services.limiter.purgeIdle();
    expect(await keysOf()).toEqual([]);
  });

  describe('the client address behind a reverse proxy', () => {
    const proxy = '10.0.0.2';
    const guessFrom = (app: FastifyInstance, account: string, forwardedFor: string, ip = proxy) =>
      loginAs(app, account, 'wrong', ip, { 'x-forwarded-for': forwardedFor });
    const appTrusting = (trustProxy: number | string[]) =>
      buildApp({
        database: h.database,
        services: h.services,
        mailer: collectingMailer(),
        storage: localStorage(tmpdir()),
        mediaSecret: 'test-media-secret-0123456789abcdef',
        publicUrl: 'http://localhost:8080',
        webDist: null,
        logLevel: 'silent',
        trustProxy,
      });

    it('ignores X-Forwarded-For by default: every forwarded address shares the connecting one', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++)
        statuses.push((await guessFrom(h.app, 'xff1@example.com', `1.1.1.${i}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
    });

    it('keys on the forwarded client address when TRUST_PROXY names the proxy or counts the hops', async () => {
      for (const trust of [[proxy], 1]) {
        const app = await appTrusting(trust);
        try {
          const account = `xff-${String(trust)}@example.com`;
          const statuses: number[] = [];
          for (let i = 1; i <= 6; i++)
            statuses.push((await guessFrom(app, account, `2.2.2.${i}`)).statusCode);
          expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
        } finally {
          await app.close();
        }
      }
    });

    it('does not believe X-Forwarded-For from an address that is not a trusted proxy', async () => {
      const app = await appTrusting([proxy]);
      try {
        const statuses: number[] = [];
        for (let i = 1; i <= 5; i++) {
          statuses.push((await guessFrom(app, 'xff3@example.com', `3.3.3.${i}`, '10.0.0.66')).statusCode);
        }
        expect(statuses).toEqual([400, 400, 400, 400, 429]);
      } finally {
        await app.close();
      }
    });
  });
});
