import { describe, expect, it } from 'vitest';
import { axeViolations, PHONE_CONTEXT, screenshot } from './support/browser';
import { serverAndBrowser } from './support/journey';

const run = serverAndBrowser();

describe('the policy pages, /live and the branded home in Chromium', () => {
  it('opens the terms from sign-up in a new tab, with their version, and the privacy policy in German', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await page.goto(`${run.server.url}/signup`);
    const label = page.locator('label', { hasText: 'I accept the' });
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      label.getByRole('link', { name: /terms of service/ }).click(),
    ]);
    await terms.waitForURL('**/terms-of-service');
    await expect.poll(() => terms.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of service');
    await terms.getByRole('heading', { level: 2, name: '4. Prices and purchases' }).waitFor();
    expect(await terms.getByText(/^Version 1 · in force since/).count()).toBe(1);
    await screenshot(terms, 'terms-of-service-phone');
    expect(await axeViolations(terms)).toEqual([]);
    await context.close();

    const german = await run.browser.newContext({ ...PHONE_CONTEXT, locale: 'de-DE' });
    const privacy = await german.newPage();
    await privacy.goto(`${run.server.url}/privacy-policy`);
    await privacy.getByRole('heading', { level: 2, name: '3. Gesichtssuche (biometrische Daten)' }).waitFor();
    expect(await privacy.getByRole('heading', { level: 1 }).textContent()).toBe('Datenschutzerklärung');
    await german.close();
  });

  it('says on /live that no event is live instead of landing on home', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    // the demo's events lie before and after today: none is live
    await page.goto(`${run.server.url}/live`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('No event is live right now');
    expect(new URL(page.url()).pathname).toBe('/live');
    await context.close();
  });

  it("shows the branded site's own sample code on its home page", async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await page.goto(`http://alpinerun.localhost:${run.server.port}/`);
    await page.getByText('TRAIL4821').waitFor({ state: 'attached' });
    expect(await page.getByText('K7M2Q9P').count()).toBe(0);
    await context.close();
  });
});
