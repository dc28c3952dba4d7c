import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { leaveSite } from '../../../shared/utils/leave-site';
import { brandedConfig } from '../../../test/branded-config';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, resetApp } from '../../../test/setup';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
let answer: (req: RecordedRequest) => { status: number; body?: unknown } | undefined;

const PROVIDER = {
  id: 'google',
  name: 'Google',
  authorization_endpoint: 'https://accounts.example/authorize',
  client_id: 'fotodrop-web',
};

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) => answer(req));
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  server.requests.length = 0;
  answer = (req) =>
    req.path === '/api/api/v1/social-providers/'
      ? { status: 200, body: { providers: [PROVIDER] } }
      : undefined;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const brandSite = (overrides = {}) => useAppStore.setState({ appConfig: brandedConfig(overrides) });
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openLogin() {
  renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 });
}

describe('login', () => {
  it("shows the site's own subtitle, else the product's", async () => {
    await openLogin();
    expect(screen.getByText('Welcome back! Log in to see your albums.')).toBeTruthy();
    cleanup();
    brandSite();
    await openLogin();
    expect(screen.getByText('Find your race photos')).toBeTruthy();
    expect(screen.queryByText('Welcome back! Log in to see your albums.')).toBeNull();
  });

  it('offers no social login on a site that disables it (and does not even ask for providers)', async () => {
    brandSite();
    await openLogin();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/api/v1/social-providers/')).toBe(false);
  });

  it('asks "Are you over 18?" before leaving for the provider; "No" goes nowhere', async () => {
    const assign = vi.spyOn(leaveSite, 'assign').mockImplementation(() => {});
    await openLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const prompt = await screen.findByRole('dialog', { name: 'Are you over 18?' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'No, I am under 18' }));
    const refused = await screen.findByRole('dialog', { name: 'You cannot sign up yet' });
    expect(within(refused).getByText('You must be at least 18 to have an account on Fotodrop.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(within(refused).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const again = await screen.findByRole('dialog', { name: 'Are you over 18?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Yes, I am 18 or older' }));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign.mock.calls[0]?.[0]).toMatch(
      /^https:\/\/accounts\.example\/authorize\?client_id=fotodrop-web/,
    );
  });

  it("asks with the site's own minimum age and links its policy", async () => {
    brandSite({ disable_social_login: false });
    await openLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const prompt = await screen.findByRole('dialog', { name: 'Are you over 16?' });
    expect(
      within(prompt)
        .getByRole('link', { name: /Why we ask about your age/ })
        .getAttribute('href'),
    ).toBe('https://alpinerun.example/youth-policy');
  });
});

async function fillSignup() {
  renderApp('/signup');
  await screen.findByRole('heading', { level: 1, name: 'Create your account' }, { timeout: 5000 });
  type(/^E-mail/, 'rita@example.com');
  type(/^First name/, 'Rita');
  type(/^Password/, 'Secret-123');
  type(/^Repeat the password/, 'Secret-123');
  fireEvent.click(screen.getByLabelText(/I accept the terms of service/));
}

describe('signup on a branded site', () => {
  it("asks for the site's minimum age with its policy link", async () => {
    brandSite();
    await fillSignup();
    const age = screen.getByLabelText(/I declare I am 16 or older/);
    const field = age.closest('.field, .checkbox-field, div') as HTMLElement;
    expect(
      within(field.parentElement as HTMLElement).getByRole('link', { name: /Why we ask about your age/ }),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/18 or older/)).toBeNull();
  });

  it('shows its privacy checkboxes and refuses to send without the required one', async () => {
    brandSite();
    await fillSignup();
    fireEvent.click(screen.getByLabelText(/I declare I am 16 or older/));
    expect(screen.getByLabelText(/Send me the club newsletter/)).toBeTruthy();
    const rules = screen.getByLabelText(/I accept the club photo rules/);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(rules.getAttribute('aria-invalid')).toBe('true'));
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends the ticked checkboxes as privacy_consents', async () => {
    answer = (req) =>
      req.path === '/api/v2/users/create/'
        ? {
            status: 400,
            body: { code: 'email_taken', message: 'Taken.', data: { fields: { email: ['email.taken'] } } },
          }
        : undefined;
    brandSite();
    await fillSignup();
    fireEvent.click(screen.getByLabelText(/I declare I am 16 or older/));
    fireEvent.click(screen.getByLabelText(/I accept the club photo rules/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = JSON.parse(server.requests.find((r) => r.method === 'POST')!.body);
    expect(sent.privacy_consents).toEqual(['club.photo-rules']);
    expect(sent).not.toHaveProperty('extra_consents');
  });

  it('on the main site shows no checkboxes of an organisation and sends none', async () => {
    await fillSignup();
    expect(screen.queryByLabelText(/club/)).toBeNull();
    fireEvent.click(screen.getByLabelText(/I declare I am 18 or older/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST')!.body).privacy_consents).toEqual([]);
  });
});
