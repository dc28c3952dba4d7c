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
    // the example's badge is gone (the visitor's code field keeps its own "Album code" label)
    expect(document.querySelector('.hero-code')).toBeNull();
  });
});

describe('the eyebrow above the title (issue 17, item 9)', () => {
  it("shows the platform's wording on the main site", async () => {
    await openHome('Your event photos, found in seconds');
    expect(screen.getByText('Marathons · company events · holiday stays')).toBeTruthy();
  });

  it("shows a branded site's own wording from its config, never the platform's", async () => {
    useAppStore.setState({
      appConfig: {
        ...DEFAULT_APP_CONFIG,
        id: 901,
        app_name: 'alpinerun',
        name: 'Alpine Run Club',
        login_subtitle: 'Trail races in the Alps',
      },
    });
    await openHome('Your Alpine Run Club photos, found in seconds');
    expect(screen.getByText('Trail races in the Alps')).toBeTruthy();
    expect(screen.queryByText('Marathons · company events · holiday stays')).toBeNull();
  });

  it('shows none on a branded site without its own wording', async () => {
    branded(null);
    await openHome('Your Alpine Run Club photos, found in seconds');
    expect(screen.queryByText('Marathons · company events · holiday stays')).toBeNull();
  });
});

describe('the album code field for a visitor (issue 17, item 7)', () => {
  // a plain GET form (no script on the home route's budget): the browser itself opens
  // /preview?picacode=<code>; e2e/preview-signup.e2e.test.ts follows it in a real browser
  it('sends the code entered to the preview', async () => {
    renderApp('/');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your event photos, found in seconds' },
      { timeout: 5000 },
    );
    const field = screen.getByRole('textbox', { name: 'Album code' }) as HTMLInputElement;
    const form = field.form!;
    expect(new URL(form.action).pathname).toBe('/preview');
    expect(form.method).toBe('get');
    expect(field.name).toBe('picacode');
    expect(field.required).toBe(true);
    expect(screen.getByRole('button', { name: 'See my photos' }).getAttribute('type')).toBe('submit');
  });
});
