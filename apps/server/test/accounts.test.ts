import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/adapters/storage/local-storage';
import { buildApp } from '../src/app';
import { BACKENDS } from './databases';
import { call, collectingMailer, type Harness, SIGNUP, startHarness } from './harness';

const countUsers = async (h: Harness) => {
  const result = await h.database.executeSql('select count(*)::int as n from users', []);
  return (result.rows[0] as { n: number }).n;
};

describe.each(BACKENDS)('accounts over HTTP on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.close());

  it('signs up, answers with a Token, and the user reads themselves with perms', async () => {
    const signup = await call(h.app, 'POST', '/api/v2/users/create/', SIGNUP);
    expect(signup.status).toBe(201);
    expect(signup.body.token_type).toBe('Token');
    const token = signup.body.token as string;

    const me = await call(h.app, 'GET', '/api/v2/users/me/?include_perms=true', undefined, { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'runner@example.com',
      first_name: 'Rita',
      accepted_required_policies: true,
      is_anonymous: false,
      perms: [],
    });
    const withoutPerms = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token });
    expect(withoutPerms.body).not.toHaveProperty('perms');
  });

  it('refuses bad signup input with field errors and stores nothing', async () => {
    const before = await countUsers(h);
    const bad = await call(h.app, 'POST', '/api/v2/users/create/', {
      email: 'not-an-email',
      password1: 'short',
      password2: 'different',
      first_name: '',
      is_adult: false,
      accept_terms: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    const fields = (bad.body.data as { fields: Record<string, string[]> }).fields;
    expect(fields.email).toEqual(['email.invalid']);
    expect(fields.password1).toEqual(
      expect.arrayContaining([
        'password.rule.length',
        'password.rule.number',
        'password.rule.capital',
        'password.rule.special',
      ]),
    );
    expect(fields.first_name).toEqual(['field.required']);
    expect(fields.is_adult).toEqual(['signup.adult_required']);
    expect(await countUsers(h)).toBe(before);

    const mismatch = await call(h.app, 'POST', '/api/v2/users/create/', {
      ...SIGNUP,
      email: 'm@example.com',
      password2: 'Other-pass-1',
    });
    expect((mismatch.body.data as { fields: Record<string, string[]> }).fields.password2).toEqual([
      'password.mismatch',
    ]);
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/api/v2/users/create/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await countUsers(h)).toBe(before);
  });

  it('refuses a second account for the same e-mail in any letter case', async () => {
    const again = await call(h.app, 'POST', '/api/v2/users/create/', {
      ...SIGNUP,
      email: 'RUNNER@example.com',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('email_taken');
  });

  it('logs in with e-mail and password; wrong password and unknown tokens are refused', async () => {
    const login = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
      username: 'Runner@Example.com',
      password: SIGNUP.password1,
    });
    expect(login.status).toBe(200);
    expect(typeof login.body.token).toBe('string');
    const wrong = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
      username: 'runner@example.com',
      password: 'nope',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_credentials');
    const unknown = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(401);
    const none = await call(h.app, 'GET', '/api/v2/users/me/');
    expect(none.status).toBe(401);
  });

  it('expires tokens after their lifetime', async () => {
    const login = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
      username: SIGNUP.email,
      password: SIGNUP.password1,
    });
    const token = login.body.token as string;
    const realNow = h.clock.now;
    h.clock.now = new Date(realNow.getTime() + 31 * 86_400_000);
    try {
      const me = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('token_expired');
    } finally {
      h.clock.now = realNow;
    }
  });

  it('updates profile fields, consent and language, and records when consent changed', async () => {
    const { body } = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
      username: SIGNUP.email,
      password: SIGNUP.password1,
    });
    const token = body.token as string;
    const patched = await call(
      h.app,
      'PATCH',
      '/api/v2/users/me/',
      { first_name: 'Rita M.', language: 'sl', marketing_consent: true },
      { token },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ first_name: 'Rita M.', language: 'sl', marketing_consent: true });
    expect(patched.body.marketing_consent_updated_at).toEqual(expect.any(String));
    const bad = await call(
      h.app,
      'PATCH',
      '/api/v2/users/me/',
      { language: 'xx', email: 'new@example.com' },
      { token },
    );
    expect(bad.status).toBe(400);
    const me = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token });
    expect(me.body.language).toBe('sl');
    expect(me.body.email).toBe('runner@example.com');
  });

  it('changes the password: old one stops working, other sessions end, this one stays', async () => {
    const a = (
      await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
        username: SIGNUP.email,
        password: SIGNUP.password1,
      })
    ).body.token as string;
    const b = (
      await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
        username: SIGNUP.email,
        password: SIGNUP.password1,
      })
    ).body.token as string;
    const wrongOld = await call(
      h.app,
      'POST',
      '/api/api/v1/password/change/',
      { old_password: 'wrong', new_password1: 'New-pass-2026', new_password2: 'New-pass-2026' },
      { token: a },
    );
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.code).toBe('wrong_password');
    const mismatch = await call(
      h.app,
      'POST',
      '/api/api/v1/password/change/',
      { old_password: SIGNUP.password1, new_password1: 'New-pass-2026', new_password2: 'New-pass-2027' },
      { token: a },
    );
    expect(mismatch.status).toBe(400);

    const ok = await call(
      h.app,
      'POST',
      '/api/api/v1/password/change/',
      { old_password: SIGNUP.password1, new_password1: 'New-pass-2026', new_password2: 'New-pass-2026' },
      { token: a },
    );
    expect(ok.status).toBe(200);
    expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: a })).status).toBe(200);
    expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: b })).status).toBe(401);
    expect(
      (
        await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
          username: SIGNUP.email,
          password: SIGNUP.password1,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
          username: SIGNUP.email,
          password: 'New-pass-2026',
        })
      ).status,
    ).toBe(200);
  });

  it('deletes the account only with the right password, and keeps no personal data', async () => {
    const token = (
      await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
        username: SIGNUP.email,
        password: 'New-pass-2026',
      })
    ).body.token as string;
    const missing = await call(h.app, 'POST', '/api/v1/users/me/delete/', {}, { token });
    expect(missing.status).toBe(400);
    expect((missing.body.data as { fields: Record<string, string[]> }).fields.password).toEqual([
      'password.enter',
    ]);
    const wrong = await call(h.app, 'POST', '/api/v1/users/me/delete/', { password: 'nope' }, { token });
    expect(wrong.status).toBe(400);
    expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token })).status).toBe(200);

    const gone = await call(
      h.app,
      'POST',
      '/api/v1/users/me/delete/',
      { password: 'New-pass-2026' },
      { token },
    );
    expect(gone.status).toBe(200);
    expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token })).status).toBe(401);
    expect(
      (
        await call(h.app, 'POST', '/api/api/v1/get-token-auth/', {
          username: SIGNUP.email,
          password: 'New-pass-2026',
        })
      ).status,
    ).toBe(400);
    const rows = await h.database.executeSql('select * from account_deletions', []);
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows)).not.toContain('runner@example.com');
    const left = await h.database.executeSql('select count(*)::int as n from auth_tokens', []);
    expect((left.rows[0] as { n: number }).n).toBe(0);
  });

  it('logs out by revoking the token', async () => {
    const signup = await call(h.app, 'POST', '/api/v2/users/create/', {
      ...SIGNUP,
      email: 'leaving@example.com',
    });
    const token = signup.body.token as string;
    expect((await call(h.app, 'POST', '/api/api/v1/logout/', undefined, { token })).status).toBe(200);
    expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token })).status).toBe(401);
  });

  it('answers unknown API paths with a JSON 404 and reports health', async () => {
    const missing = await call(h.app, 'GET', '/api/v9/nothing/');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    const health = await call(h.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', database: backend });
    const ready = await call(h.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: backend });
  });

  it('answers liveness without the database and readiness 503 when the database does not answer', async () => {
    const stuck = await buildApp({
      database: { ...h.database, executeSql: () => new Promise(() => {}) },
      services: h.services,
      mailer: collectingMailer(),
      storage: localStorage(tmpdir()),
      mediaSecret: 'test-media-secret-0123456789abcdef',
      publicUrl: 'http://localhost:8080',
      webDist: null,
      logLevel: 'silent',
    });
    try {
      const live = await call(stuck, 'GET', '/api/health');
      expect(live.status).toBe(200);
      const ready = await call(stuck, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', database: backend });
    } finally {
      await stuck.close();
    }
  });

  it("keeps a client's plain request id and replaces any other with a fresh one", async () => {
    const echoed = async (id: string) =>
      (await call(h.app, 'GET', '/api/health', undefined, { headers: { 'x-request-id': id } })).raw.headers[
        'x-request-id'
      ];
    expect(await echoed('req-42.a:b_C')).toBe('req-42.a:b_C');
    for (const forged of [
      'has spaces',
      '<script>alert(1)</script>',
      'a'.repeat(65),
      'line%0d%0aSet-Cookie: x=1',
      'tab\there',
      '"quoted"',
    ]) {
      const answer = await echoed(forged);
      expect(answer, forged).not.toBe(forged);
      expect(answer, forged).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
