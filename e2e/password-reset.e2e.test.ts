import { describe, expect, it } from 'vitest';
import { axeViolations, PHONE_CONTEXT, screenshot } from './support/browser';
import { serverAndBrowser } from './support/journey';

const run = serverAndBrowser();

/**
 * Reads the newest message of the development mailbox (the outbox folder) through the server, as
 * platform staff: the mailbox answers nobody else (it holds other people's reset links).
 */
async function latestMail(): Promise<string> {
  const login = await fetch(`${run.server.url}/api/api/v1/get-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff@fotodrop.test', password: 'Fotodrop-staff1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Token ${token}` };
  expect((await fetch(`${run.server.url}/api/dev/mailbox`)).status).toBe(401);
  for (let i = 0; i < 100; i++) {
    const list = (await (await fetch(`${run.server.url}/api/dev/mailbox`, { headers })).json()) as {
      messages: string[];
    };
    const newest = list.messages[0];
    if (newest) return (await fetch(`${run.server.url}/api/dev/mailbox/${newest}`, { headers })).text();
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no e-mail arrived in the outbox');
}

describe('a participant who forgot the password', () => {
  it('asks for a link, receives it by e-mail, sets a new password and logs in with it', async () => {
    const context = await run.browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await page.goto(`${run.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel(/^E-mail( \*)?$/).fill('demo@fotodrop.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your inbox');
    await screenshot(page, 'reset-sent-phone');

    const mail = await latestMail();
    expect(mail).toContain('To: demo@fotodrop.test');
    // Quoted-printable may fold the link; undo soft line breaks before reading it.
    const link = /http:\/\/localhost:\d+\/reset-password\?token=[\w%=-]+/.exec(
      mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    );
    expect(link).not.toBeNull();

    await page.goto(link![0]);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Choose a new password');
    await page.getByLabel(/^New password( \*)?$/).fill('Sunrise-run-7!');
    await page.getByLabel(/^Repeat the password( \*)?$/).fill('Sunrise-run-7!');
    await screenshot(page, 'reset-new-password-phone');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL('**/login**');
    await expect
      .poll(() =>
        page.getByText('Your password has been changed. You can now log in with the new one.').count(),
      )
      .toBe(1);

    await page.getByLabel(/^E-mail( \*)?$/).fill('demo@fotodrop.test');
    await page.getByLabel(/^Password( \*)?$/).fill('Sunrise-run-7!');
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await page.waitForURL('**/checkins');

    // The link worked once: opening it again is refused with a clear message.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link![0]);
    await page.getByLabel(/^New password( \*)?$/).fill('Another-run-8!');
    await page.getByLabel(/^Repeat the password( \*)?$/).fill('Another-run-8!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => page.getByText(/not valid any more/).count()).toBeGreaterThan(0);
    await context.close();
  });
});
