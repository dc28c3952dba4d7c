import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE, PHONE_CONTEXT, SCREENSHOT_DIR, screenshot } from './support/browser';
import {
  logInAsRunner,
  RUNNERS_DEMO_PHOTOS,
  serverAndBrowser,
  WITH_DEMO_PHOTOS,
  waitForAlbumPhotos,
  waitForMyPhotos,
} from './support/journey';

// The runner's 7 photos of the shared demo: two full rows on a phone, worth €44.90 by the list, so
// the €39.90 package is offered (issue 17: never above the photos it covers)
const run = serverAndBrowser(WITH_DEMO_PHOTOS);
const RUNNERS_PHOTOS = RUNNERS_DEMO_PHOTOS;
const logIn = (page: Page) => logInAsRunner(page, run.server.url);

/** Opens the marathon album by its code, waits for the runner's photos and closes the welcome. */
async function openMarathonAlbum(page: Page) {
  await page.getByLabel(/^Album code/).fill('K7M2Q9P');
  await page.getByRole('button', { name: 'Open album' }).click();
  await page.waitForURL('**/checkins/K7M2Q9P');
  await waitForAlbumPhotos(page);
  await waitForMyPhotos(page, RUNNERS_PHOTOS);
  await closeWelcome(page);
  // the banners and the cart arrive after the photos: the first screen as it settles
  await page.getByRole('region', { name: 'Buy the whole album' }).waitFor();
  await page.evaluate('window.scrollTo(0, 0)');
}

async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Well run!' });
  await welcome.getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => welcome.count()).toBe(0);
  // seen once, it stays away
  await page.waitForTimeout(1000);
  expect(await welcome.count()).toBe(0);
}

/** What the first screen shows, as a picture (not the whole page: the first screen is the point). */
async function firstScreen(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on the page');
  return found;
}

/**
 * A real long press of a finger: touch events through the browser's own input pipeline (its gesture
 * recognition, its pointer events and whatever click it makes of them), held longer than a tap.
 */
