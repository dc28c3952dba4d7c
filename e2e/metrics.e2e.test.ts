import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, DESKTOP, screenshot } from './support/browser';
import { serverAndBrowser } from './support/journey';

// No demo photos: the album's own metrics (time in album) are enough, and the machine stays calm.
const run = serverAndBrowser();

/** As journey's logIn, with room for a busy machine (the login's password check is slow under load). */
async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${run.server.url}/login`);
  await page.getByLabel(/^E-mail( \*)?$/).fill(email);
  await page.getByLabel(/^Password( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).last().click();
  await page.waitForURL('**/checkins', { timeout: 90_000 });
}

const queued = (page: Page) => page.evaluate(() => localStorage.getItem('metric_queue'));

async function organiserToken(): Promise<string> {
  const res = await fetch(`${run.server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'organiser@fotodrop.test', password: 'Fotodrop-organiser1' }),
  });
  return ((await res.json()) as { token: string }).token;
}

describe('usage metrics', () => {
  it("reach the metrics listener from a runner's album, and the organiser sees the event's page", async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|CORS/i.test(m.text())) refused.push(m.text());
    });
    // the listener's answers wait until the queue was read: a send started meanwhile (the 20 s
    // pause in activity passes while a loaded machine opens the album) would empty it first
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/metric',
      async (route) => {
        if (route.request().method() === 'POST') await released;
        await route.continue();
      },
    );
    await logIn(page, 'demo@fotodrop.test', 'Fotodrop-demo1');
    await page.getByLabel(/^Album code/).fill('K7M2Q9P');
    await page.getByRole('button', { name: 'Open album' }).click();
    await page.waitForURL('**/checkins/K7M2Q9P', { timeout: 90_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Lakeside City Marathon');
    await page.waitForTimeout(2500);
    // leaving the album sends its time: more than two seconds were spent there
    await page.getByRole('link', { name: 'My albums' }).first().click();
    await page.waitForURL('**/checkins', { timeout: 90_000 });
    const queue = JSON.parse((await queued(page)) ?? '[]') as { type: string; time_in_seconds?: number }[];
    // (the album-code page's own message may have left already with the start-up send)
    expect(queue.map((m) => m.type)).toContain('time_in_album');
    expect(queue.find((m) => m.type === 'time_in_album')?.time_in_seconds).toBeGreaterThanOrEqual(2);

    // the mouse leaves the window: the queue goes to the listener and leaves local storage
    release();
    await page.evaluate("document.documentElement.dispatchEvent(new MouseEvent('mouseleave'))");
    await expect.poll(() => queued(page), { timeout: 60_000 }).toBeNull();
    expect(refused).toEqual([]);

    // stored by the listener: the organiser's page counts them as not yet aggregated
    const token = await organiserToken();
    const answer = await fetch(`${run.server.url}/api/organiser/v1/events/5e1a0c3d/metrics/?days=7`, {
      headers: { authorization: `Token ${token}` },
    });
    const body = (await answer.json()) as { pending: number; days: unknown[] };
    expect(answer.status).toBe(200);
    expect(body.pending).toBeGreaterThanOrEqual(1);
    expect(body.days).toHaveLength(7);
    await context.close();

    const organiser = await run.browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const orgPage = await organiser.newPage();
    await logIn(orgPage, 'organiser@fotodrop.test', 'Fotodrop-organiser1');
    // the former metrics page leads to the organisation's dashboard (issue 19), whose event row
    // opens the event's own dashboard
    await orgPage.goto(`${run.server.url}/organiser/metrics`);
    await orgPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await orgPage.goto(`${run.server.url}/organiser/events/5e1a0c3d/dashboard`);
    await orgPage.getByRole('heading', { level: 1, name: 'Dashboard: Lakeside City Marathon' }).waitFor();
    await orgPage.getByRole('heading', { level: 2, name: 'Views, downloads and shares per day' }).waitFor();
    await expect
      .poll(() => orgPage.getByRole('status').textContent())
      .toMatch(/recent actions? (is|are) not counted yet/);
    await screenshot(orgPage, 'organiser-metrics-desktop');
    expect(await axeViolations(orgPage)).toEqual([]);
    await organiser.close();
  });
});
