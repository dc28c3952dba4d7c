import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../shared/i18n/i18n';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { here, renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) =>
    req.path.startsWith('/api/v2/users/me/')
      ? { status: 200, body: makeUser({ accepted_required_policies: false }) }
      : undefined,
  );
});
afterAll(() => server.close());
beforeEach(() => resetApp(`${server.url}/api`));
afterEach(async () => {
  cleanup();
  await switchLanguage('en');
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('the terms of service and the privacy policy', () => {
  it('are linked from sign-up, open without a login and show their version and date', async () => {
    renderApp('/signup');
    await heading('Create your account');
    const label = screen.getByText(/I accept the/).closest('label') as HTMLElement;
    const terms = within(label).getByRole('link', { name: /terms of service/ });
    const privacy = within(label).getByRole('link', { name: /privacy policy/ });
    expect(terms.getAttribute('href')).toBe('/terms-of-service');
    expect(privacy.getAttribute('href')).toBe('/privacy-policy');
    cleanup();

    const router = renderApp(terms.getAttribute('href')!);
    await heading('Terms of service');
    expect(here(router)).toBe('/terms-of-service');
    expect(screen.getByText('Version 1 · in force since November 23, 2026')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '4. Prices and purchases' })).toBeTruthy();
    cleanup();

    renderApp(privacy.getAttribute('href')!);
    await heading('Privacy policy');
    expect(
      await screen.findByRole('heading', { level: 2, name: '3. Face search (biometric data)' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'privacy@fotodrop.example' })[0]!.getAttribute('href')).toBe(
      'mailto:privacy@fotodrop.example',
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Page not found' })).toBeNull();
  });

  it('are linked from the acceptance screen', async () => {
    useAppStore.getState().setAuth('k1');
    const router = renderApp('/terms?next=%2Fcheckins');
    await heading('Before you continue');
    fireEvent.click(screen.getByRole('link', { name: 'privacy policy' }));
    await heading('Privacy policy');
    expect(here(router)).toBe('/privacy-policy');
  });

  it('are in the reader’s language, and in English with a note where the spec falls back', async () => {
    await switchLanguage('de');
    renderApp('/privacy-policy');
    await heading('Datenschutzerklärung');
    expect(screen.getByText('Version 1 · gültig seit 23. November 2026')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 2, name: '3. Gesichtssuche (biometrische Daten)' }),
    ).toBeTruthy();
    cleanup();

    await switchLanguage('pl');
    renderApp('/terms-of-service');
    await heading('Regulamin');
    expect(screen.getByText('Ten dokument jest dostępny w języku angielskim.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '2. Your account' })).toBeTruthy();
  });
});
