import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaKey } from '../apps/server/src/media/variants';
import { axeViolations, DESKTOP, PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn as logInAs, serverAndBrowser, WITH_DEMO_PHOTOS, waitForAlbumPhotos } from './support/journey';

const run = serverAndBrowser(WITH_DEMO_PHOTOS);

const logIn = (page: Page) => logInAs(page, run.server.url, 'demo@fotodrop.test', 'Fotodrop-demo1');

async function openMarathonAlbum(page: Page) {
  await page.goto(`${run.server.url}/checkins`);
  await page.getByLabel(/^Album code/).fill('K7M2Q9P');
  await page.getByRole('button', { name: 'Open album' }).click();
  await page.waitForURL('**/checkins/K7M2Q9P');
  await waitForAlbumPhotos(page);
  const welcome = page.getByRole('dialog', { name: 'Well run!' });
  if ((await welcome.count()) > 0) {
    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
  }
}

/**
 * The tile number ("Photo N of M") of the album's first medium the user has (or has not) bought.
 * Demo photos keep arriving during the test, newest first, so it is looked up right before use.
 */
async function photoNumber(bought: boolean): Promise<number> {
  const headers = { authorization: `Token ${await apiToken()}` };
  const albums = (await (await fetch(`${run.server.url}/api/v3/checkins/`, { headers })).json()) as {
    results: { id: number; picacode: string }[];
  };
  const album = albums.results.find((a) => a.picacode === 'K7M2Q9P')!;
  const indexOf = async () => {
    const page = (await (
      await fetch(`${run.server.url}/api/v3/checkins/${album.id}/all-medias/?page_size=100`, { headers })
    ).json()) as { results: { is_purchased: boolean }[] };
    return page.results.findIndex((m) => m.is_purchased === bought);
  };
  // The demo photos arrive one by one: wait for one in the state asked for.
  await expect.poll(indexOf, { timeout: 90_000, interval: 1000 }).toBeGreaterThanOrEqual(0);
  return (await indexOf()) + 1;
}

async function addPhotoFromViewer(page: Page) {
  const viewer = page.getByRole('dialog', { name: 'Viewer' });
  const add = viewer.getByRole('button', { name: 'Add to cart' });
  // Demo photos still arriving (newest first) can move the photo between the count and the click:
  // the viewer then shows another one, maybe bought; close it and count again.
  for (let attempt = 0; ; attempt++) {
    const number = await photoNumber(false);
    await page.reload();
    await page
      .getByRole('button', { name: new RegExp(`^Photo ${number} of`) })
      .first()
      .click();
    const found = await add.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (found || attempt === 3) break;
    await page.keyboard.press('Escape');
  }
  await add.click();
  await viewer.getByRole('button', { name: /^In cart/ }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => viewer.count()).toBe(0);
}

async function fillTestCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
}

