import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../../shared/config/default-config';
import { useAppStore } from '../../../shared/store/app-store';
import { startTestServer } from '../../../test/http-server';
import { renderApp } from '../../../test/render-app';
import { initTestI18n, resetApp } from '../../../test/setup';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(() => undefined);
});
afterAll(() => server.close());
beforeEach(() => resetApp(`${server.url}/api`));
afterEach(cleanup);

const branded = (sample_code: string | null) =>
  useAppStore.setState({
    appConfig: {
      ...DEFAULT_APP_CONFIG,
      id: 901,
      app_name: 'alpinerun',
      name: 'Alpine Run Club',
      sample_code,
    },
  });

async function openHome(title: string) {
  renderApp('/');
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
}

describe('the sample album code on the home page', () => {
  it("shows the main site's example code on the main site", async () => {
    await openHome('Your event photos, found in seconds');
    expect(screen.getByText('K7M2Q9P')).toBeTruthy();
  });

  it("shows a branded site's own demo code, never the main site's", async () => {
    branded('TRAIL4821');
    await openHome('Your Alpine Run Club photos, found in seconds');
    expect(screen.getByText('TRAIL4821')).toBeTruthy();
    expect(screen.queryByText('K7M2Q9P')).toBeNull();
  });

  it('shows no code when the site names none', async () => {
    branded(null);
    await openHome('Your Alpine Run Club photos, found in seconds');
    expect(screen.queryByText('K7M2Q9P')).toBeNull();
    expect(screen.queryByText('Album code')).toBeNull();
  });
});
