import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_CONTEXT, screenshot } from './support/browser';
import { logIn, serverAndBrowser, WITH_DEMO_PHOTOS } from './support/journey';

const run = serverAndBrowser(WITH_DEMO_PHOTOS);
const DEMO = { email: 'demo@fotodrop.test', password: 'Fotodrop-demo1' };

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const login = await fetch(`${run.server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO.email, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${run.server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Set-up the screens are not about: one unbought photo of the marathon album in the cart. */
async function photoInCart() {
  const album = (await api('/v2/checkins/', { method: 'POST', body: { picacode: 'K7M2Q9P' } })).body
    .id as number;
  const unbought = async () =>
    (
      (await api(`/v3/checkins/${album}/all-medias/?page_size=100`)).body.results as {
        id: number;
        is_purchased: boolean;
      }[]
    ).find((m) => !m.is_purchased)?.id;
  // The demo photos go through the real pipeline after the start.
  await expect.poll(unbought, { timeout: 90_000, interval: 1000 }).toBeGreaterThan(0);
  const added = await api('/cart/digital-items/', {
    method: 'POST',
    body: { checkin_id: album, gallery_id: null, order_type: 'PHOTOLIST', media_ids: [await unbought()] },
  });
  expect(added.status).toBe(201);
}

async function payWithTestCard(page: Page, number: string) {
  await page.goto(`${run.server.url}/checkout`);
  await page.getByRole('note').filter({ hasText: 'Test mode — no money moves.' }).waitFor();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/**
 * Issue 17, item 1 on a phone: a buyer who cancels the bank's 3-D Secure step, then one who closes
 * the tab in the middle of it, can pay straight away — no "payment still being processed" lock —
 * and ends with one paid order.
 */
describe('an abandoned 3-D Secure step on a phone', () => {
  it('Cancel in the bank dialog, then a closed tab, then paying with another card', async () => {
    await photoInCart();
    const context = await run.browser.newContext(PHONE_CONTEXT);
    let page = await context.newPage();
    await logIn(page, run.server.url, DEMO.email, DEMO.password);

    // 1. The bank asks for a second confirmation; the buyer presses Cancel.
    await payWithTestCard(page, '4000 0000 0000 3220');
    const bank = page.getByRole('dialog', { name: 'Confirm with your bank' });
    await bank.waitFor();
    await screenshot(page, 'checkout-3ds-phone');
    await bank.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => bank.count()).toBe(0);
    await expect
      .poll(async () =>
        ((await api('/v3/orders/')).body.results as { status: string }[]).map((o) => o.status),
      )
      .not.toContain('processing');

    // 2. Again, and this time the tab is closed while the bank waits.
    await payWithTestCard(page, '4000 0000 0000 3220');
    await page.getByRole('dialog', { name: 'Confirm with your bank' }).waitFor();
    await page.close();
    page = await context.newPage();
    await page.goto(`${run.server.url}/profile/orders`);
    const stuck = page.getByRole('article').filter({ hasText: 'Processing' });
    await stuck.first().waitFor();
    // its first photo (decorative: alt="", so located by its list, not by role)
    await stuck.first().locator('.order-thumbs img').first().waitFor({ state: 'attached' });
    await screenshot(page, 'my-orders-processing-phone');

    // 3. Paying again replaces the abandoned payment at once: no 409, one paid order.
    await payWithTestCard(page, '4242 4242 4242 4242');
    await page.waitForURL('**/checkout/success**');
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await screenshot(page, 'checkout-success-after-3ds-phone');

    await page.goto(`${run.server.url}/profile/orders`);
    await page.getByRole('article').first().getByText('Paid').waitFor();
    expect(await page.getByText('Processing').count()).toBe(0);
    const orders = (await api('/v3/orders/')).body.results as { status: string }[];
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(1);
    expect(orders.filter((o) => o.status !== 'paid')).toEqual([]);
    // Nothing is cut off on a 390 px screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await context.close();
    // it waits for the demo photos' real pipeline first, which a loaded machine makes slow
  }, 300_000);
});
