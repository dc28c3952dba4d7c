import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { brandedConfig } from '../../../test/branded-config';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, makeUser, resetApp } from '../../../test/setup';

let server: Awaited<ReturnType<typeof startTestServer>>;
const consented = makeUser({ marketing_consent: true, marketing_consent_updated_at: '2026-03-02T10:00:00Z' });

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer((req) =>
    req.path.startsWith('/api/v2/users/me/') ? { status: 200, body: consented } : undefined,
  );
});
afterAll(() => server.close());
beforeEach(() => {
  resetApp(`${server.url}/api`);
  useAppStore.getState().setAuth('k1');
});
afterEach(cleanup);

async function openPrivacy() {
  renderApp('/profile/privacy');
  await screen.findByRole('heading', { level: 2, name: 'News and offers' }, { timeout: 5000 });
}

describe('marketing consent on /profile/privacy', () => {
  it('on the main site: our wording and the date of the last change', async () => {
    await openPrivacy();
    expect(screen.getByLabelText(/Send me news and offers by e-mail/)).toBeTruthy();
    expect(screen.getByText('Last updated on March 2, 2026')).toBeTruthy();
  });

  it("on a branded site: the site's wording, and no date when it hides it", async () => {
    useAppStore.setState({ appConfig: brandedConfig() });
    await openPrivacy();
    expect(screen.getByLabelText(/News about upcoming Alpine Run races/)).toBeTruthy();
    expect(screen.queryByText(/Last updated on/)).toBeNull();
  });
});
