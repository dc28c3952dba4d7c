import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type RecordedRequest, startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';

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

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login', () => {
  it('shows the invalid-credentials message and stays logged out', async () => {
    answer = () => ({ status: 400, body: { code: 'invalid_credentials', message: 'Wrong.' } });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 });
    type(/^E-mail/, 'ada@example.com');
    type(/^Password/, 'not-it');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('The e-mail or the password is not correct.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(useAppStore.getState().token).toBeNull();
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/api/v1/get-token-auth/');
    expect(JSON.parse(post!.body)).toEqual({ username: 'ada@example.com', password: 'not-it' });
  });

  it('validates with the contract schema before calling the server', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 });
    type(/^E-mail/, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('stores the token and goes to next', async () => {
    answer = (req) => {
      if (req.path === '/api/api/v1/get-token-auth/')
        return { status: 200, body: { token: 'k1', token_type: 'Token' } };
      if (req.path.startsWith('/api/v2/users/me/')) return { status: 200, body: makeUser() };
      return undefined;
    };
    const router = renderApp('/login?next=%2Fprofile%2Fresume');
    await screen.findByRole('heading', { level: 1, name: 'Log in' }, { timeout: 5000 });
    type(/^E-mail/, 'Ada@Example.com');
    type(/^Password/, 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(here(router)).toBe('/profile/resume');
    expect(localStorage.getItem('auth_token')).toBe('k1');
  });
});

describe('signup', () => {
  it('puts the server field errors, translated, next to their fields', async () => {
    answer = () => ({
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Some fields are not valid.',
        data: { fields: { email: ['email.invalid'], password1: ['password.rule.special'] } },
      },
    });
    renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' }, { timeout: 5000 });
    type(/^E-mail/, 'ada@example.com');
    type(/^First name/, 'Ada');
    type(/^Password/, 'Secret-123');
    type(/^Repeat the password/, 'Secret-123');
    fireEvent.click(screen.getByLabelText(/I declare I am 18 or older/));
    fireEvent.click(screen.getByLabelText(/I accept the/));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const email = await screen.findByLabelText(/^E-mail/);
    await within(email.closest('.field') as HTMLElement).findByText('Enter a valid e-mail address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const sent = JSON.parse(server.requests.find((r) => r.method === 'POST')!.body);
    expect(sent).toMatchObject({
      email: 'ada@example.com',
      is_adult: true,
      accept_terms: true,
      language: 'en',
    });
  });

  it('requires the age declaration and the terms, and shows the password rules live', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' }, { timeout: 5000 });
    type(/^Password/, 'abc');
    expect(screen.getByText('at least 8 characters').closest('li')?.className).toBe('rule-todo');
    type(/^Password/, 'Abcdefg1!');
    expect(screen.getByText('at least 8 characters').closest('li')?.className).toBe('rule-ok');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please confirm that you are 18 or older.')).toBeTruthy();
    expect(screen.getByText('Please accept the terms of service and the privacy policy.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('says how many characters a too-short password lacks, with the number filled in', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' }, { timeout: 5000 });
    type(/^Password/, 'Ab1!');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText(/^Password/);
    const error = await waitFor(() => {
      const node = password.closest('.field')?.querySelector('.field-error');
      if (!node) throw new Error('no field error yet');
      return node;
    });
    expect(error.textContent).toBe('at least 8 characters');
    expect(document.body.textContent).not.toContain('{{');
    expect(server.requests).toHaveLength(0);
  });
});

describe('language', () => {
  it('stores the choice, sets <html lang> and tells the server when logged in', async () => {
    useAppStore.getState().setAuth('k1');
    answer = (req) =>
      req.path.startsWith('/api/v2/users/me/') ? { status: 200, body: makeUser() } : undefined;
    renderApp('/profile/resume');
    await screen.findByText('ada@example.com', {}, { timeout: 5000 });
    const [footerSelect] = screen.getAllByLabelText('Language');
    fireEvent.change(footerSelect!, { target: { value: 'de' } });
    expect(await screen.findAllByDisplayValue('Deutsch')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem('user_language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch && JSON.parse(patch.body)).toEqual({ language: 'de' });
    expect(patch?.headers['accept-language']).toBe('de');
  });
});
