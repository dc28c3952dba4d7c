import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeTestVideo } from '../apps/server/src/media/test-videos';
import { axeViolations, DESKTOP, PHONE, PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn, serverAndBrowser } from './support/journey';

/** A real photograph shipped with face-api, as the browser's file picker hands it over. */
const sample = async (n: number, name = `sample${n}.jpg`) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await readFile(
    fileURLToPath(new URL(`../node_modules/@vladmandic/face-api/demo/sample${n}.jpg`, import.meta.url)),
  ),
});
const REJECTED = 'Rejected: This is not a photo or video format we accept.';

// No demo photos: the marathon's uploads list holds exactly what this test sends.
const run = serverAndBrowser();

const logInAsOrganiser = (page: Page) =>
  logIn(page, run.server.url, 'organiser@fotodrop.test', 'Fotodrop-organiser1');

/** The queue row of one file: the list item that holds its progress bar. */
const queueRow = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('progressbar', { name: `Upload progress of ${name}` }) });

/** From the header's console link to the console's Upload section. */
async function openUploadScreen(page: Page) {
  await page.getByRole('link', { name: 'Organiser', exact: true }).click();
  await page.waitForURL('**/organiser');
  await page
    .getByRole('navigation', { name: 'Organiser console' })
    .getByRole('link', { name: 'Upload' })
    .click();
  await page.waitForURL('**/organiser/upload');
}

describe('an organiser uploads photos to the marathon', () => {
  it('sends two photos and a text file, sees the refusal and the photos turn ready', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logInAsOrganiser(page);
    await openUploadScreen(page);
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
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logInAsOrganiser(page);
    await openUploadScreen(page);
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

  it('plays an uploaded video in the browser from its web rendition', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logInAsOrganiser(page);
    await openUploadScreen(page);
    await page.getByLabel('Event').selectOption('5e1a0c3d');
    const clip = await makeTestVideo({ width: 320, height: 240, seconds: 2 });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'start-line.mp4', mimeType: 'video/mp4', buffer: clip });
    await expect
      .poll(() => queueRow(page, 'start-line.mp4').getByText('Done', { exact: true }).count(), {
        timeout: 90_000,
      })
      .toBe(1);

    const uploads = page.getByRole('region', { name: 'Uploads to Lakeside City Marathon' });
    const video = uploads.getByLabel('Video start-line.mp4');
    await video.waitFor({ timeout: 30_000 });
    const tile = uploads.getByRole('listitem').filter({ has: page.getByLabel('Video start-line.mp4') });
    expect(await tile.getByText('Ready', { exact: true }).count()).toBe(1);

    // Chromium decodes the H.264/AAC rendition: playback moves on and the frame has the clip's size.
    await video.evaluate((element) => {
      const player = element as unknown as { muted: boolean; play(): Promise<void> };
      player.muted = true;
      return player.play();
    });
    await expect
      .poll(() => video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0.5);
    const playback = await video.evaluate((element) => {
      const player = element as unknown as { videoWidth: number; videoHeight: number; error: unknown };
      return { width: player.videoWidth, height: player.videoHeight, error: player.error };
    });
    expect(playback).toEqual({ width: 320, height: 240, error: null });

    // the signed link answers byte ranges, which browsers need to seek and to load metadata only
    const range = await video.evaluate(async (element) => {
      const response = await fetch((element as unknown as { currentSrc: string }).currentSrc, {
        headers: { Range: 'bytes=0-99' },
      });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    });
    expect(range).toEqual({ status: 206, bytes: 100 });

    await video.evaluate((element) => (element as unknown as { pause(): void }).pause());
    await screenshot(page, 'organiser-upload-video-desktop');
    await context.close();
  });
});
