import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE_CONTEXT, screenshot } from './support/browser';
import { serverAndBrowser } from './support/journey';

const run = serverAndBrowser();

/** Every message of the development mailbox, read as platform staff (it answers nobody else). */
async function mailbox(): Promise<string[]> {
  const login = await fetch(`${run.server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff@fotodrop.test', password: 'Fotodrop-staff1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Token ${token}` };
  const list = (await (await fetch(`${run.server.url}/api/dev/mailbox`, { headers })).json()) as {
    messages: string[];
  };
  return Promise.all(
    list.messages.map(async (name) =>
      (await fetch(`${run.server.url}/api/dev/mailbox/${name}`, { headers })).text(),
    ),
  );
}

/** The message to `to` whose subject names request `id`, waiting for the mail worker. */
async function mailTo(to: string, id: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    // a line of its own: the support copy's Reply-To names the visitor too
    const found = (await mailbox()).find((m) => m.split(/\r?\n/).includes(`To: ${to}`) && m.includes(id));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} arrived in the outbox`);
}

describe('a visitor who needs help', () => {
  it('searches the FAQ, sends a request with a screenshot, and support receives it by e-mail', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await page.goto(`${run.server.url}/help`);
    await page.getByRole('heading', { level: 1, name: 'Help and FAQ' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Downloads and HD' }).waitFor();

    // the search finds questions in any case; a result opens its question below the bar
    await page.getByLabel('Search the questions').fill('DOWNLOAD');
    const result = page.getByRole('link', { name: 'How do I download the photos I bought?' });
    await result.click();
    await page.waitForURL(/#faq-\d+$/);
    const question = page
      .locator('details[open]')
      .filter({ hasText: 'How do I download the photos I bought?' });
    await question.waitFor();
    // scrolled (smoothly) to sit 136 px below the top, under the navigation bar
    await expect.poll(async () => (await question.boundingBox())!.y).toBeLessThan(140);
    expect((await question.boundingBox())!.y).toBeGreaterThan(130);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'help-search-phone');

    // a visitor has no albums: no event to choose, the album code is typed
    expect(await page.getByLabel('Event').count()).toBe(0);
    await page.getByLabel(/^Your name/).fill('Vera Visitor');
    await page.getByLabel(/^Your e-mail address/).fill('vera@example.com');
    await page.getByLabel('Album code').fill('K7M2Q9P');
    await page.getByLabel(/^Topic/).selectOption('missing_photos');
    await page.getByLabel(/^Subject/).fill('No photos from km 30');
    await page.getByLabel(/^Message/).fill('My album shows the start but nothing from km 30.');
    const png = await sharp({
      create: { width: 390, height: 844, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    await page.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'screen.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByRole('button', { name: 'Send request' }).click();
    const sent = page.getByText(/^Request #\d+ sent$/);
    // the server re-encodes the screenshot while the demo photos are processed on the same cores
    await sent.waitFor({ timeout: 60_000 }).catch(async (error) => {
      await screenshot(page, 'help-send-failed-phone');
      throw error;
    });
    const id = /#(\d+)/.exec((await sent.textContent())!)![1]!;
    await page.getByText('We have e-mailed a confirmation to vera@example.com.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'help-sent-phone');
    await context.close();

    const toSupport = await mailTo('support@fotodrop.example', `#${id}`);
    expect(toSupport).toContain('Reply-To: vera@example.com');
    expect(toSupport).toContain('Album code: K7M2Q9P');
    expect(toSupport).toMatch(/filename=request-\d+-screenshot\.jpg/);
    const confirmation = await mailTo('vera@example.com', `#${id}`);
    expect(confirmation).toContain(`We received your request #${id}`);
  });

  it('shows the help page on a wide screen with every section side by side', async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${run.server.url}/help#privacy`);
    await page.getByRole('heading', { level: 2, name: 'Privacy and face search' }).waitFor();
    await page.getByRole('link', { name: 'Camera help' }).waitFor();
    await page.getByRole('link', { name: 'Terms of service' }).waitFor();
    expect(
      await page
        .locator('.help-links')
        .getByRole('link', { name: /AppGallery/ })
        .count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'help-desktop');
    await context.close();
  });
});
