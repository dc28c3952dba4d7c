import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../test/http-server';
import { here, renderApp } from '../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../test/setup';
import { homeLoader, loggedOutOnlyLoader } from './guards/access-loaders';

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
  answer = () => undefined;
});
afterEach(cleanup);

function logIn(user = makeUser()) {
  useAppStore.getState().setAuth('key-1', 'Token');
  answer = (req) => (req.path.startsWith('/api/v2/users/me/') ? { status: 200, body: user } : undefined);
}

describe('access rules', () => {
  it('sends a logged-out user from /profile/resume to /login?next=…', async () => {
    const router = renderApp('/profile/resume');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 })).toBeTruthy();
    expect(here(router)).toBe('/login?next=%2Fprofile%2Fresume');
    expect(server.requests.filter((r) => r.path.includes('/users/me/'))).toHaveLength(0);
  });

  it('sends a logged-in user from /login to /, which sends them on to /checkins', async () => {
    useAppStore.getState().setAuth('key-1');
    let thrown: unknown;
    try {
      loggedOutOnlyLoader();
    } catch (response) {
      thrown = response;
    }
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/');

    logIn();
    const router = renderApp('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My albums' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/checkins');
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
  });

  it('sends a user who has not accepted the policies to /terms?next=…, and back after accepting', async () => {
    logIn(makeUser({ accepted_required_policies: false }));
    const router = renderApp('/profile/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Before you continue' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/terms?next=%2Fprofile%2Fprivacy');

    answer = (req) => {
      if (req.method === 'PATCH' && req.path === '/api/v2/users/me/') {
        expect(JSON.parse(req.body)).toEqual({ accept_required_policies: true });
        return { status: 200, body: makeUser({ accepted_required_policies: true }) };
      }
      return undefined;
    };
    screen.getByRole('button', { name: 'Accept and continue' }).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' }, { timeout: 5000 })).toBeTruthy();
    expect(here(router)).toBe('/profile/privacy');
  });

  it("keeps the console link after accepting the policies: the PATCH's answer has no organisations", async () => {
    logIn(makeUser({ accepted_required_policies: false, organisation_count: 1 }));
    renderApp('/profile/resume');
    await screen.findByRole('heading', { level: 1, name: 'Before you continue' }, { timeout: 5000 });
    answer = (req) =>
      req.method === 'PATCH' && req.path === '/api/v2/users/me/'
        ? { status: 200, body: makeUser({ accepted_required_policies: true, perms: undefined }) }
        : undefined;
    screen.getByRole('button', { name: 'Accept and continue' }).click();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(useAppStore.getState().user).toMatchObject({
      accepted_required_policies: true,
      organisation_count: 1,
    });
    expect(screen.getAllByRole('link', { name: 'Organiser' }).length).toBeGreaterThan(0);
  });

  it('asks the server on the first protected page of a page load: a stored user may have outdated policies', async () => {
    useAppStore.getState().setUser(makeUser({ accepted_required_policies: true }));
    logIn(makeUser({ accepted_required_policies: false }));
    const router = renderApp('/profile/resume');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Before you continue' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/terms?next=%2Fprofile%2Fresume');
  });

  it('fetches the current user once for protected routes and keeps it', async () => {
    logIn();
    renderApp('/profile/resume');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(useAppStore.getState().user?.email).toBe('ada@example.com');
    const me = server.requests.filter(
      (r) => r.method === 'GET' && r.path === '/api/v2/users/me/?include_perms=true',
    );
    expect(me.length).toBeGreaterThanOrEqual(1);
    expect(me[0]!.headers.authorization).toBe('Token key-1');
  });
});

describe('home', () => {
  it('shows the product to logged-out visitors and remembers a voucher', async () => {
    const router = renderApp('/?voucher=SPRING25');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your event photos, found in seconds' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(useAppStore.getState().voucher).toBe('SPRING25');
    expect(localStorage.getItem('voucher')).toBe('SPRING25');
    expect(here(router)).toBe('/?voucher=SPRING25');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('sends logged-in users to /checkins', () => {
    useAppStore.getState().setAuth('key-1');
    const request = new Request('http://localhost/');
    let thrown: unknown;
    try {
      homeLoader({ request, params: {}, context: undefined } as never);
    } catch (response) {
      thrown = response;
    }
    expect((thrown as Response).headers.get('Location')).toBe('/checkins');
  });
});

describe('session end', () => {
  it('on a 401 logs out, goes home and shows the session-expired dialog', async () => {
    useAppStore.getState().setAuth('expired-key');
    answer = () => ({ status: 401, body: { code: 'token_expired', message: 'Expired.' } });
    const router = renderApp('/checkins');
    expect(
      await screen.findByRole('dialog', { name: 'Session expired - please log in again' }, { timeout: 5000 }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(here(router)).toBe('/'));
    expect(useAppStore.getState().token).toBeNull();
  });
});

describe('not found', () => {
  it('shows the page-not-found screen for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
