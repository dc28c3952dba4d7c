import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../shared/store/app-store';
import { brandedConfig } from '../../test/branded-config';
import { startTestServer } from '../../test/http-server';
import { renderApp } from '../../test/render-app';
import { initTestI18n, resetApp } from '../../test/setup';

let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  await initTestI18n();
  server = await startTestServer(() => undefined);
});
afterAll(() => server.close());
beforeEach(() => resetApp(`${server.url}/api`));
afterEach(cleanup);

const footer = () => screen.getByRole('contentinfo');
const brandSite = (overrides = {}) => useAppStore.setState({ appConfig: brandedConfig(overrides) });

async function home() {
  renderApp('/');
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
}

describe('the main site', () => {
  it('shows the Fotodrop wordmark, its own footer, the app store links and no calendar link', async () => {
    await home();
    expect(document.querySelector('img.brand-logo')).toBeNull();
    expect(within(footer()).getByText(/Your photos from marathons/)).toBeTruthy();
    expect(within(footer()).getByRole('navigation', { name: 'Fotodrop' })).toBeTruthy();
    expect(within(footer()).getByRole('link', { name: /App Store/ })).toBeTruthy();
    // the product's own site is Fotodrop: nothing to be powered by
    expect(footer().querySelector('.powered-by')).toBeNull();
    expect(screen.queryByRole('link', { name: /upcoming events/i })).toBeNull();
  });

  it('keeps the default colours, favicon and no apple touch icon', async () => {
    await home();
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')).toBeNull();
  });
});

describe('a branded site', () => {
  it('shows its logo in header and footer', async () => {
    brandSite();
    await home();
    const logos = document.querySelectorAll<HTMLImageElement>('img.brand-logo');
    expect([...logos].map((img) => img.getAttribute('src'))).toEqual([
      '/brand/alpinerun.svg',
      '/brand/alpinerun.svg',
    ]);
    expect(logos[0]?.alt).toBe('Alpine Run Club');
  });

  it('applies its colours, theme colour, favicon and apple touch icon to the document', async () => {
    const favicon = Object.assign(document.createElement('link'), { id: 'app-favicon', rel: 'icon' });
    const themeColor = Object.assign(document.createElement('meta'), { name: 'theme-color' });
    document.head.append(favicon, themeColor);
    brandSite();
    await home();
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--color-primary')).toBe('#0f766e');
    expect(root.getPropertyValue('--color-bg')).toBe('#f0fdfa');
    expect(themeColor.content).toBe('#0f766e');
    expect(favicon.getAttribute('href')).toBe('/brand/alpinerun-icon.svg');
    expect(document.head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe(
      '/brand/alpinerun-touch-icon.png',
    );
    favicon.remove();
    themeColor.remove();
  });

  it('shows its company info and link categories in the footer, without app store links or powered-by', async () => {
    brandSite();
    await home();
    expect(within(footer()).getByText('Alpine Run Club · Via dei Monti 12 · Bolzano')).toBeTruthy();
    const club = within(footer()).getByRole('navigation', { name: 'Alpine Run' });
    expect(within(club).getByRole('link', { name: 'Race calendar' }).getAttribute('href')).toBe(
      'https://alpinerun.example/calendar',
    );
    expect(within(footer()).queryByRole('navigation', { name: 'Fotodrop' })).toBeNull();
    expect(within(footer()).queryByRole('link', { name: /App Store/ })).toBeNull();
    expect(footer().querySelector('.powered-by')).toBeNull();
  });

  it('says "Powered by Fotodrop" and lists the app stores when it does not hide them', async () => {
    brandSite({ hide_powered_by_logo: false, hide_app_store_links: false });
    await home();
    expect(footer().querySelector('.powered-by')?.textContent).toContain('Powered by');
    expect(within(footer()).getByRole('link', { name: /Google Play/ })).toBeTruthy();
  });

  it('links its calendar of upcoming events from the home page and the footer', async () => {
    brandSite();
    await home();
    const hero = screen.getByRole('heading', { level: 1 }).closest('div') as HTMLElement;
    expect(within(hero).getByRole('link', { name: 'Upcoming events' }).getAttribute('href')).toBe('/events');
    expect(within(footer()).getByRole('link', { name: 'Upcoming events' }).getAttribute('href')).toBe(
      '/events',
    );
  });
});
