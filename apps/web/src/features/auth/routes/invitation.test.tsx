import { organisationEndpoints } from '@fotodrop/contract/api/organisations';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { makeMyOrganisation } from '../../organiser/test/fixtures';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let accept: (body: Record<string, unknown>) => { status: number; body?: unknown };

const ACCEPT_PATH = `/api${organisationEndpoints.acceptInvitation.path}`;
const joined = {
  token: 'session-1',
  token_type: 'Token',
  organisation: {
    id: 7,
    name: 'Lakeside Runs',
    app_name: 'lakeside',
    country: 'SI',
    currency: 'EUR',
    created_at: '2026-11-01T10:00:00.000Z',
    role: 'photographer',
  },
};

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req: RecordedRequest) => {
    if (req.method === 'POST' && req.path === ACCEPT_PATH) return accept(JSON.parse(req.body));
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.path === '/api/organiser/v1/events/') return { status: 200, body: { results: [] } };
    if (req.path === '/api/organiser/v1/organisations/') {
      return { status: 200, body: { results: [makeMyOrganisation({ role: 'photographer' })] } };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  accept = () => ({ status: 200, body: joined });
});
afterEach(cleanup);

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const accepts = () => server.requests.filter((r) => r.path === ACCEPT_PATH).map((r) => JSON.parse(r.body));

async function openLoggedOut(token = 'tok-1') {
  const router = renderApp(`/organiser/invitation?token=${token}`);
  await screen.findByRole('heading', { level: 1, name: 'Join an organisation' }, { timeout: 15_000 });
  return router;
}

describe('invitation page, logged out', () => {
  it('creates the account, stores the session and opens the organiser page with a welcome', async () => {
    const router = await openLoggedOut();
    expect(screen.getByText('Already have an account with this e-mail? Enter its password.')).toBeTruthy();
    type(/^First name/, 'Ada');
    type(/^Last name/, 'Lovelace');
    type(/^Choose a password/, 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(
      await screen.findByText('You joined Lakeside Runs as photographer.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/organiser');
    expect(localStorage.getItem('auth_token')).toBe('session-1');
    expect(accepts()).toEqual([
      { token: 'tok-1', password: 'Secret-123', first_name: 'Ada', last_name: 'Lovelace' },
    ]);
  });

  it("shows a wrong existing account's password on the password field and stays logged out", async () => {
    accept = () => ({
      status: 400,
      body: { code: 'wrong_password', message: 'Wrong.', data: { fields: { password: ['password.wrong'] } } },
    });
    await openLoggedOut();
    type(/^Choose a password/, 'not-it');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    const input = screen.getByLabelText(/^Choose a password/);
    expect(await screen.findByText('This password is not correct.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(useAppStore.getState().token).toBeNull();
  });

  it('says an expired link has expired, without the form', async () => {
    accept = () => ({
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Expired.',
        data: { fields: { token: ['invitation.expired'] } },
      },
    });
    await openLoggedOut();
    type(/^Choose a password/, 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(
      within(alert).getByText("This invitation has expired. Ask the organisation's owner for a new one."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });
});

describe('invitation page, logged in', () => {
  it('joins with one button that sends only the token', async () => {
    useAppStore.getState().setAuth('k1');
    const router = renderApp('/organiser/invitation?token=tok-2');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Join the organisation' }, { timeout: 15_000 }),
    );
    expect(
      await screen.findByText('You joined Lakeside Runs as photographer.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(here(router)).toBe('/organiser');
    expect(accepts()).toEqual([{ token: 'tok-2' }]);
    expect(useAppStore.getState().token).toBe('session-1');
  });

  it("asks for the invited account's password when the server needs it", async () => {
    useAppStore.getState().setAuth('k1');
    accept = (body) =>
      body.password === 'Secret-123'
        ? { status: 200, body: joined }
        : {
            status: 400,
            body: {
              code: 'wrong_password',
              message: 'Sign in as it.',
              data: { fields: { password: ['password.enter'] } },
            },
          };
    renderApp('/organiser/invitation?token=tok-3');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Join the organisation' }, { timeout: 15_000 }),
    );
    expect(await screen.findByText('Enter your password.', {}, { timeout: 15_000 })).toBeTruthy();
    type(/^Password/, 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Join the organisation' }));
    expect(
      await screen.findByText('You joined Lakeside Runs as photographer.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(accepts()).toEqual([{ token: 'tok-3' }, { token: 'tok-3', password: 'Secret-123' }]);
  });
});
