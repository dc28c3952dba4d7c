import { describe, expect, it } from 'vitest';
import { axeViolations, PHONE_CONTEXT, screenshot } from './support/browser';
import { serverAndBrowser, WITH_DEMO_PHOTOS } from './support/journey';

const EMAIL = 'newcomer@example.com';
const PASSWORD = 'Lakeside-2026!';

// the preview shows the marathon's photos: the demo makes some after the start
const run = serverAndBrowser(WITH_DEMO_PHOTOS);

describe('a newcomer sees photos before signing up (issue 17, item 7)', () => {
  it("opens a preview from the home page's code field, signs up and lands in that album (390 px)", async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();

    await page.goto(`${run.server.url}/`);
    await page.getByRole('textbox', { name: 'Album code' }).fill('k7m2q9p');
    await screenshot(page, 'home-code-phone');
    await page.getByRole('button', { name: 'See my photos' }).click();
    await page.waitForURL('**/preview?picacode=k7m2q9p');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
      .toBe('Lakeside City Marathon');

    // the demo photos go through the pipeline after the start: the preview shows them once made
    await expect
      .poll(
        async () => {
          await page.reload();
          const photos = page.getByRole('list', { name: 'Preview of the photos' }).getByRole('img');
          await photos
            .first()
            .waitFor({ timeout: 5000 })
            .catch(() => undefined);
          return photos.count();
        },
        { timeout: 90_000, interval: 3000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'preview-phone');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Sign up free' }).click();
    await page.waitForURL('**/signup?next=**');
    await page.getByLabel(/^E-mail( \*)?$/).fill(EMAIL);
    await page.getByLabel(/^First name( \*)?$/).fill('Nora');
    await page.getByLabel(/^Last name( \*)?$/).fill('Newcomer');
    await page.getByLabel(/^Password( \*)?$/).fill(PASSWORD);
    await page.getByLabel(/^Repeat the password( \*)?$/).fill(PASSWORD);
    await page.getByLabel('I declare I am 18 or older').check();
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // straight into the album: checked in with the code kept, nothing typed again
    await page.waitForURL('**/checkins/K7M2Q9P', { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 30_000 })
      .toContain('Lakeside City Marathon');
    await screenshot(page, 'preview-signup-album-phone');
    await context.close();
  });
});
