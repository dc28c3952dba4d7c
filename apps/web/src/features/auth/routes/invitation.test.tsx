import { organisationEndpoints } from '@fotodrop/contract/api/organisations';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';
import { makeMyOrganisation } from '../../organiser/test/fixtures';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Answer = { status: number; body?: unknown };
let server: Server;
let lookup: (body: Record<string, unknown>) => Answer;
let accept: (body: Record<string, unknown>) => Answer;

const ACCEPT_PATH = `/api${organisationEndpoints.acceptInvitation.path}`;
const LOOKUP_PATH = `/api${organisationEndpoints.lookupInvitation.path}`;
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
    role: 'owner',
  },
};
const invitation = (overrides: Record<string, unknown> = {}) => ({
  organisation: { name: 'Lakeside Runs' },
  role: 'owner',
  email: 'rosa@lakeside.test',
  invited_by: 'Olga Organiser',
  expires_at: '2026-11-08T10:00:00.000Z',
  account_exists: false,
  ...overrides,
});
const refusal = (status: number, code: string): Answer => ({ status, body: { code, message: code } });

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req: RecordedRequest) => {
    if (req.method === 'POST' && req.path === LOOKUP_PATH) return lookup(JSON.parse(req.body));
    if (req.method === 'POST' && req.path === ACCEPT_PATH) return accept(JSON.parse(req.body));
    if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
    if (req.path === '/api/organiser/v1/events/') return { status: 200, body: { results: [] } };
    if (req.path === '/api/organiser/v1/organisations/') {
      return { status: 200, body: { results: [makeMyOrganisation({ role: 'owner' })] } };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  lookup = () => ({ status: 200, body: invitation() });
  accept = () => ({ status: 200, body: joined });
});
afterEach(cleanup);

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const bodiesOf = (path: string) =>
  server.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
const WHO = 'Olga Organiser invited you to join Lakeside Runs as owner.';

async function open(token = 'tok-1') {
  const router = renderApp(`/organiser/invitation?token=${token}`);
  await screen.findByRole('heading', { level: 1, name: 'Join an organisation' }, { timeout: 15_000 });
  return router;
}
async function joinedMessage() {
  return screen.findByText('You joined Lakeside Runs as owner.', {}, { timeout: 15_000 });
}

