import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4671';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill('organiser@fotodrop.test');
  await page.getByLabel(/^Password( \*)?$/).fill('Fotodrop-organiser1');
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20000 });
  await page.goto(`${base}/organiser`);
  await page.getByRole('table').waitFor({ timeout: 20000 });
  const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(width, 'list scrollWidth', scrollW);
  await page.screenshot({ path: `/tmp/ew/list-${width}.png`, fullPage: true });
  const href = await page.locator('table a.event-link').first().getAttribute('href');
  console.log('event', href);
  for (const tab of ['overview', 'settings', 'galleries', 'photographers']) {
    await page.goto(`${base}${href}?tab=${tab}`);
    await page.getByRole('tabpanel').waitFor({ timeout: 20000 });
    await page.waitForTimeout(1500);
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(width, tab, 'scrollWidth', w);
    await page.screenshot({ path: `/tmp/ew/${tab}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
