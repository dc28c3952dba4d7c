import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE_CONTEXT, SCREENSHOT_DIR, screenshot } from './support/browser';
import { logIn, serverAndBrowser } from './support/journey';

// one social provider, so the main site shows its button and the branded one (social login off) none
const PROVIDER = {
  id: 'example-id',
  name: 'Example ID',
  issuer: 'https://id.example',
  client_id: 'fotodrop-web',
  authorization_endpoint: 'https://id.example/authorize',
  jwks_uri: 'https://id.example/jwks',
};
const run = serverAndBrowser({ OIDC_PROVIDERS: JSON.stringify([PROVIDER]) });

/**
 * Waits until the server has answered promptly for 5 s in a row: shortly after it starts, a start-up
 * task holds its event loop for most of a minute on a loaded machine, and page loads then time out.
 */
async function untilResponsive(url: string) {
  const deadline = Date.now() + 150_000;
  let fast = 0;
  while (fast < 10 && Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${url}/api/health`).catch(() => undefined);
    fast = Date.now() - started < 250 ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(() => untilResponsive(run.server.url), 160_000);

const VIEWPORTS: [string, BrowserContextOptions][] = [
  ['390', PHONE_CONTEXT],
  ['1280', { viewport: DESKTOP, locale: 'en-US' }],
];

interface HomeFacts {
  logos: (string | null)[];
  wordmarks: number;
  primary: string;
  button: string | null;
  themeColor: string | null;
  favicon: string | null;
  touchIcon: string | null;
  company: string | null;
  footerNavs: (string | null)[];
  storeLinks: number;
  poweredBy: number;
  calendarLinks: (string | null)[];
}

/** What the home page shows of the site's branding (a script of the page: the e2e has no DOM types). */
const OBSERVE_HOME = `(() => {
  const footer = document.querySelector('footer');
  const primaryButton = document.querySelector('.btn-primary');
  const attr = (selector, name) => document.querySelector(selector)?.getAttribute(name) ?? null;
  return {
    logos: [...document.querySelectorAll('img.brand-logo')].map((img) => img.getAttribute('src')),
    wordmarks: document.querySelectorAll('.wordmark').length,
    primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    button: primaryButton ? getComputedStyle(primaryButton).backgroundColor : null,
    themeColor: attr('meta[name="theme-color"]', 'content'),
    favicon: attr('#app-favicon', 'href'),
    touchIcon: attr('link[rel="apple-touch-icon"]', 'href'),
    company: footer?.querySelector('.footer-company')?.textContent ?? null,
    footerNavs: [...(footer?.querySelectorAll('nav') ?? [])].map((nav) => nav.getAttribute('aria-label')),
    storeLinks: footer?.querySelectorAll('.store-link-list a').length ?? 0,
    poweredBy: footer?.querySelectorAll('.powered-by').length ?? 0,
    calendarLinks: [...document.querySelectorAll('a[href="/events"]')].map((a) => a.textContent),
  };
})()`;

const observeHome = (page: Page) => page.evaluate(OBSERVE_HOME) as Promise<HomeFacts>;

describe('the branded demo site looks and behaves apart from the main site, field by field', () => {
  for (const [width, options] of VIEWPORTS) {
    it(`home, footer, login, signup and the header at ${width} px`, async () => {
      const main = run.server.url;
      const branded = `http://alpinerun.localhost:${run.server.port}`;
      const context = await run.browser.newContext(options);
      const page = await context.newPage();
      const shot = (name: string) => screenshot(page, `branding-${name}-${width}`);

      // home: logo, colours, icons, footer, app stores, powered-by, calendar link
      const home = {} as Record<'main' | 'branded', HomeFacts>;
      for (const [site, origin] of [
        ['main', main],
        ['branded', branded],
      ] as const) {
        await page.goto(`${origin}/`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('footer').waitFor();
        home[site] = await observeHome(page);
        await shot(`${site}-home`);
        await page
          .locator('footer')
          .screenshot({ path: `${SCREENSHOT_DIR}/branding-${site}-footer-${width}.png` });
        expect(await axeViolations(page)).toEqual([]);
      }
      const m = home.main;
      const b = home.branded;
      // logo
      expect(m.logos).toEqual([]);
      expect(m.wordmarks).toBeGreaterThan(0);
      expect(b.logos).toEqual(['/brand/alpinerun.svg', '/brand/alpinerun.svg']);
      // theme
      expect(m.primary).toBe('#4338ca');
      expect(b.primary).toBe('#0f766e');
      expect(b.button).toBe('rgb(15, 118, 110)');
      expect(m.button).not.toBe(b.button);
      expect([m.themeColor, b.themeColor]).toEqual(['#4338ca', '#0f766e']);
      // icons
      expect([m.favicon, b.favicon]).toEqual(['/favicon.svg', '/brand/alpinerun-icon.svg']);
      expect([m.touchIcon, b.touchIcon]).toEqual([null, '/brand/alpinerun-touch-icon.png']);
      // footer company info and categories
      expect(m.company).toContain('Your photos from marathons');
      expect(b.company).toBe('Alpine Run Club · Via dei Monti 12 · 39100 Bolzano · VAT IT01234567890');
      expect(m.footerNavs).toContain('Fotodrop');
      expect(b.footerNavs).toContain('Alpine Run');
      expect(b.footerNavs).not.toContain('Fotodrop');
      // app store links; powered-by (the main site is Fotodrop itself, the club a white label)
      expect([m.storeLinks, b.storeLinks]).toEqual([3, 0]);
      expect([m.poweredBy, b.poweredBy]).toEqual([0, 0]);
      expect(b.wordmarks).toBe(0);
      // calendar link
      expect(m.calendarLinks).toEqual([]);
      expect(b.calendarLinks).toEqual(['Upcoming events', 'Upcoming events']);
      await page.goto(`${branded}/`);
      await page.getByRole('link', { name: 'Upcoming events' }).first().click();
      await page.getByRole('dialog', { name: 'Upcoming events' }).waitFor();
      await shot('branded-calendar');

      // login: subtitle, social login
      await page.goto(`${main}/login`);
      await page.getByText('Welcome back! Log in to see your albums.').waitFor();
      await page.getByRole('button', { name: 'Continue with Example ID' }).waitFor();
      await shot('main-login');
      // the minimum-age prompt before a social login
      await page.getByRole('button', { name: 'Continue with Example ID' }).click();
      const prompt = page.getByRole('dialog', { name: 'Are you over 18?' });
      await prompt.waitFor();
      await shot('main-age-prompt');
      await prompt.getByRole('button', { name: 'No, I am under 18' }).click();
      await page.getByRole('dialog', { name: 'You cannot sign up yet' }).waitFor();
      expect(new URL(page.url()).origin).toBe(main);

      await page.goto(`${branded}/login`);
      await page.getByText('Find your race photos from the Alpine Run trail series').waitFor();
      expect(await page.getByText('Welcome back! Log in to see your albums.').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Continue with/ }).count()).toBe(0);
      await shot('branded-login');
      expect(await axeViolations(page)).toEqual([]);

      // signup: age declaration with its policy link, the club's privacy checkboxes
      await page.goto(`${main}/signup`);
      await page.getByLabel('I declare I am 18 or older').waitFor();
      expect(await page.getByLabel(/Alpine Run Club photo rules/).count()).toBe(0);
      expect(await page.getByRole('link', { name: /Why we ask about your age/ }).count()).toBe(0);
      await shot('main-signup');

      await page.goto(`${branded}/signup`);
      await page.getByLabel('I declare I am 16 or older').waitFor();
      expect(await page.getByLabel('I declare I am 18 or older').count()).toBe(0);
      expect(await page.getByRole('link', { name: /Why we ask about your age/ }).getAttribute('href')).toBe(
        'https://alpinerun.example/youth-policy',
      );
      expect(await page.getByLabel('Send me the club newsletter').count()).toBe(1);
      expect(await page.getByLabel('News about upcoming Alpine Run races and photo offers.').count()).toBe(1);
      await page.getByLabel(/^E-mail( \*)?$/).fill(`club-${width}@example.com`);
      await page.getByLabel(/^First name( \*)?$/).fill('Rita');
      await page.getByLabel(/^Password( \*)?$/).fill('Trail-runner-16!');
      await page.getByLabel(/^Repeat the password( \*)?$/).fill('Trail-runner-16!');
      await page.getByLabel('I declare I am 16 or older').check();
      await page.getByLabel(/I accept the terms of service/).check();
      const rules = page.getByLabel(/I accept the Alpine Run Club photo rules/);
      await page.getByRole('button', { name: 'Create account' }).click();
      // refused without the club's required checkbox: still on the form, the box marked
      await expect.poll(() => rules.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/signup');
      await shot('branded-signup-refused');
      await rules.check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/checkins');
      await context.close();

      // the header's cart: shown on the main site, hidden on the club's while the cart is empty
      for (const [site, origin] of [
        ['main', main],
        ['branded', branded],
      ] as const) {
        const signedIn = await run.browser.newContext(options);
        const albums = await signedIn.newPage();
        await logIn(albums, origin, 'demo@fotodrop.test', 'Fotodrop-demo1');
        await albums.getByRole('heading', { level: 1, name: 'My albums' }).waitFor();
        const cart = albums.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
          name: /^Cart/,
        });
        await albums
          .getByRole('link', { name: /My albums/ })
          .first()
          .waitFor({ state: 'attached' });
        if (site === 'main') await cart.waitFor();
        else expect(await cart.count()).toBe(0);
        await screenshot(albums, `branding-${site}-albums-${width}`);
        await signedIn.close();
      }
    }, 180_000);
  }
});
