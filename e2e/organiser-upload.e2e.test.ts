import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** A real photograph shipped with face-api, as the browser's file picker hands it over. */
const sample = async (n: number, name = `sample${n}.jpg`) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await readFile(
    fileURLToPath(new URL(`../node_modules/@vladmandic/face-api/demo/sample${n}.jpg`, import.meta.url)),
  ),
});
const REJECTED = 'Rejected: This is not a photo or video format we accept.';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // No demo photos: the marathon's uploads list holds exactly what this test sends.
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logInAsOrganiser(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill('organiser@fotodrop.test');
  await page.getByLabel(/^Password( \*)?$/).fill('Fotodrop-organiser1');
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.waitForURL('**/checkins');
}

/** The queue row of one file: the list item that holds its progress bar. */
const queueRow = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('progressbar', { name: `Upload progress of ${name}` }) });

describe('an organiser uploads photos to the marathon', () => {
  it('sends two photos and a text file, sees the refusal and the photos turn ready', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logInAsOrganiser(page);
    await page.getByRole('link', { name: 'Upload' }).click();
    await page.waitForURL('**/organiser/upload');
    await page.getByRole('heading', { level: 1, name: 'Upload photos and videos' }).waitFor();

    await page.getByLabel('Event').selectOption('5e1a0c3d');
    await page.getByLabel('Gallery').selectOption({ label: 'Course › Km 10' });
    await page.getByLabel('Tags').fill('bib-1042');
    await page
      .locator('input[type="file"]')
      .setInputFiles([
        await sample(1),
        await sample(2),
        { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some notes, not a photo') },
      ]);

    await expect
      .poll(() => queueRow(page, 'notes.jpg').getByText(REJECTED).count(), { timeout: 30_000 })
      .toBe(1);
    // uploaded, then the server makes the previews; the rows say so once the list shows them ready
    for (const name of ['sample1.jpg', 'sample2.jpg']) {
      await expect
        .poll(() => queueRow(page, name).getByText('Done', { exact: true }).count(), { timeout: 90_000 })
        .toBe(1);
      expect(await queueRow(page, name).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    }
    await expect.poll(() => page.getByText('Finished: 2 of 3').count()).toBe(1);

    // the uploads list: both photos ready, with thumbnails the browser could load
    const uploads = page.getByRole('region', { name: 'Uploads to Lakeside City Marathon' });
    for (const name of ['sample1.jpg', 'sample2.jpg']) {
      const thumb = uploads.getByRole('img', { name });
      await thumb.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(await uploads.getByText('Ready', { exact: true }).count()).toBe(2);
    expect(await uploads.getByText(/Course › Km 10 · bib-1042/).count()).toBe(2);
    expect(await uploads.getByRole('img', { name: 'notes.jpg' }).count()).toBe(0);
    await screenshot(page, 'organiser-upload-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the same screen on a phone, with the uploads of the event', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    await logInAsOrganiser(page);
    await page.getByRole('link', { name: 'Upload' }).click();
    await page.waitForURL('**/organiser/upload');
    await page.getByLabel('Event').selectOption('5e1a0c3d');
    await page.getByRole('img', { name: 'sample1.jpg' }).waitFor({ timeout: 30_000 });
    await page.locator('input[type="file"]').setInputFiles(await sample(3, 'finish-line.jpg'));
    await expect
      .poll(() => queueRow(page, 'finish-line.jpg').getByText('Done', { exact: true }).count(), {
        timeout: 90_000,
      })
      .toBe(1);
    await page.getByRole('img', { name: 'finish-line.jpg' }).waitFor();
    // nothing wider than the phone
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'organiser-upload-phone');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