/** The demo user's API token, for set-up the screens are not about (a print item in the cart). */
async function apiToken(): Promise<string> {
  const res = await fetch(`${run.server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@fotodrop.test', password: 'Fotodrop-demo1' }),
  });
  return ((await res.json()) as { token: string }).token;
}

describe('a runner pays for photos and downloads the originals', () => {
  it('declines, applies a promo code, pays with 4242 and downloads the clean original', async () => {
    const context = await run.browser.newContext({
      viewport: DESKTOP,
      locale: 'en-US',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await logIn(page);
    await openMarathonAlbum(page);
    await addPhotoFromViewer(page);

    await page.goto(`${run.server.url}/checkout`);
    await page.getByRole('note').filter({ hasText: 'Test mode — no money moves.' }).waitFor();
    // The decline card: the provider's message in the payment-error modal, the cart unchanged.
    await fillTestCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay / }).click();
    const error = page.getByRole('dialog', { name: 'Something went wrong' });
    await error.getByText('Your card was declined.').waitFor();
    await screenshot(page, 'checkout-decline-desktop');
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => error.count()).toBe(0);
    const cart = await fetch(`${run.server.url}/api/cart/digital-items/`, {
      headers: { authorization: `Token ${await apiToken()}` },
    });
    expect(((await cart.json()) as { results: unknown[] }).results).toHaveLength(1);

    // A promo code lowers the total the pay button shows.
    const payButton = page.getByRole('button', { name: /^Pay / });
    const before = await payButton.textContent();
    await page.getByRole('button', { name: 'Have a promo code?' }).click();
    const promo = page.getByRole('dialog', { name: 'Promo code' });
    await promo.getByLabel('Your promo code').fill('PROMO20');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await promo.getByText('Promo code PROMO20 applied').waitFor();
    await promo.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => payButton.textContent()).not.toBe(before);

    await fillTestCard(page, '4242 4242 4242 4242');
    await payButton.click();
    await page.waitForURL('**/checkout/success**');
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'checkout-success-desktop');

    // The album: the photo is bought; its viewer offers the original as a download.
    await openMarathonAlbum(page);
    await page.reload();
    await screenshot(page, 'album-bought-desktop');
    await page
      .getByRole('button', { name: new RegExp(`^Photo ${await photoNumber(true)} of`) })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: 'Viewer' });
    const download = viewer.getByRole('link', { name: /Download/ });
    await download.waitFor();
    await screenshot(page, 'viewer-bought-desktop');
    const href = (await download.getAttribute('href')) ?? '';
    const mediaId = Number(/\/media\/(\d+)\/original-download\//.exec(href)?.[1]);
    expect(mediaId).toBeGreaterThan(0);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const saved = await file.path();
    const bytes = await readFile(saved);
    const original = await readFile(join(run.server.dataDir, 'media', mediaKey(mediaId, 'original')));
    // Exactly the stored original: its bytes, its pixel size, no watermark drawn into it.
    expect(bytes.equals(original)).toBe(true);
    const [got, stored] = await Promise.all([sharp(bytes).metadata(), sharp(original).metadata()]);
    expect([got.width, got.height]).toEqual([stored.width, stored.height]);
    expect(file.suggestedFilename()).toMatch(/_\d+\.jpg$/);
    await context.close();
  });

  it('a print order to a country the lab does not serve is refused; to a served one it is paid and sent to the lab', async () => {
    const token = await apiToken();
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${run.server.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page);
    await openMarathonAlbum(page);
    await addPhotoFromViewer(page);
    // The print item (its screens have their own tests): prints of the photo in the cart.
    const lines = (await api('GET', '/cart/digital-items/')).results as { media_ids: number[] }[];
    const photo = lines[0]!.media_ids[0]!;
    const products = (await api('GET', '/print/api/v1/products/?include_variants_with_price=true'))
      .results as {
      id: number;
      title: string;
      product_variant_options: { options: { id: number }[] }[];
    }[];
    const prints = products.find((p) => p.title === 'Photo prints')!;
    await api('POST', '/print/api/v1/decorate-product-configuration/', {
      product_id: prints.id,
      variant_option_ids: prints.product_variant_options.map((g) => g.options[0]!.id),
      photos: [{ photo_id: photo, quantity: 2 }],
      add_to_cart: true,
    });

    await page.goto(`${run.server.url}/checkout`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Runner');
    await page.getByLabel('E-mail address').first().fill('ada@example.com');
    await page.getByLabel('Phone').fill('+39 333 000 0000');
    await page.getByLabel('Street').fill('Via Roma');
    await page.getByLabel('House number').fill('1');
    await page.getByLabel('Postcode').first().fill('20100');
    await page.getByLabel('City').first().fill('Milano');
    const country = page.getByLabel('Country').first();
    await country.selectOption({ label: 'United States' });
    await page.getByText('No delivery to your country').first().waitFor();
    await screenshot(page, 'checkout-no-delivery-phone');
    await country.selectOption({ label: 'Italy' });
    await expect.poll(() => page.getByText('No delivery to your country').count()).toBe(0);
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/checkout/success**');
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await screenshot(page, 'checkout-success-phone');
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    // The fulfilment job sends the order to the lab: renditions and a manifest in storage.
    await expect
      .poll(
        () =>
          stat(join(run.server.dataDir, 'media', 'lab', String(orderId), 'manifest.json')).then(
            () => true,
            () => false,
          ),
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    await context.close();
  });
});
