import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, PHONE_CONTEXT, screenshot } from './support/browser';
import { serverAndBrowser } from './support/journey';
import { startServer } from './support/server';

const EMAIL = 'journey@example.com';
const FIRST_PASSWORD = 'Marathon-2026!';
const NEW_PASSWORD = 'Finish-line-42?';

const run = serverAndBrowser();

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe('a participant manages their account', () => {
  it('signs up, accepts changed terms, changes the password, logs out and in, and switches language', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();

    await page.goto(`${run.server.url}/`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Your event photos');
    await screenshot(page, 'home-phone');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Sign up free' }).click();
    await page.waitForURL('**/signup');
    // Submitting empty shows the rules instead of sending anything.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('This field is required.').count()).toBeGreaterThan(0);
    await page.getByLabel(/^E-mail( \*)?$/).fill(EMAIL);
    await page.getByLabel(/^First name( \*)?$/).fill('Jules');
    await page.getByLabel(/^Last name( \*)?$/).fill('Runner');
    await page.getByLabel(/^Password( \*)?$/).fill(FIRST_PASSWORD);
    await page.getByLabel(/^Repeat the password( \*)?$/).fill(FIRST_PASSWORD);
    await page.getByLabel('I declare I am 18 or older').check();
    await page.getByLabel(/I accept the terms of service/).check();
    await screenshot(page, 'signup-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/checkins');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My albums');
    await screenshot(page, 'checkins-phone');

    // The terms change: the server restarts with a new policy version, keeping its data.
    await run.server.stop({ keepData: true });
    run.server = await startServer(
      { REQUIRED_POLICIES_VERSION: '2' },
      { port: run.server.port, dataDir: run.server.dataDir },
    );
    await page.goto(`${run.server.url}/profile/resume`);
    await page.waitForURL(/\/terms\?next=/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Before you continue');
    await screenshot(page, 'terms-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.waitForURL('**/profile/resume');
    await expect.poll(() => page.getByText(EMAIL).count()).toBeGreaterThan(0);
    await screenshot(page, 'profile-phone');
    await expectNoAxeViolations(page);

    await page.goto(`${run.server.url}/profile/change-password`);
    await page.getByLabel(/^Current password( \*)?$/).fill('not-my-password');
    await page.getByLabel(/^New password( \*)?$/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Repeat the password( \*)?$/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The password is not correct.').count()).toBeGreaterThan(0);
    await page.getByLabel(/^Current password( \*)?$/).fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Your password has been changed.').count()).toBeGreaterThan(0);
    await screenshot(page, 'change-password-phone');

    await page.goto(`${run.server.url}/profile/resume`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${run.server.url}/`);
    await page.goto(`${run.server.url}/profile/resume`);
    await page.waitForURL('**/login**');

    await page.getByLabel(/^E-mail( \*)?$/).fill(EMAIL);
    await page.getByLabel(/^Password( \*)?$/).fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await expect
      .poll(() => page.getByText('The e-mail or the password is not correct.').count())
      .toBeGreaterThan(0);
    await page.getByLabel(/^Password( \*)?$/).fill(NEW_PASSWORD);
    await screenshot(page, 'login-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL('**/profile/resume');

    const footerLanguage = page.getByRole('contentinfo').getByLabel('Language');
    await footerLanguage.selectOption('sl');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sl');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('My profile');
    await screenshot(page, 'profile-slovenian-phone');
    // The choice survives a reload and reaches the account.
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sl');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const me = await fetch(`${run.server.url}/api/v2/users/me/`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(((await me.json()) as { language: string }).language).toBe('sl');
    await page.getByRole('contentinfo').locator('select').selectOption('en');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My profile');
    await context.close();
  });

  it('looks right on a desktop and on the branded subdomain', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    for (const [path, name] of [
      ['/', 'home-desktop'],
      ['/login', 'login-desktop'],
      ['/signup', 'signup-desktop'],
      ['/reset-password', 'reset-password-desktop'],
      ['/no-such-page', 'not-found-desktop'],
    ] as const) {
      await page.goto(`${run.server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, name);
      await expectNoAxeViolations(page);
    }

    const branded = `http://alpinerun.localhost:${run.server.port}`;
    await page.goto(`${branded}/login`);
    await expect
      .poll(() => page.getByText('Find your race photos from the Alpine Run trail series').count())
      .toBe(1);
    await expect.poll(() => page.locator('img[src="/brand/alpinerun.svg"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'branded-login-desktop');
    await expectNoAxeViolations(page);
    await page.goto(`${branded}/signup`);
    await expect.poll(() => page.getByLabel('I declare I am 16 or older').count()).toBe(1);
    await context.close();

    const phone = await run.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${branded}/`);
    await phonePage.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(phonePage, 'branded-home-phone');
    await phone.close();
  });
});
