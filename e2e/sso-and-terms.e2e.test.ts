import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, screenshot } from './support/browser';
import { serverAndBrowser } from './support/journey';

const SECRET = 'the-shared-secret-of-the-alpine-run-club-sso';

const INTEGRATIONS = [
  {
    key: 'alpinerun-members',
    organisation: 'alpinerun',
    issuer: 'https://members.alpinerun.example',
    secret: SECRET,
  },
];

const run = serverAndBrowser({ SSO_INTEGRATIONS: JSON.stringify(INTEGRATIONS) });

const memberToken = (secret = SECRET) =>
  new SignJWT({ email: 'member@alpinerun.example', email_verified: true, given_name: 'Mara' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('member-1001')
    .setIssuer('https://members.alpinerun.example')
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

describe('a club member arriving through the organisation single sign-on link', () => {
  it('is signed in, accepts the policies first, then reaches the albums', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const branded = `http://alpinerun.localhost:${run.server.port}`;

    await page.goto(`${branded}/sso?integration=alpinerun-members&token=${await memberToken()}`);
    await page.waitForURL(/\/terms\?next=/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Before you continue');
    await screenshot(page, 'branded-terms-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await page.waitForURL('**/checkins');
    await page.goto(`${branded}/profile/resume`);
    await expect.poll(() => page.getByText('member@alpinerun.example').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('falls back to the login page with a notice when the link is forged', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const forged = await memberToken('someone-else-guessing-the-club-secret-123');
    await page.goto(`${run.server.url}/sso?integration=alpinerun-members&token=${forged}`);
    await page.waitForURL('**/login**');
    await expect.poll(() => page.getByText(/The sign-in link did not work/).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });
});
