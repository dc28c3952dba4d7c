import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_STAFF_PERMISSION } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer } from '../src/adapters/mail/mailer';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { usersRepository } from '../src/repositories/users.repository';
import { DEMO_USERS, seedDemo } from '../src/seed/demo';
import { registerMailWorker } from '../src/services/mail/mail.jobs';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

describe.each(BACKENDS)('the development mailbox on %s', (backend) => {
  let h: Harness;
  let outbox: string;
  let victim: string;
  let staff: string;
  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'fotodrop-outbox-'));
    const mailer = outboxMailer(outbox, 'Fotodrop <no-reply@fotodrop.test>');
    h = await startHarness(backend, { mailer });
    await registerMailWorker(h.jobs, mailer);
    victim = (await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP)).body.token as string;
    const signup = await call(h.app, 'POST', '/api/v2/users/create/', {
      ...SIGNUP,
      email: 'ops@example.com',
    });
    staff = signup.body.token as string;
    const ops = await usersRepository(h.database.db).findByEmail('ops@example.com');
    await usersRepository(h.database.db).grant(ops!.id, [PLATFORM_STAFF_PERMISSION]);
    // The attacker's move: a reset link for the victim lands in the outbox.
    await call(h.app, 'POST', '/api/api/v1/password/reset/', { email: SIGNUP.email });
    for (let i = 0; i < 100; i++) {
      const list = await call(h.app, 'GET', '/api/dev/mailbox', undefined, { token: staff });
      if ((list.body.messages as string[] | undefined)?.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    await h?.close();
    await rm(outbox, { recursive: true, force: true });
  });

  const mailName = async () =>
    (
      (await call(h.app, 'GET', '/api/dev/mailbox', undefined, { token: staff })).body.messages as string[]
    )[0]!;

  it('answers an anonymous caller 401 and shows no message', async () => {
    const list = await call(h.app, 'GET', '/api/dev/mailbox');
    expect(list.status).toBe(401);
    expect(list.body).not.toHaveProperty('messages');
    const message = await call(h.app, 'GET', `/api/dev/mailbox/${await mailName()}`);
    expect(message.status).toBe(401);
    expect(message.raw.body).not.toContain('reset-password');
  });

  it('answers a signed-in user who is not platform staff 403', async () => {
    expect((await call(h.app, 'GET', '/api/dev/mailbox', undefined, { token: victim })).status).toBe(403);
    const message = await call(h.app, 'GET', `/api/dev/mailbox/${await mailName()}`, undefined, {
      token: victim,
    });
    expect(message.status).toBe(403);
    expect(message.raw.body).not.toContain('reset-password');
  });

  it('shows platform staff the list and the message', async () => {
    const message = await call(h.app, 'GET', `/api/dev/mailbox/${await mailName()}`, undefined, {
      token: staff,
    });
    expect(message.status).toBe(200);
    expect(message.raw.body).toContain('reset-password?token=');
  });

  it('makes the demo staff account platform staff, also in an installation seeded before', async () => {
    await seedDemo(h.database.db, argon2Hasher, 1);
    const staffLogin = DEMO_USERS.find((u) => u.email.startsWith('staff'))!;
    const demoStaff = await usersRepository(h.database.db).findByEmail(staffLogin.email);
    await h.database.executeSql('delete from user_permissions where user_id = $1', [demoStaff!.id]);
    await seedDemo(h.database.db, argon2Hasher, 1);
    const login = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
      username: staffLogin.email,
      password: staffLogin.password,
    });
    const list = await call(h.app, 'GET', '/api/dev/mailbox', undefined, {
      token: login.body.token as string,
    });
    expect(list.status).toBe(200);
  });
});
