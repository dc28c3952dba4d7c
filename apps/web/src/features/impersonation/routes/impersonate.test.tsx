import type { ImpersonationUser } from '@fotodrop/contract/api/impersonation';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import type { RecordedRequest } from '../../../test/http-server';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let perms: string[];
/** The impersonated session has passed its hour. */
let expired = false;

const dana: ImpersonationUser = {
  id: 21,
  email: 'dana@example.com',
  first_name: 'Dana',
  last_name: 'Demo',
  date_joined: '2026-01-02T10:00:00Z',
  last_login: null,
  is_active: true,
};
const page = (results: ImpersonationUser[], total = results.length) => ({
  results,
  pagination: { total, num_pages: Math.max(1, Math.ceil(total / 20)), page_size: 20, page_number: 1 },
});

/** Staff's own token is key-staff; the impersonated session's key-dana. */
function api(req: RecordedRequest) {
  const auth = req.headers.authorization;
  if (req.path.startsWith('/api/v2/users/me/')) {
    return auth === 'Token key-dana'
      ? { status: 200, body: makeUser({ id: 21, email: 'dana@example.com', perms: [] }) }
      : { status: 200, body: makeUser({ email: 'staff@example.com', perms }) };
  }
  if (req.method === 'GET' && req.path.startsWith('/api/impersonate/user/?')) {
    const search = new URL(req.path, 'http://x').searchParams.get('search');
    return { status: 200, body: page(search === 'nobody' ? [] : [dana], search === 'nobody' ? 0 : 45) };
  }
  if (req.method === 'POST' && req.path === '/api/impersonate/user/impersonate/') {
    return { status: 200, body: { token: 'key-dana', token_type: 'Token' } };
  }
  if (req.method === 'POST' && req.path === '/api/api/v1/logout/')
    return { status: 200, body: { detail: 'ok' } };
  if (expired && auth === 'Token key-dana') {
    return {
      status: 401,
      body: { code: 'token_expired', message: 'Session expired - please log in again.' },
    };
  }
  if (req.path.startsWith('/api/v3/checkins/'))
    return { status: 200, body: { results: [], pagination: page([]).pagination } };
  return undefined;
}

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => api(req), { cors: true });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  perms = ['users.impersonate'];
  expired = false;
  useAppStore.getState().setAuth('key-staff', 'Token');
});
afterEach(cleanup);

describe('/impersonate', { timeout: 20_000 }, () => {
  it('tells a user without the permission that they may not', async () => {
    perms = [];
    renderApp('/impersonate');
    expect(
      await screen.findByText(/may not view the app as another user/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(server.requests.some((r) => r.path.startsWith('/api/impersonate/'))).toBe(false);
  });

  it('searches and sorts through the server, and pages', async () => {
    renderApp('/impersonate');
    expect(await screen.findByRole('cell', { name: 'dana@example.com' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3 · users found: 45')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'email' } });
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.path.includes('ordering=email&') || r.path.endsWith('ordering=email')),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.requests.some((r) => /[?&]page=2(&|$)/.test(r.path))).toBe(true));
    fireEvent.change(screen.getByLabelText('Search by e-mail or name'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No user matches your search.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('switches into the user’s session with a banner, and returning ends it on the server and restores staff', async () => {
    const router = renderApp('/impersonate');
    const row = (await screen.findByRole('cell', { name: 'dana@example.com' }, { timeout: 5000 })).closest(
      'tr, li',
    )!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: /Impersonate/ }));
    const banner = await screen.findByRole('region', { name: 'Viewing as another user' }, { timeout: 5000 });
    expect(await within(banner).findByText('You are viewing as dana@example.com')).toBeTruthy();
    expect(useAppStore.getState().token).toBe('key-dana');
    expect(useAppStore.getState().impersonator).toEqual({ token: 'key-staff', tokenType: 'Token' });
    // home, which sends a signed-in user on to the album list
    await waitFor(() => expect(here(router)).toBe('/checkins'), { timeout: 5000 });

    fireEvent.click(within(banner).getByRole('button', { name: 'Return to my account' }));
    await waitFor(() => expect(here(router)).toBe('/impersonate'), { timeout: 5000 });
    const logout = server.requests.find((r) => r.path === '/api/api/v1/logout/');
    expect(logout?.headers.authorization).toBe('Token key-dana');
    expect(useAppStore.getState().token).toBe('key-staff');
    expect(useAppStore.getState().impersonator).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Viewing as another user' })).toBeNull());
    expect(await screen.findByRole('cell', { name: 'dana@example.com' }, { timeout: 5000 })).toBeTruthy();
  });

  it('an impersonated session that expires returns to the staff session, without a "session expired" dialog', async () => {
    const router = renderApp('/impersonate');
    const row = (await screen.findByRole('cell', { name: 'dana@example.com' }, { timeout: 5000 })).closest(
      'tr',
    )!;
    fireEvent.click(within(row).getByRole('button', { name: /Impersonate/ }));
    await waitFor(() => expect(here(router)).toBe('/checkins'), { timeout: 5000 });
    expired = true;
    await router.navigate('/profile/resume');
    await waitFor(() => expect(useAppStore.getState().token).toBe('key-staff'), { timeout: 5000 });
    expect(useAppStore.getState().impersonator).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Viewing as another user' })).toBeNull());
    expect(useAppStore.getState().modals.sessionExpired).not.toBe(true);
  });
});
