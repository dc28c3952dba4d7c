import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn, serverAndBrowser, WITH_DEMO_PHOTOS, waitForAlbumPhotos } from './support/journey';

const run = serverAndBrowser(WITH_DEMO_PHOTOS);

/**
 * A runner shares a photo from the viewer; a friend who is not signed in opens the link and sees
 * the photo (watermarked: not bought), with the way to their own photos; a changed link is refused.
 */
describe('a shared photo link', () => {
  it('is made in the viewer, opens for a logged-out visitor, and is refused once tampered with', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page, run.server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.getByLabel(/^Album code/).fill('K7M2Q9P');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL('**/checkins/K7M2Q9P');
    await waitForAlbumPhotos(page);
    const welcome = page.getByRole('dialog', { name: 'Well run!' });
    if (await welcome.isVisible().catch(() => false))
      await welcome.getByRole('button', { name: 'Got it' }).click();

    await page
      .getByRole('button', { name: /^Photo 1 of/ })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: 'Viewer' });
    await viewer.getByRole('img').first().waitFor();
    await viewer.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this photo' });
    await share.waitFor();
    await screenshot(page, 'share-dialog-phone');
    expect(await axeViolations(page)).toEqual([]);
    const whatsapp = await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    const link = /(https?:\/\/\S+\/shared\/\d+\/\d+\/[\w-]+)/.exec(
      new URL(whatsapp ?? '').searchParams.get('text') ?? '',
    )?.[1];
    expect(link, whatsapp ?? '').toBeTruthy();
    const shared = new URL(link as string);
    expect(shared.origin).toBe(run.server.url);
    await context.close();

    // the page the messenger unfurls: Open Graph tags with an absolute image from the configured site
    const html = await (await fetch(shared.href)).text();
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(new RegExp(`^${run.server.url}/`));
    expect((await fetch(ogImage!.replaceAll('&amp;', '&'))).status).toBe(200);

    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE_CONTEXT.viewport],
    ] as const) {
      const friend = await run.browser.newContext({ ...(name === 'phone' ? PHONE_CONTEXT : {}), viewport });
      const visitor = await friend.newPage();
      await visitor.goto(shared.href);
      await visitor.getByRole('heading', { level: 1, name: /^A photo from / }).waitFor();
      const photo = visitor.getByRole('img', { name: /^Photo from / });
      await expect
        .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBeGreaterThan(0);
      await visitor.getByRole('link', { name: 'Find my photos' }).waitFor();
      await screenshot(visitor, `shared-photo-${name}`);
      expect(await axeViolations(visitor)).toEqual([]);

      const tampered = `${shared.href.slice(0, -1)}${shared.href.endsWith('A') ? 'B' : 'A'}`;
      await visitor.goto(tampered);
      await visitor.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
      expect(await visitor.getByRole('img', { name: /^Photo from / }).count()).toBe(0);
      if (name === 'phone') await screenshot(visitor, 'shared-photo-invalid-phone');
      await friend.close();
    }
  });
});
