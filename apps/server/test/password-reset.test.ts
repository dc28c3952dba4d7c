import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/adapters/mail/mailer';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';
import { startSmtp } from './smtp-server';

describe.each(BACKENDS)('password reset through the job queue and a real SMTP server on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const mailer = smtpMailer(smtp.url, 'Fotodrop <no-reply@fotodrop.test>');
    h = await startHarness(backend, { mailer });
    await registerMailWorker(h.jobs, mailer);
    await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, language: 'de' });
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.close();
  });

  const tokenFrom = (text: string) => {
    const match = /reset-password\?token=([\w%-]+)/.exec(text);
    if (!match) throw new Error(`no reset link in: ${text}`);
    return decodeURIComponent(match[1]!);
  };

  it('e-mails a link in the user language; the link sets a new password once', async () => {
    const arriving = smtp.next();
    const request = await call(h.app, 'POST', '/api/api/v1/password/reset/', { email: 'RUNNER@example.com' });
    expect(request.status).toBe(200);
    const mail = await arriving;
    expect(mail.to).toEqual(['runner@example.com']);
    expect(mail.subject).toBe('Setze dein Fotodrop-Passwort zurück');
    expect(mail.text).toContain('http://localhost:8080/reset-password?token=');
    const token = tokenFrom(mail.text);

    const mismatch = await call(h.app, 'POST', '/api/api/v1/password/reset/confirm/', {
      token,
      new_password1: 'Fresh-start-9',
      new_password2: 'Fresh-start-8',
    });
    expect(mismatch.status).toBe(400);
    const ok = await call(h.app, 'POST', '/api/api/v1/password/reset/confirm/', {
      token,
      new_password1: 'Fresh-start-9',
      new_password2: 'Fresh-start-9',
    });
    expect(ok.status).toBe(200);
    expect(
      (
        await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
          username: SIGNUP.email,
          password: 'Fresh-start-9',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
          username: SIGNUP.email,
          password: SIGNUP.password1,
        })
      ).status,
    ).toBe(400);

    const again = await call(h.app, 'POST', '/api/api/v1/password/reset/confirm/', {
      token,
      new_password1: 'Third-time-9',
      new_password2: 'Third-time-9',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_reset_link');
  });

  it('lets a link set the password once, even when twenty confirmations arrive at once', async () => {
    // Past the per-e-mail limit of the other tests' requests.
    h.clock.now = new Date(h.clock.now.getTime() + 61 * 60_000);
    const arriving = smtp.next();
    await call(h.app, 'POST', '/api/api/v1/password/reset/', { email: SIGNUP.email });
    const token = tokenFrom((await arriving).text);
    const passwords = Array.from({ length: 20 }, (_, i) => `Parallel-run-${i}`);
    const answers = await Promise.all(
      passwords.map((password) =>
        call(h.app, 'POST', '/api/api/v1/password/reset/confirm/', {
          token,
          new_password1: password,
          new_password2: password,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.code === 'invalid_reset_link')).toBe(
      true,
    );
    // The one that won set the password; none of the others did.
    const winner = passwords[statuses.indexOf(200)]!;
    const logins: number[] = [];
    for (const password of [winner, ...passwords.filter((p) => p !== winner).slice(0, 3)]) {
      logins.push(
        (await call(h.app, 'POST', '/api/api/v1/get-token-auth/', { username: SIGNUP.email, password }))
          .status,
      );
    }
    expect(logins).toEqual([200, 400, 400, 400]);
  });

  it('refuses an expired link', async () => {
    const arriving = smtp.next();
    await call(h.app, 'POST', '/api/api/v1/password/reset/', { email: SIGNUP.email });
    const token = tokenFrom((await arriving).text);
    const realNow = h.clock.now;
    h.clock.now = new Date(realNow.getTime() + 61 * 60_000);
    try {
      const late = await call(h.app, 'POST', '/api/api/v1/password/reset/confirm/', {
        token,
        new_password1: 'Too-late-99',
        new_password2: 'Too-late-99',
      });
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('invalid_reset_link');
    } finally {
      h.clock.now = realNow;
    }
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = smtp.inbox.length;
    const unknown = await call(h.app, 'POST', '/api/api/v1/password/reset/', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.inbox.length).toBe(before);
  });

  it('limits reset requests per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await call(h.app, 'POST', '/api/api/v1/password/reset/', { email: 'limited@example.com' })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
