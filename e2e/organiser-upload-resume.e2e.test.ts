import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from './support/browser';
import { logIn, serverAndBrowser } from './support/journey';

/** Real photographs shipped with face-api, as the browser's file picker hands them over. */
const sample = async (n: number) => ({
  name: `sample${n}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await readFile(
    fileURLToPath(new URL(`../node_modules/@vladmandic/face-api/demo/sample${n}.jpg`, import.meta.url)),
  ),
});

const run = serverAndBrowser();

const queueRow = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('progressbar', { name: `Upload progress of ${name}` }) });

async function openUploadScreen(page: Page) {
  await logIn(page, run.server.url, 'organiser@fotodrop.test', 'Fotodrop-organiser1');
  await page.goto(`${run.server.url}/organiser/upload`);
  await page.getByRole('heading', { level: 1, name: 'Upload photos and videos' }).waitFor();
  await page.getByLabel('Event').selectOption('5e1a0c3d');
}

describe('uploads by tus survive a dropped connection, and a batch chosen again skips what arrived', () => {
  it('resumes a file whose PATCH was cut, then skips the same files chosen again', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    // the first PATCH (the file's bytes) dies on the way: tus asks the offset and sends again
    const requests: string[] = [];
    let dropped = 0;
    await page.route('**/api/organiser/v1/uploads/**', async (route) => {
      const method = route.request().method();
      requests.push(method);
      if (method === 'PATCH' && dropped === 0) {
        dropped++;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await openUploadScreen(page);
    const files = [await sample(4), await sample(5)];
    await page.locator('input[type="file"]').setInputFiles(files);

    for (const { name } of files) {
      await expect
        .poll(() => queueRow(page, name).getByText('Done', { exact: true }).count(), { timeout: 90_000 })
        .toBe(1);
    }
    expect(dropped).toBe(1);
    // two creations; the cut file was looked up (HEAD) and sent again; each finished by a PATCH
    expect(requests.filter((m) => m === 'POST')).toHaveLength(2);
    expect(requests.filter((m) => m === 'HEAD').length).toBeGreaterThanOrEqual(1);
    expect(requests.filter((m) => m === 'PATCH')).toHaveLength(3);
    await screenshot(page, 'organiser-upload-resumed');

    // the same folder chosen again (after a crash, another day): hashed, looked up, nothing sent
    const before = requests.length;
    await page.locator('input[type="file"]').setInputFiles(files);
    await page.getByText('2 already uploaded, skipped').waitFor({ timeout: 30_000 });
    expect(requests.length).toBe(before);
    await screenshot(page, 'organiser-upload-skipped');
    await context.close();
  });
});