describe('invitation page, a new account', () => {
  it('says who invited whom to what, asks the consents and lands in the console with a welcome', async () => {
    const router = await open();
    expect(await screen.findByText(WHO, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('The invitation is for rosa@lakeside.test.')).toBeTruthy();
    expect(bodiesOf(LOOKUP_PATH)).toEqual([{ token: 'tok-1' }]);
    type(/^First name/, 'Rosa');
    type(/^Last name/, 'Rivers');
    type(/^Choose a password/, 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    // both consents are required before anything is sent
    expect(await screen.findByText('Please confirm that you are 18 or older.')).toBeTruthy();
    expect(screen.getByText('Please accept the terms of service and the privacy policy.')).toBeTruthy();
    expect(bodiesOf(ACCEPT_PATH)).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox', { name: /I declare I am 18 or older/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms of service/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await joinedMessage()).toBeTruthy();
    expect(here(router)).toBe('/organiser');
    expect(localStorage.getItem('auth_token')).toBe('session-1');
    expect(bodiesOf(ACCEPT_PATH)).toEqual([
      {
        token: 'tok-1',
        password: 'Secret-123',
        first_name: 'Rosa',
        last_name: 'Rivers',
        is_adult: true,
        accept_terms: true,
      },
    ]);
  });

  it('says only the organisation and role when no inviter is named', async () => {
    lookup = () => ({ status: 200, body: invitation({ invited_by: null, role: 'photographer' }) });
    await open();
    expect(
      await screen.findByText(
        'You are invited to join Lakeside Runs as photographer.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  });

  it('shows a consent the server still refuses on its checkbox', async () => {
    accept = () => ({
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Consents.',
        data: { fields: { accept_terms: ['signup.terms_required'] } },
      },
    });
    await open();
    await screen.findByText(WHO, {}, { timeout: 15_000 });
    type(/^Choose a password/, 'Secret-123');
    fireEvent.click(screen.getByRole('checkbox', { name: /I declare I am 18 or older/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms of service/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    const box = screen.getByRole('checkbox', { name: /I accept the terms of service/ });
    expect(
      await screen.findByText(
        'Please accept the terms of service and the privacy policy.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(useAppStore.getState().token).toBeNull();
  });
});

describe('invitation page, an existing account', () => {
  it("asks that account's password instead of a new account, and shows a wrong one", async () => {
    lookup = () => ({ status: 200, body: invitation({ account_exists: true }) });
    accept = (body) =>
      body.password === 'Right-123'
        ? { status: 200, body: joined }
        : {
            status: 400,
            body: {
              code: 'wrong_password',
              message: 'Wrong.',
              data: { fields: { password: ['password.wrong'] } },
            },
          };
    const router = await open();
    expect(
      await screen.findByText(
        'You already have an account with this e-mail: enter its password to join.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    type(/^Password/, 'not-it');
    fireEvent.click(screen.getByRole('button', { name: 'Join the organisation' }));
    expect(await screen.findByText('This password is not correct.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(useAppStore.getState().token).toBeNull();
    type(/^Password/, 'Right-123');
    fireEvent.click(screen.getByRole('button', { name: 'Join the organisation' }));
    expect(await joinedMessage()).toBeTruthy();
    expect(here(router)).toBe('/organiser');
    expect(bodiesOf(ACCEPT_PATH)).toEqual([
      { token: 'tok-1', password: 'not-it' },
      { token: 'tok-1', password: 'Right-123' },
    ]);
  });

  it('joins with one button that sends only the token when signed in as the invited account', async () => {
    lookup = () => ({ status: 200, body: invitation({ account_exists: true, email: 'ada@example.com' }) });
    useAppStore.getState().setAuth('k1');
    await open('tok-2');
    expect(
      await screen.findByText(
        'You are signed in with this account: join with one click.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join the organisation' }));
    expect(await joinedMessage()).toBeTruthy();
    expect(bodiesOf(ACCEPT_PATH)).toEqual([{ token: 'tok-2' }]);
    expect(useAppStore.getState().token).toBe('session-1');
  });

  it("says a session of another account is switched, and asks the invited account's password", async () => {
    lookup = () => ({ status: 200, body: invitation({ account_exists: true }) });
    useAppStore.getState().setAuth('k1');
    await open('tok-3');
    expect(
      await screen.findByText(
        'You are signed in as ada@example.com: joining signs you in as rosa@lakeside.test.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    type(/^Password/, 'Right-123');
    fireEvent.click(screen.getByRole('button', { name: 'Join the organisation' }));
    expect(await joinedMessage()).toBeTruthy();
    expect(bodiesOf(ACCEPT_PATH)).toEqual([{ token: 'tok-3', password: 'Right-123' }]);
  });
});

describe('invitation page, a link that does not work', () => {
  it('says an expired link has expired, without the form', async () => {
    lookup = () => refusal(410, 'invitation_expired');
    await open();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(
      within(alert).getByText("This invitation has expired. Ask the organisation's owner for a new one."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });

  it('says a used link was accepted and offers the console', async () => {
    lookup = () => refusal(410, 'invitation_used');
    await open();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(
      within(alert).getByText('This invitation has already been accepted. Sign in to open the organisation.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the organiser console' }).getAttribute('href')).toBe(
      '/organiser',
    );
  });

  it('says an unknown link is not valid', async () => {
    lookup = () => refusal(404, 'invitation_not_found');
    await open();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('This invitation link is not valid.')).toBeTruthy();
    expect(bodiesOf(ACCEPT_PATH)).toEqual([]);
  });

  it('says so when the link expired between opening the page and accepting', async () => {
    accept = () => ({
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Expired.',
        data: { fields: { token: ['invitation.expired'] } },
      },
    });
    await open();
    await screen.findByText(WHO, {}, { timeout: 15_000 });
    type(/^Choose a password/, 'Secret-123');
    fireEvent.click(screen.getByRole('checkbox', { name: /I declare I am 18 or older/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms of service/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(
      within(alert).getByText("This invitation has expired. Ask the organisation's owner for a new one."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });
});
