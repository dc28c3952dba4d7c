import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn as logInAs, serverAndBrowser, WITH_DEMO_PHOTOS, waitForAlbumPhotos } from './support/journey';

// A dozen demo photos go through the real pipeline in the background after the start.
const run = serverAndBrowser(WITH_DEMO_PHOTOS);

const logIn = (page: Page, email: string, password: string) => logInAs(page, run.server.url, email, password);

describe('a runner opens the album of the marathon', () => {
  it('enters the code, sees the photos, shows the QR code and removes the album', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page, 'demo@fotodrop.test', 'Fotodrop-demo1');

    await page.getByLabel(/^Album code/).fill('k7m2 q9p');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL('**/checkins/K7M2Q9P');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Lakeside City Marathon');
    const welcome = page.getByRole('dialog', { name: 'Well run!' });
    // The photos arrive while the pipeline works: reload until the runner's photos are there.
    await waitForAlbumPhotos(page);
    await page
      .getByRole('img', { name: /^Photo 1 of/ })
      .first()
      .waitFor();
    // The event's welcome popup greets the album; once seen it stays away, reloads included.
    await welcome.waitFor();
    await screenshot(page, 'album-welcome-phone');
    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    await page.reload();
    await page
      .getByRole('img', { name: /^Photo 1 of/ })
      .first()
      .waitFor();
    await page.waitForTimeout(1500);
    expect(await welcome.count()).toBe(0);
    await screenshot(page, 'album-phone');
    expect(await axeViolations(page)).toEqual([]);

    // Favourite one photo: the favourites tab count goes up, and the photo is listed there.
    const favouritesTab = page.getByRole('tab', { name: /^Favourites/ });
    await expect.poll(() => favouritesTab.textContent()).toMatch(/0/);
    await page.getByRole('button', { name: 'Add to favourites' }).first().click();
    await expect.poll(() => favouritesTab.textContent()).toMatch(/1/);
    await favouritesTab.click();
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d+ of 1$/ }).count()).toBe(1);
    await page.getByRole('tab', { name: /^My photos/ }).click();

    // The viewer: open a photo, go to the next one with the keyboard, close with Escape.
    await page
      .getByRole('button', { name: /^Photo 1 of/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: 'Viewer' });
    await viewer.waitFor();
    await viewer.getByRole('img').first().waitFor();
    await screenshot(page, 'album-viewer-phone');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowRight');
    await viewer.getByRole('button', { name: 'Next' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);

    await page.getByRole('button', { name: 'QR code' }).click();
    const qr = page.getByRole('dialog', { name: 'QR code of the album' });
    await qr.waitFor();
    await expect.poll(() => qr.getByRole('img', { name: 'QR code of the album K7M2Q9P' }).count()).toBe(1);
    await screenshot(page, 'album-qr-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => qr.count()).toBe(0);

    await page.getByRole('button', { name: 'Remove album' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this album?' });
    await confirm.getByRole('button', { name: 'Remove album' }).click();
    await page.waitForURL(/\/checkins$/);
    await expect.poll(() => page.getByText(/The album K7M2Q9P has been removed/).count()).toBe(1);
    await context.close();
  });

  it('keeps an album private: another participant who opens its address sees no photos', async () => {
    const owner = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const ownerPage = await owner.newPage();
    await logIn(ownerPage, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await ownerPage.getByLabel(/^Album code/).fill('K7M2Q9P');
    await ownerPage.getByRole('button', { name: 'Open album' }).click();
    await ownerPage.waitForURL('**/checkins/K7M2Q9P');
    await ownerPage
      .getByRole('img', { name: /^Photo 1 of/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const welcome = ownerPage.getByRole('dialog', { name: 'Well run!' });
    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    await screenshot(ownerPage, 'album-desktop');
    expect(await axeViolations(ownerPage)).toEqual([]);
    const photoUrl = await ownerPage
      .getByRole('img', { name: /^Photo 1 of/ })
      .first()
      .getAttribute('src');
    await owner.close();

    const stranger = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await stranger.newPage();
    await page.goto(`${run.server.url}/signup`);
    await page.getByLabel(/^E-mail( \*)?$/).fill('stranger@example.com');
    await page.getByLabel(/^First name( \*)?$/).fill('Sam');
    await page.getByLabel(/^Password( \*)?$/).fill('Stranger-run-1!');
    await page.getByLabel(/^Repeat the password( \*)?$/).fill('Stranger-run-1!');
    await page.getByLabel('I declare I am 18 or older').check();
    await page.getByLabel(/I accept the terms of service/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/checkins');
    await page.goto(`${run.server.url}/checkins/K7M2Q9P`);
    await expect.poll(() => page.getByRole('heading', { name: 'Album not found' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /^Photo \d+ of/ }).count()).toBe(0);
    // A photo link only works as handed out; changing the photo id breaks the signature.
    const forged = photoUrl!.replace(/\/media\/(\d+)\//, (_m, id: string) => `/media/${Number(id) + 1}/`);
    expect((await fetch(new URL(forged, run.server.url))).status).toBe(403);
    await stranger.close();
  });

  it('asks the hotel guest for the booking name before the room album opens', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.getByLabel(/^Album code/).fill('ROOM204B');
    await page.getByRole('button', { name: 'Open album' }).click();
    const step = page.getByRole('dialog', { name: 'A few details for the organiser' });
    await step.waitFor();
    await screenshot(page, 'checkin-step-phone');
    expect(await axeViolations(page)).toEqual([]);
    await step.getByLabel(/^Name on the booking/).fill('Dana Demo');
    await step.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/checkins/ROOM204B');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Hotel Bellavista');
    // The demo stay deletes unpurchased photos two days after seeding: once the room's photo is
    // there, the album is in its last call, which cannot be dismissed.
    const lastCall = page.getByRole('alert').filter({ hasText: 'Last call' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await lastCall.waitFor({ timeout: 5000 }).catch(() => undefined);
          return lastCall.count();
        },
        { timeout: 60_000, interval: 3000 },
      )
      .toBe(1);
    expect(await lastCall.textContent()).toContain('SD photos are 50% off');
    expect(await lastCall.getByRole('button').count()).toBe(0);
    await screenshot(page, 'album-last-call-phone');
    await context.close();
  });

  it('tells a runner of the coming night run that the event has not started', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.getByLabel(/^Album code/).fill('NIGHTRUN');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL('**/checkins/NIGHTRUN');
    const panel = page.getByRole('status').filter({ hasText: 'The event has not started yet' });
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/The event begins on \w+ \d+, \d{4}\./);
    expect(await page.getByRole('tablist').count()).toBe(0);
    await screenshot(page, 'album-not-started-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
