import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn, serverAndBrowser, WITH_DEMO_PHOTOS, waitForAlbumPhotos } from './support/journey';

const run = serverAndBrowser(WITH_DEMO_PHOTOS);

/**
 * A runner opens the photobook offer from the album's print banner and leafs through the book:
 * front cover first, spreads turned with the keyboard and the buttons, the back cover last; a phone
 * held upright is asked to turn to landscape, and a swipe turns the page there.
 */
describe('the photobook preview', () => {
  it('opens from the album and turns its pages', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.getByLabel(/^Album code/).fill('K7M2Q9P');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL('**/checkins/K7M2Q9P');
    await waitForAlbumPhotos(page);
    const welcome = page.getByRole('dialog', { name: 'Well run!' });
    if (await welcome.isVisible().catch(() => false))
      await welcome.getByRole('button', { name: 'Got it' }).click();

    await page.getByRole('link', { name: 'See your photobook' }).click();
    await page.waitForURL('**/photobook?**');
    const book = page.getByRole('region', { name: 'Photobook preview' });
    const shown = () =>
      book.getByRole('img').evaluateAll((pages) => pages.map((p) => p.getAttribute('aria-label')));
    await book.getByRole('img', { name: 'Front cover' }).waitFor();
    expect(await shown()).toEqual(['Front cover']);
    expect(await book.getByText(/^1 of \d+$/).count()).toBe(1);
    await screenshot(page, 'photobook-desktop');
    expect(await axeViolations(page)).toEqual([]);

    const spreads = Number((await book.getByText(/^1 of \d+$/).textContent())?.split(' of ')[1]);
    expect(spreads).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await shown())[0]).toBe('Page 1');
    expect((await shown()).length).toBe(2);
    await screenshot(page, 'photobook-pages-desktop');
    await page.keyboard.press('End');
    await expect.poll(shown).toEqual(['Back cover']);
    await book.getByText(`${spreads} of ${spreads}`).waitFor();
    expect(await book.getByRole('button', { name: 'Next pages' }).isDisabled()).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(shown).toEqual(['Front cover']);
    await book.getByRole('button', { name: 'Next pages' }).click();
    await expect.poll(async () => (await shown())[0]).toBe('Page 1');
    await book.getByRole('button', { name: 'Previous pages' }).click();
    await expect.poll(shown).toEqual(['Front cover']);
    const url = page.url();
    await context.close();

    // a phone held upright: the landscape prompt, and a swipe turns the page
    const phone = await run.browser.newContext(PHONE_CONTEXT);
    const phonePage = await phone.newPage();
    await logIn(phonePage, run.server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await phonePage.goto(url);
    const phoneBook = phonePage.getByRole('region', { name: 'Photobook preview' });
    await phoneBook.getByRole('img', { name: 'Front cover' }).waitFor();
    await phonePage.getByText('Rotate your phone to landscape to see your photobook').waitFor();
    await screenshot(phonePage, 'photobook-phone');
    const stage = phoneBook.locator('.photobook-stage');
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    await stage.dispatchEvent('pointerdown', {
      clientX: box.x + box.width * 0.8,
      clientY: y,
      pointerType: 'touch',
    });
    await stage.dispatchEvent('pointerup', {
      clientX: box.x + box.width * 0.2,
      clientY: y,
      pointerType: 'touch',
    });
    await phoneBook.getByRole('img', { name: 'Page 1' }).waitFor();
    await phone.close();
  });
});
