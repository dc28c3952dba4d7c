import { ErrorCode } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { seedDemo } from '../src/seed/demo';
import { DEMO_CODES } from '../src/seed/demo-events';
import { CODE_GUESS_LIMITS } from '../src/services/albums/code-guess-limits';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

const RIGHT = DEMO_CODES.marathonRunner;
const { wrongCodesPerAddress: perAddress, wrongCodesPerAccount: perAccount } = CODE_GUESS_LIMITS;

/** A wrong code per attempt, all well-formed, none of them a demo code. */
const wrong = (n: number) => `ZZ${String(n).padStart(8, '0')}`;

describe.each(BACKENDS)('album code guessing on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
  });
  afterAll(() => h?.close());

  const preview = (address: string, code: string, token?: string) =>
    h.app.inject({
      method: 'GET',
      url: `/api/v2/photos-preview/?picacode=${code}`,
      remoteAddress: address,
      headers: token ? { authorization: `Token ${token}` } : {},
    });
  const checkIn = (address: string, code: string, token: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v2/checkins/',
      remoteAddress: address,
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ picacode: code }),
    });
  /** `count` wrong codes on the anonymous preview from one address, a few at a time. */
  async function guessWrong(address: string, from: number, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 25) {
      const batch = Array.from({ length: Math.min(25, count - i) }, (_, j) =>
        preview(address, wrong(from + i + j)),
      );
      statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
    }
    return statuses;
  }
  const signUp = async (email: string) =>
    (await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email })).body.token as string;

  it('lets a crowd behind one address mistype, then stops the address — even for a right code — and says when to retry', async () => {
    const wifi = '198.51.100.7';
    // Three hundred participants behind the event Wi-Fi, three mistypes each: all answered normally.
    const crowd = await guessWrong(wifi, 0, 900);
    expect(crowd.every((s) => s === 400)).toBe(true);
    expect((await preview(wifi, RIGHT)).statusCode).toBe(200);

    // Right codes cost nothing; wrong ones up to the budget, after which the address waits.
    const rest = await guessWrong(wifi, 900, perAddress.max - 900);
    expect(rest.filter((s) => s === 429)).toHaveLength(1);
    const blocked = await preview(wifi, RIGHT);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(perAddress.windowSeconds);
    expect(blocked.json()).toMatchObject({
      code: ErrorCode.rateLimited,
      message: expect.stringMatching(/wait \d+ (second|minute)/i),
      data: { retry_after_seconds: retryAfter },
    });

    // Checking in by code from that address is stopped too, though the code is right.
    const token = await signUp('wifi-guest@example.com');
    expect((await checkIn(wifi, RIGHT, token)).statusCode).toBe(429);

    // Another address is not affected, and the blocked one opens again once the window has passed.
    expect((await preview('198.51.100.8', RIGHT)).statusCode).toBe(200);
    h.clock.now = new Date(h.clock.now.getTime() + (retryAfter + 1) * 1000);
    expect((await preview(wifi, RIGHT)).statusCode).toBe(200);
  });

  it('holds one account to a few wrong codes, whatever address it comes from', async () => {
    const token = await signUp('guesser@example.com');
    // Right codes first: they never use the budget up.
    for (let i = 0; i < perAccount.max + 5; i++) {
      expect((await preview(`203.0.113.${i}`, RIGHT, token)).statusCode).toBe(200);
    }
    const answers: number[] = [];
    for (let i = 0; i < perAccount.max; i++) {
      const address = `192.0.2.${i}`;
      answers.push(
        (await (i % 2 ? preview(address, wrong(i), token) : checkIn(address, wrong(i), token))).statusCode,
      );
    }
    expect(answers.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(answers.at(-1)).toBe(429);

    const blocked = await checkIn('192.0.2.200', RIGHT, token);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The album was not opened by the blocked attempt.
    const albums = await call(h.app, 'GET', '/api/v3/checkins/', undefined, { token });
    expect((albums.body.pagination as { total: number }).total).toBe(0);

    // Another participant at one of those addresses checks in as usual.
    const neighbour = await signUp('neighbour@example.com');
    expect((await checkIn('192.0.2.1', RIGHT, neighbour)).statusCode).toBe(201);
  });
});
