import { accountEndpoints } from '@fotodrop/contract/api/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedRequest, startTestServer } from '../../test/http-server';
import { initTestI18n, makeUser, resetApp } from '../../test/setup';
import { useAppStore } from '../store/app-store';
import { apiRequest, callEndpoint } from './client';
import { ApiError, BadRequestError, ForbiddenError, NotFoundError } from './errors';
import { sessionEvents } from './session-events';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let answer: (req: RecordedRequest) => { status: number; body?: unknown } | undefined;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => answer(req));
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  answer = () => ({ status: 200, body: { ok: true } });
});
afterEach(() => {
  vi.useRealTimers();
  sessionEvents.onSessionEnd = () => {};
});

const calls = (path: string) => server.requests.filter((r) => r.path.startsWith(`/api${path}`));

describe('request headers', () => {
  it('sends Authorization, X-Event-Owner, Accept-Language and X-Requested-With', async () => {
    useAppStore.getState().setAuth('abc123', 'Token');
    useAppStore.getState().setEventOwnerId(512);
    await apiRequest({ method: 'GET', path: '/v2/users/me/' });
    const { headers } = server.requests[0]!;
    expect(headers.authorization).toBe('Token abc123');
    expect(headers['x-event-owner']).toBe('512');
    expect(headers['accept-language']).toBe('en');
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('uses the Bearer type, the default event owner 34, and no Authorization without a token', async () => {
    useAppStore.getState().setAuth('oidc', 'Bearer');
    await apiRequest({ method: 'GET', path: '/a/' });
    useAppStore.getState().logout();
    await apiRequest({ method: 'GET', path: '/b/' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer oidc');
    expect(server.requests[0]!.headers['x-event-owner']).toBe('34');
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
  });

  it('calls contract endpoints with the path filled and the body as JSON', async () => {
    answer = () => ({ status: 200, body: makeUser() });
    const user = await callEndpoint(accountEndpoints.me, { query: { include_perms: 'true' } });
    expect(user.email).toBe('ada@example.com');
    expect(server.requests[0]!.path).toBe('/api/v2/users/me/?include_perms=true');
    await callEndpoint(accountEndpoints.login, { body: { username: 'a@b.co', password: 'x' } });
    expect(server.requests[1]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ username: 'a@b.co', password: 'x' });
  });
});

/**
 * Fake timers also drive Node's own fetch internals (undici ticks every 499 ms), so the client's
 * waits are told apart by their callback: the client sleeps with a promise's native resolve.
 */
function retryWaits(spy: { mock: { calls: unknown[][] } }): number[] {
  return spy.mock.calls
    .filter(
      ([callback]) =>
        typeof callback === 'function' && /\[native code\]/.test(Function.prototype.toString.call(callback)),
    )
    .map(([, ms]) => ms as number)
    .filter((ms) => ms > 0);
}

/** Lets real I/O run (setImmediate is not faked) until `check` holds; vi.waitFor would move the fake clock. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 5000; i++) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition not reached');
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function fakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return vi.spyOn(globalThis, 'setTimeout');
}

describe('retries', () => {
  it('retries a GET on 503 four times, after 1, 2, 4 and 8 seconds, then fails', async () => {
    const spy = fakeTimers();
    answer = (req) =>
      req.path.startsWith('/api/flaky')
        ? { status: 503, body: { code: 'server_error', message: 'down' } }
        : undefined;
    const result = apiRequest({ method: 'GET', path: '/flaky/' }).catch((e: unknown) => e);
    const delays = [1000, 2000, 4000, 8000];
    for (const [retry, delay] of delays.entries()) {
      await until(() => same(retryWaits(spy), delays.slice(0, retry + 1)));
      expect(calls('/flaky')).toHaveLength(retry + 1);
      await vi.advanceTimersByTimeAsync(delay - 1);
      for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(calls('/flaky')).toHaveLength(retry + 1);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => calls('/flaky').length === retry + 2);
    }
    const error = await result;
    expect(calls('/flaky')).toHaveLength(5);
    expect(retryWaits(spy)).toEqual(delays);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });

  it('retries a 429 on an idempotent method, and succeeds when the server recovers', async () => {
    const spy = fakeTimers();
    let n = 0;
    answer = (req) => {
      if (!req.path.startsWith('/api/busy')) return undefined;
      return ++n < 3
        ? { status: 429, body: { code: 'too_many_attempts', message: 'slow' } }
        : { status: 200, body: { ok: 1 } };
    };
    const result = apiRequest<{ ok: number }>({ method: 'GET', path: '/busy/' });
    await until(() => same(retryWaits(spy), [1000]));
    await vi.advanceTimersByTimeAsync(1000);
    await until(() => same(retryWaits(spy), [1000, 2000]));
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(calls('/busy')).toHaveLength(3);
  });

  it('answers a 429 at once when its Retry-After is longer than the next retry would wait', async () => {
    const spy = fakeTimers();
    answer = (req) =>
      req.path.startsWith('/api/locked')
        ? {
            status: 429,
            headers: { 'Retry-After': '3600' },
            body: { code: 'too_many_attempts', message: 'wait', data: { retry_after_seconds: 3600 } },
          }
        : undefined;
    await expect(apiRequest({ method: 'GET', path: '/locked/' })).rejects.toMatchObject({ status: 429 });
    expect(calls('/locked')).toHaveLength(1);
    expect(retryWaits(spy)).toEqual([]);
  });

  it('does not retry a POST on 503', async () => {
    const spy = fakeTimers();
    answer = (req) =>
      req.path.startsWith('/api/pay')
        ? { status: 503, body: { code: 'server_error', message: 'down' } }
        : undefined;
    await expect(apiRequest({ method: 'POST', path: '/pay/', body: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls('/pay')).toHaveLength(1);
    expect(retryWaits(spy)).toEqual([]);
  });

  it('retries network failures for any method, then reports status 0', async () => {
    const spy = fakeTimers();
    const closed = await startTestServer(() => undefined);
    await closed.close();
    resetApp(`${closed.url}/api`);
    const result = apiRequest({ method: 'POST', path: '/x/', body: {} }).catch((e: unknown) => e);
    const delays = [1000, 2000, 4000, 8000];
    for (const [retry, delay] of delays.entries()) {
      await until(() => same(retryWaits(spy), delays.slice(0, retry + 1)));
      await vi.advanceTimersByTimeAsync(delay);
    }
    const error = (await result) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
  });
});

describe('errors', () => {
  it('wraps 404, 403 and 400 with url, status, code, message and field errors', async () => {
    answer = (req) => {
      if (req.path.startsWith('/api/missing'))
        return { status: 404, body: { code: 'not_found', message: 'Not found.' } };
      if (req.path.startsWith('/api/secret'))
        return { status: 403, body: { code: 'permission_denied', message: 'No.' } };
      return {
        status: 400,
        body: {
          code: 'validation_error',
          message: 'Some fields are not valid.',
          data: {
            fields: {
              email: ['email.invalid'],
              password1: ['password.rule.number', 'password.rule.capital'],
            },
          },
        },
      };
    };
    const notFound = await apiRequest({ method: 'GET', path: '/missing/' }).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound).toMatchObject({ status: 404, code: 'not_found', serverMessage: 'Not found.' });
    expect((notFound as ApiError).url).toBe(`${server.url}/api/missing/`);

    const forbidden = await apiRequest({ method: 'GET', path: '/secret/' }).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(ForbiddenError);

    const bad = await apiRequest({ method: 'POST', path: '/signup/', body: {} }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as ApiError).code).toBe('validation_error');
    expect((bad as ApiError).fieldErrors).toEqual({
      email: ['email.invalid'],
      password1: ['password.rule.number', 'password.rule.capital'],
    });
  });

  it('passes other statuses on as a plain ApiError', async () => {
    answer = () => ({ status: 500, body: { code: 'server_error', message: 'Boom.' } });
    const error = await apiRequest({ method: 'POST', path: '/x/', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 500, code: 'server_error' });
  });
});

describe('401', () => {
  it('logs out (keeping the language), shows the session-expired modal and goes home', async () => {
    const store = useAppStore.getState();
    store.setAuth('stale', 'Token');
    store.setUser(makeUser());
    store.setEventOwnerId(77);
    store.setLanguage('de');
    store.setPicacodeRecovery('ABC123');
    const onSessionEnd = vi.fn();
    sessionEvents.onSessionEnd = onSessionEnd;
    answer = () => ({ status: 401, body: { code: 'token_expired', message: 'Expired.' } });

    await expect(apiRequest({ method: 'GET', path: '/v2/users/me/' })).rejects.toMatchObject({ status: 401 });

    const after = useAppStore.getState();
    expect(after.token).toBeNull();
    expect(after.user).toBeNull();
    expect(after.eventOwnerId).toBeNull();
    expect(after.picacodeRecovery).toBeNull();
    expect(after.language).toBe('de');
    expect(after.modals.sessionExpired).toBe(true);
    expect(onSessionEnd).toHaveBeenCalledOnce();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user_language')).toBe('de');
    expect(sessionStorage.getItem('recovery_picacode')).toBeNull();
  });

  it('does not show the modal when no token was stored', async () => {
    answer = () => ({ status: 401, body: { code: 'not_authenticated', message: 'Log in.' } });
    await expect(apiRequest({ method: 'GET', path: '/x/' })).rejects.toBeInstanceOf(ApiError);
    expect(useAppStore.getState().modals.sessionExpired).toBeUndefined();
  });
});
