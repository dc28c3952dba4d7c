import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../apps/server/src/db/client';
import { axeViolations, DESKTOP, PHONE, PHONE_CONTEXT, SCREENSHOT_DIR, screenshot } from './support/browser';
import { logIn, serverAndBrowser } from './support/journey';

const run = serverAndBrowser();

/** The demo user's album of the marathon, made through the API as the album screen makes it. */
async function giveDemoAnAlbum(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@fotodrop.test', password: 'Fotodrop-demo1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const checkin = await fetch(`${baseUrl}/api/v2/checkins/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify({ picacode: 'K7M2Q9P' }),
  });
  expect(checkin.status).toBeLessThan(300);
}

describe('staff view the app as a user', () => {
  it('shows the user list as cards on a phone', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await logIn(page, run.server.url, 'staff@fotodrop.test', 'Fotodrop-staff1');
    await page.goto(`${run.server.url}/impersonate`);
    const card = page.getByRole('listitem').filter({ hasText: 'demo@fotodrop.test' });
    await card.getByRole('button', { name: 'Impersonate demo@fotodrop.test' }).waitFor();
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'impersonate-phone');
    await context.close();
  });

  it('enters the demo user’s session, sees their albums under a banner, returns, and the audit log has both', async () => {
    await giveDemoAnAlbum(run.server.url);
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, run.server.url, 'staff@fotodrop.test', 'Fotodrop-staff1');
    await page.getByRole('link', { name: 'View as user' }).click();
    await page.waitForURL('**/impersonate');
    await page.getByRole('heading', { level: 1, name: 'View as a user' }).waitFor();
    // staff and organisers are never listed
    await page.getByRole('cell', { name: 'demo@fotodrop.test', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'organiser@fotodrop.test', exact: true }).count()).toBe(0);
    await page.getByLabel('Search by e-mail or name').fill('dana');
    await page.waitForURL('**/impersonate?q=dana');
    await page.getByRole('cell', { name: 'demo@fotodrop.test', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'impersonate-desktop');

    await page.getByRole('button', { name: 'Impersonate demo@fotodrop.test' }).click();
    const banner = page.getByRole('region', { name: 'Viewing as another user' });
    await banner.getByText('You are viewing as demo@fotodrop.test').waitFor();
    await page.waitForURL(/\/checkins$/);
    await page.getByText('Lakeside City Marathon').first().waitFor();
    // the staff links are not there in the user's session
    expect(await page.getByRole('link', { name: 'View as user' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'impersonating-albums-desktop');
    // the banner stays on every page, reloads included
    await page.reload();
    await banner.getByText('You are viewing as demo@fotodrop.test').waitFor();
    // and in view when the page scrolls (issue 17: it scrolled away), the header right under it
    await page.setViewportSize(PHONE);
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    expect(await page.evaluate('window.scrollY')).toBeGreaterThan(200);
    const stuck = await banner.boundingBox();
    expect(stuck?.y).toBe(0);
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.y).toBeCloseTo((stuck?.y ?? 0) + (stuck?.height ?? 0), 0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/impersonating-scrolled-phone.png` });
    await page.setViewportSize(DESKTOP);

    await banner.getByRole('button', { name: 'Return to my account' }).click();
    await page.waitForURL('**/impersonate');
    await page.getByRole('heading', { level: 1, name: 'View as a user' }).waitFor();
    await page.getByRole('cell', { name: 'demo@fotodrop.test', exact: true }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('impersonator'))).toBeNull();
    await context.close();

    // The trail, read from the database once the server has stopped (PGlite has one process).
    await run.server.stop({ keepData: true });
    const database = await openPglite(join(run.server.dataDir, 'db'));
    try {
      const { rows } = await database.executeSql(
        'select action, impersonator_email, user_email, end_reason, ip, user_agent from impersonation_audit order by id',
        [],
      );
      expect(rows).toEqual([
        expect.objectContaining({
          action: 'start',
          impersonator_email: 'staff@fotodrop.test',
          user_email: 'demo@fotodrop.test',
        }),
        expect.objectContaining({ action: 'end', end_reason: 'logout', user_email: 'demo@fotodrop.test' }),
      ]);
      for (const row of rows as { ip: string; user_agent: string }[]) {
        expect(row.ip).not.toBe('');
        expect(row.user_agent).toMatch(/Chrome/);
      }
    } finally {
      await database.close();
    }
  });
});
