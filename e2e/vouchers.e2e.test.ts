import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, PHONE_CONTEXT, screenshot } from './support/browser';
import { apiToken, logIn, serverAndBrowser, WITH_DEMO_PHOTOS } from './support/journey';

const run = serverAndBrowser(WITH_DEMO_PHOTOS);
const OWNER = { email: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' };
const RUNNER = { email: 'demo@fotodrop.test', password: 'Fotodrop-demo1' };

/** One photo of the runner's marathon album in the cart: set-up the screens here are not about. */
async function photoInCart(): Promise<void> {
  const headers = {
    authorization: `Token ${await apiToken(run.server.url, RUNNER)}`,
    'content-type': 'application/json',
  };
  // the runner's album of the marathon (made now, or found when it exists)
  await fetch(`${run.server.url}/api/v2/checkins/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ picacode: 'K7M2Q9P' }),
  });
  const albums = (await (await fetch(`${run.server.url}/api/v3/checkins/`, { headers })).json()) as {
    results: { id: number; picacode: string }[];
  };
  const album = albums.results.find((a) => a.picacode === 'K7M2Q9P');
  expect(album).toBeTruthy();
  const unbought = async () => {
    const page = (await (
      await fetch(`${run.server.url}/api/v3/checkins/${album!.id}/all-medias/?page_size=100`, { headers })
    ).json()) as { results: { id: number; is_purchased: boolean }[] };
    return page.results.find((m) => !m.is_purchased)?.id;
  };
  await expect.poll(unbought, { timeout: 90_000, interval: 1000 }).toBeTruthy();
  const added = await fetch(`${run.server.url}/api/cart/digital-items/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      checkin_id: album!.id,
      gallery_id: null,
      order_type: 'PHOTOLIST',
      media_ids: [await unbought()],
    }),
  });
  expect(added.status).toBe(201);
}

/**
 * Issue 19: the owner makes a voucher for the marathon and a campaign in the console; the runner
 * pays with the voucher at the checkout; the owner sees the use, and the voucher (once per
 * account) is refused to the runner's next order.
 */
describe('vouchers made in the console are used at the checkout', () => {
  it('creates a voucher and a campaign, a runner pays with the voucher, the owner sees its use', async () => {
    const owner = await (await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await logIn(owner, run.server.url, OWNER.email, OWNER.password);
    await owner.goto(`${run.server.url}/organiser/vouchers`);
    await owner.getByRole('button', { name: 'New voucher' }).click();
    await owner.getByLabel(/^Code/).fill('lake-ten');
    await owner.getByLabel(/^Percent off/).fill('10');
    await owner.getByRole('checkbox', { name: 'Lakeside City Marathon' }).check();
    await owner.getByRole('button', { name: 'Create voucher' }).click();
    await owner.getByText('Voucher LAKE-TEN created.').waitFor();
    await owner.getByRole('button', { name: 'New campaign' }).click();
    await owner.getByLabel(/^Code/).fill('spring25');
    await owner.getByLabel(/^Percent off/).fill('25');
    await owner.getByRole('button', { name: 'Create campaign' }).click();
    await owner.getByText('Campaign SPRING25 saved.').waitFor();
    expect(await owner.locator('.vouchers-url').first().getAttribute('href')).toBe(
      `${run.server.url}/preview?campaign_code=SPRING25`,
    );
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, 'vouchers-console-desktop');

    await photoInCart();
    const runner = await (await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await logIn(runner, run.server.url, RUNNER.email, RUNNER.password);
    await runner.goto(`${run.server.url}/checkout`);
    const pay = runner.getByRole('button', { name: /^Pay / });
    const before = await pay.textContent();
    await runner.getByRole('button', { name: 'Have a promo code?' }).click();
    const promo = runner.getByRole('dialog', { name: 'Promo code' });
    await promo.getByLabel('Your promo code').fill('lake-ten');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await promo.getByText(/Promo code LAKE-TEN applied/i).waitFor();
    await promo.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => pay.textContent()).not.toBe(before);
    await runner.getByLabel('Card number').fill('4242 4242 4242 4242');
    await runner.getByLabel('Expiry date').fill('12/39');
    await runner.getByLabel('Security code (CVC)').fill('123');
    await pay.click();
    await runner.waitForURL('**/checkout/success**');

    // once per account: the runner's next cart is told the code was used
    await photoInCart();
    await runner.goto(`${run.server.url}/checkout`);
    await runner.getByRole('button', { name: 'Have a promo code?' }).click();
    await promo.getByLabel('Your promo code').fill('LAKE-TEN');
    await promo.getByRole('button', { name: 'Apply' }).click();
    await promo.getByText('Promotion already used').waitFor();

    const phone = await (await run.browser.newContext(PHONE_CONTEXT)).newPage();
    await logIn(phone, run.server.url, OWNER.email, OWNER.password);
    await phone.goto(`${run.server.url}/organiser/vouchers`);
    const row = phone.getByRole('row').filter({ hasText: 'LAKE-TEN' });
    await row.getByText('1 paid order').waitFor();
    await screenshot(phone, 'vouchers-console-phone');
  });
});
