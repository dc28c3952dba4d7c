import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE_CONTEXT, screenshot } from './support/browser';
import {
  logInAsRunner,
  RUNNERS_DEMO_PHOTOS,
  serverAndBrowser,
  WITH_DEMO_PHOTOS,
  waitForAlbumPhotos,
  waitForMyPhotos,
} from './support/journey';

// The runner's 7 photos of the shared demo (all in the €9.90 list) sell for €44.90 as a 10-bundle (a
// 5-bundle and two singles are €49.70), so the €39.90 package is below them and offered (issue 17:
// never above the photos it covers; 5 photos are €29.90, 6 are €39.80)
const run = serverAndBrowser(WITH_DEMO_PHOTOS);
const RUNNERS_PHOTOS = RUNNERS_DEMO_PHOTOS;
const logIn = (page: Page) => logInAsRunner(page, run.server.url);

/** Opens the marathon album and waits until the pipeline has delivered all the runner's photos. */
async function openMarathonAlbum(page: Page) {
  await page.getByLabel(/^Album code/).fill('K7M2Q9P');
  await page.getByRole('button', { name: 'Open album' }).click();
  await page.waitForURL('**/checkins/K7M2Q9P');
  await waitForAlbumPhotos(page);
  await waitForMyPhotos(page, RUNNERS_PHOTOS);
  const welcome = page.getByRole('dialog', { name: 'Well run!' });
  await welcome.getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => welcome.count()).toBe(0);
}

describe('a runner buys photos of the marathon', () => {
  it('adds a photo from the viewer, takes the whole-album package, and keeps the album while it is in the cart', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page);
    await openMarathonAlbum(page);

    // One photo from the viewer: the button says it is in the cart, the header counts it.
    await page
      .getByRole('button', { name: /^Photo 1 of/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: 'Viewer' });
    await viewer.getByRole('button', { name: 'Add to cart' }).click();
    await viewer.getByRole('button', { name: /^In cart/ }).waitFor();
    await screenshot(page, 'cart-viewer-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();

    // The package: all photos of the album, photos arriving later included.
    const banner = page.getByRole('region', { name: 'Buy the whole album' });
    // 7 photos at €9.90 each would be €69.30: struck through beside it
    await banner.getByText(/^All photos of this album for €39\.90 Original price: €69\.30$/).waitFor();
    await banner.getByRole('button', { name: 'Add' }).first().click();
    await banner.getByText('Added').first().waitFor();
    await screenshot(page, 'cart-package-phone');

    // The album stays while its photos are in the cart.
    await page.getByRole('button', { name: 'Remove album' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this album?' });
    await confirm.getByRole('button', { name: 'Remove album' }).click();
    await expect
      .poll(() => page.getByText(/cannot be removed while photos from it are in your cart/).count())
      .toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/checkins\/K7M2Q9P$/);
    await context.close();
    // the runner's photos go through the pipeline first: minutes on a busy machine
  }, 420_000);

  it('shows the cart with its total, orders prints of its photos and empties it line by line', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page);
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await page.getByText('All photos of the album').waitFor();
    await page.getByRole('link', { name: 'Lakeside City Marathon' }).waitFor();
    // The line's price, the digital items and the grand total; the pay button says it too.
    await expect.poll(() => page.getByText('€39.90', { exact: true }).count()).toBe(3);
    await page.getByRole('button', { name: 'Pay €39.90' }).waitFor();
    await screenshot(page, 'cart-desktop');
    expect(await axeViolations(page)).toEqual([]);

    // Prints of a photo the package buys: chooser → options and photo → added → back to the cart.
    await page.getByRole('link', { name: 'Order prints' }).first().click();
    await page.waitForURL('**/print');
    await page.getByRole('link', { name: 'Photo prints' }).click();
    await page.waitForURL(/\/print\/\d+$/);
    await page.getByRole('button', { name: /^Photo 1 of Lakeside City Marathon/ }).click();
    const add = page.getByRole('button', { name: 'Add to cart' });
    // The price comes from the server a moment after the choice; adding waits for it.
    await expect.poll(() => add.isEnabled()).toBe(true);
    await screenshot(page, 'print-configure-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await add.click();
    await page.getByRole('heading', { name: 'Added to your cart' }).waitFor();
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Print products' }).waitFor();
    // the print joins the summary (its photo is the package's: nothing more for it)
    await page.getByRole('button', { name: 'Pay €41.80' }).waitFor();
    await screenshot(page, 'cart-with-prints-desktop');

    // The package stays while the prints use its photo; the prints go first.
    const lines = page.getByRole('button', { name: 'Remove' });
    await expect.poll(() => lines.count()).toBe(2);
    await lines.first().click();
    let dialog = page.getByRole('dialog', { name: 'Remove from the cart?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByText(/used (by|in) print products/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await lines.last().click();
    dialog = page.getByRole('dialog', { name: 'Remove this print product?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByText('Photo prints').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Remove' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Remove from the cart?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(/Your cart is empty/).waitFor();
    await screenshot(page, 'cart-empty-desktop');

    const phone = await run.browser.newContext(PHONE_CONTEXT);
    const phonePage = await phone.newPage();
    await logIn(phonePage);
    await phonePage.goto(`${run.server.url}/checkout`);
    await phonePage.getByText(/Your cart is empty/).waitFor();
    await phone.close();
    await context.close();
  });

  it('offers the package in the basket when the photos picked cost more, and switches to it in one press', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${run.server.url}/checkins/K7M2Q9P`);
    await waitForMyPhotos(page, RUNNERS_PHOTOS);
    const welcome = page.getByRole('dialog', { name: 'Well run!' });
    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => welcome.count()).toBe(0);

    // All 7 of the runner's photos one by one: €44.90 by the list (a 10-bundle is the cheapest way)
    await page.getByRole('button', { name: 'Select' }).click();
    for (let n = 1; n <= RUNNERS_PHOTOS; n++)
      await page
        .getByRole('button', { name: new RegExp(`^Photo ${n} of`) })
        .first()
        .tap();
    const bar = page.getByRole('region', { name: 'Select photos' });
    await bar.getByText(`${RUNNERS_PHOTOS} selected`).waitFor();
    await bar.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText(`${RUNNERS_PHOTOS} photos added to your cart.`).waitFor();
    await page.getByRole('link', { name: `Cart, ${RUNNERS_PHOTOS} items` }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: 'Pay €44.90' }).waitFor();

    // The basket says the package costs less (€39.90, €5.00 less) and takes it in one press.
    const offer = page.getByRole('region', { name: 'Cheaper as a package' });
    await offer.getByText('All photos of this album for €39.90').waitFor();
    await offer.getByText(/^€5\.00 less than the photos you picked \(€44\.90\)/).waitFor();
    await screenshot(page, 'cart-suggestion-phone');
    expect(await axeViolations(page)).toEqual([]);
    await offer.getByRole('button', { name: 'Switch to the package' }).click();
    await page.getByText('All photos of the album').waitFor();
    await page.getByRole('button', { name: 'Pay €39.90' }).waitFor();
    await expect.poll(() => offer.count()).toBe(0);
    expect(await page.getByText(`${RUNNERS_PHOTOS} photos`, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Empty cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Empty the cart?' });
    await dialog.getByRole('button', { name: 'Empty cart' }).click();
    await page.getByText(/Your cart is empty/).waitFor();
    await context.close();
  }, 300_000);
});
