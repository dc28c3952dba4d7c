import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationsRepository } from '../src/repositories/organisations.repository';
import { brandedLabel } from '../src/services/accounts/link-base';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, SIGNUP, startHarness } from './harness';

describe('a branded subdomain in the Host header', () => {
  it('is read only from an exact <label>.<public host> with an optional port', () => {
    expect(brandedLabel('alpinerun.localhost', 'localhost')).toBe('alpinerun');
    expect(brandedLabel('AlpineRun.LocalHost:8080', 'localhost')).toBe('alpinerun');
    for (const forged of [
      'evil.example/.localhost',
      'evil.example?.localhost',
      'evil.example#.localhost',
      'evil.example\\.localhost',
      'evil.example.localhost',
      'user@evil.example/.localhost',
      'localhost',
      'evil.example',
      'alpinerun.localhost.evil.example',
      '',
    ]) {
      expect(brandedLabel(forged, 'localhost'), forged).toBeNull();
    }
  });
});

// The harness's PUBLIC_URL is http://localhost:8080.
describe.each(BACKENDS)('links in e-mails on %s', (backend) => {
  let h: Harness;
  const mailer = collectingMailer();
  let brandedId: number;
  beforeAll(async () => {
    h = await startHarness(backend, { mailer });
    await registerMailWorker(h.jobs, mailer);
    await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP);
    brandedId = (
      await organisationsRepository(h.database.db).upsert({ appName: 'alpinerun', name: 'Alpine Run' })
    ).id;
  });
  afterAll(() => h?.close());

  /** Requests a reset with these headers and returns the link the e-mail carries. */
  const resetLink = async (headers: Record<string, string>) => {
    // Past the per-e-mail limit of the previous request.
    h.clock.now = new Date(h.clock.now.getTime() + 61 * 60_000);
    const before = mailer.sent.length;
    const answer = await call(
      h.app,
      'POST',
      '/api/api/v1/password/reset/',
      { email: SIGNUP.email },
      { headers },
    );
    expect(answer.status).toBe(200);
    for (let i = 0; i < 100 && mailer.sent.length === before; i++)
      await new Promise((r) => setTimeout(r, 100));
    const text = mailer.sent[before]?.text ?? '';
    const link = /https?:\/\/\S+reset-password\?token=\S+/.exec(text)?.[0];
    if (!link) throw new Error(`no reset link in: ${text}`);
    return link;
  };

  it('never takes the origin from a forged Host header', async () => {
    for (const separator of ['/', '?', '#', '\\']) {
      const link = await resetLink({ host: `evil.example${separator}.localhost` });
      expect(link.startsWith('http://localhost:8080/reset-password?token='), link).toBe(true);
    }
    const suffix = await resetLink({ host: 'evil.localhost' });
    expect(suffix.startsWith('http://localhost:8080/reset-password?token='), suffix).toBe(true);
  });

  it("sends a branded organisation's users to its own subdomain, with PUBLIC_URL's scheme and port", async () => {
    const byHost = await resetLink({ host: 'alpinerun.localhost' });
    expect(byHost.startsWith('http://alpinerun.localhost:8080/reset-password?token='), byHost).toBe(true);
    const byHeader = await resetLink({ 'x-event-owner': String(brandedId) });
    expect(byHeader.startsWith('http://alpinerun.localhost:8080/reset-password?token='), byHeader).toBe(true);
    const ownSite = await resetLink({ 'x-event-owner': '34', host: 'alpinerun.localhost' });
    expect(ownSite.startsWith('http://localhost:8080/reset-password?token='), ownSite).toBe(true);
  });
});