async function longPress(page: Page, target: Locator) {
  const { x, y, width, height } = await box(target);
  const at = { x: Math.round(x + width / 2), y: Math.round(y + height / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await page.waitForTimeout(900);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Where the first photos are on the screen (their boxes), to compare before and after. */
async function photoBoxes(page: Page) {
  const boxes = [];
  for (const n of [1, 2, 3, 4, 5, 6])
    boxes.push(await box(page.getByRole('button', { name: new RegExp(`^Photo ${n} of`) }).first()));
  return boxes;
}

describe('the album on a phone, photos first', () => {
  it('shows the first row of photos without scrolling, and adds three selected photos to the cart at once', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page);
    await openMarathonAlbum(page);

    // The first row of photos is whole on the first screen of a 390 × 844 phone.
    const firstPhoto = page.getByRole('button', { name: /^Photo 1 of/ }).first();
    await firstScreen(page, 'album-first-screen-phone');
    await screenshot(page, 'album-photos-first-phone');
    const first = await box(firstPhoto);
    expect(first.y).toBeGreaterThanOrEqual(0);
    expect(first.y + first.height).toBeLessThan(PHONE.height);
    const third = await box(page.getByRole('button', { name: /^Photo 3 of/ }).first());
    expect(third.y).toBe(first.y);
    // The tabs fit the phone's width with all their counts (all photos counts once visited).
    await page.getByRole('tab', { name: /^All photos/ }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: /^All photos \d+$/ }).count(), { timeout: 30_000 })
      .toBe(1);
    await page.getByRole('tab', { name: /^My photos/ }).click();
    await page.getByRole('list', { name: 'My photos', exact: true }).waitFor();
    const tabs = page.getByRole('tablist');
    expect(await tabs.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const tab of await page.getByRole('tab').all()) {
      const { x, width } = await box(tab);
      expect(x + width).toBeLessThanOrEqual(PHONE.width);
    }
    // The sales banners come after the first rows of photos.
    const banner = await box(page.getByRole('region', { name: 'Buy the whole album' }));
    expect(banner.y).toBeGreaterThan(first.y + first.height);
    expect(await axeViolations(page)).toEqual([]);

    // The prices are one press away.
    await page.getByRole('button', { name: 'Prices' }).click();
    const prices = page.getByRole('dialog', { name: 'Prices' });
    await prices.getByText('Prices include VAT.').waitFor();
    await firstScreen(page, 'album-prices-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => prices.count()).toBe(0);

    // The viewer's button says what the photo costs.
    await firstPhoto.click();
    const viewer = page.getByRole('dialog', { name: 'Viewer' });
    await viewer.getByRole('button', { name: /^Add to cart — €\d+\.\d\d$/ }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);

    // A real long press selects the photo under the finger and nothing else: no photo moves when
    // the bar appears (issue 17: it pushed the grid down, and the lifted finger picked a second).
    const before = await photoBoxes(page);
    await page.evaluate(`window.__clicks = 0; addEventListener('click', () => window.__clicks++, true)`);
    await longPress(page, firstPhoto);
    const bar = page.getByRole('region', { name: 'Select photos' });
    await bar.getByText('1 selected').waitFor();
    await page.waitForTimeout(500);
    expect(await photoBoxes(page)).toEqual(before);
    expect(await page.getByRole('button', { name: /^Photo \d+ of/, pressed: true }).count()).toBe(1);
    expect(await firstPhoto.getAttribute('aria-pressed')).toBe('true');
    // the lifted finger did make a click: it was ignored, not given to the photo now under it
    expect(await page.evaluate('window.__clicks')).toBeGreaterThanOrEqual(1);
    await page
      .getByRole('button', { name: /^Photo 2 of/ })
      .first()
      .tap();
    await page
      .getByRole('button', { name: /^Photo 3 of/ })
      .first()
      .tap();
    await bar.getByText('3 selected').waitFor();
    await firstScreen(page, 'album-select-phone');
    expect(await axeViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('3 photos added to your cart.').waitFor();
    await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
    await expect.poll(() => bar.count()).toBe(0);
    // each of the three carries the cart mark
    await expect.poll(() => page.getByRole('img', { name: 'In your cart' }).count()).toBe(3);
    await context.close();
    // the photos go through the pipeline first: minutes on a busy machine
  }, 420_000);

  it('shows the whole tab row, or a fade where it hides tabs, in Polish and Portuguese with a wider font', async () => {
    // the test's own style (another font) is inline, which the app's Content-Security-Policy refuses
    const context = await run.browser.newContext({ ...PHONE_CONTEXT, bypassCSP: true });
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${run.server.url}/checkins/K7M2Q9P`);
    await waitForAlbumPhotos(page);
    await closeWelcome(page);
    // a phone's own font is not the app's: DejaVu Sans, wider than Noto Sans
    await page.addStyleTag({ content: '* { font-family: "DejaVu Sans" !important; }' });
    const row = page.getByRole('tablist');
    // the language is switched in place (no reload: the test's font stays)
    for (const language of ['pl', 'pt']) {
      await page.getByLabel(/^(Language|Język|Idioma)$/).selectOption(language);
      await page.locator(`html[lang="${language}"]`).waitFor();
      await page.getByRole('tab', { selected: true }).filter({ hasText: /\d/ }).waitFor();
      await page.evaluate('window.scrollTo(0, 0)');
      await firstScreen(page, `album-tabs-${language}-phone`);
      const state = () =>
        row.evaluate((el) => ({
          fits: el.scrollWidth <= el.clientWidth + 1,
          start: el.classList.contains('has-more-start'),
          end: el.classList.contains('has-more-end'),
        }));
      const shown = await state();
      // either every tab is on the screen, or the row says that more follows
      if (shown.fits) {
        for (const tab of await page.getByRole('tab').all()) {
          const { x, width } = await box(tab);
          expect(x + width).toBeLessThanOrEqual(PHONE.width);
        }
        await expect.poll(state).toEqual({ fits: true, start: false, end: false });
      } else {
        // the fade follows the row's size (a resize observer): a frame after the new labels
        await expect.poll(state).toEqual({ fits: false, start: false, end: true });
        await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await expect.poll(state).toEqual({ fits: false, start: true, end: false });
        await row.evaluate((el) => el.scrollTo({ left: 0 }));
      }
    }
    // the language is the account's: English again for the next test, as a user would set it back
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByLabel('Language').waitFor();
    await context.close();
  }, 420_000);

  it('shows mostly photos on the first screen of a desktop', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page);
    await page.getByLabel(/^Album code/).fill('K7M2Q9P');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL('**/checkins/K7M2Q9P');
    await waitForAlbumPhotos(page);
    await closeWelcome(page);
    await page.getByRole('region', { name: 'Buy the whole album' }).waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await firstScreen(page, 'album-first-screen-desktop');
    await screenshot(page, 'album-photos-first-desktop');
    const first = await box(page.getByRole('button', { name: /^Photo 1 of/ }).first());
    // two rows of photos fit under the header on an 800 px high screen
    expect(first.y + 2 * first.height).toBeLessThan(DESKTOP.height);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
