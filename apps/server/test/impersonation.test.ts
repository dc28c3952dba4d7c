import { IMPERSONATE_PERMISSION, PLATFORM_STAFF_PERMISSION } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Hasher } from '../src/adapters/password-hasher';
import { usersRepository } from '../src/repositories/users.repository';
import { seedDemo } from '../src/seed/demo';
import { BACKENDS } from './databases';
import { call, type Harness, SIGNUP, startHarness } from './harness';

interface ListedUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}
interface AuditRow {
  action: string;
  impersonator_id: number;
  impersonator_email: string;
  user_id: number;
  user_email: string;
  token_id: number;
  end_reason: string | null;
  ip: string;
  user_agent: string;
}

const AGENT = 'Mozilla/5.0 (support desk)';

/** Staff "view as" (albums spec, impersonation): who may, whom, the trail, and what such a session may not do. */
describe.each(BACKENDS)('impersonation on %s', (backend) => {
  let h: Harness;
  let staff: string;
  let demoId: number;
  const sql = (text: string, params: unknown[] = []) => h.database.executeSql(text, params);
  const logIn = async (username: string, password: string) => {
    const answer = await call(h.app, 'POST', '/api/api/v1/get-token-auth/', { username, password });
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  };
  const signUp = async (email: string, names: { first_name?: string; last_name?: string } = {}) => {
    const answer = await call(h.app, 'POST', '/api/v2/users/create/', { ...SIGNUP, email, ...names });
    expect(answer.status).toBe(201);
    return answer.body.token as string;
  };
  const userId = async (email: string) =>
    ((await sql('select id from users where lower(email) = $1', [email])).rows[0] as { id: number }).id;
  const list = (query: string, token = staff) =>
    call(h.app, 'GET', `/api/impersonate/user/${query}`, undefined, { token });
  const impersonate = (user: unknown, token = staff) =>
    call(
      h.app,
      'POST',
      '/api/impersonate/user/impersonate/',
      { user },
      { token, headers: { 'user-agent': AGENT } },
    );
  const trail = async (): Promise<AuditRow[]> =>
    (await sql('select * from impersonation_audit order by id')).rows as AuditRow[];

  beforeAll(async () => {
    h = await startHarness(backend);
    await seedDemo(h.database.db, argon2Hasher, 1);
    staff = await logIn('staff@fotodrop.test', 'Fotodrop-staff1');
    demoId = await userId('demo@fotodrop.test');
    await signUp('alice.walker@example.com', { first_name: 'Alice', last_name: 'Walker' });
    await signUp('bob_100@example.com', { first_name: 'Bob', last_name: 'Stone' });
    await signUp('carla@example.com', { first_name: 'Carla', last_name: 'Alvarez' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 401 without a session, 403 to a plain user and to staff without the permission', async () => {
    expect((await call(h.app, 'GET', '/api/impersonate/user/')).status).toBe(401);
    expect((await call(h.app, 'POST', '/api/impersonate/user/impersonate/', { user: demoId })).status).toBe(
      401,
    );
    const plain = await logIn('demo@fotodrop.test', 'Fotodrop-demo1');
    expect((await list('', plain)).status).toBe(403);
    expect((await impersonate(demoId, plain)).status).toBe(403);
    const otherStaff = await signUp('helpdesk@example.com');
    await usersRepository(h.database.db).grant(await userId('helpdesk@example.com'), [
      PLATFORM_STAFF_PERMISSION,
    ]);
    expect((await list('', otherStaff)).status).toBe(403);
    expect((await impersonate(demoId, otherStaff)).status).toBe(403);
    expect(await trail()).toEqual([]);
  });

  it('lists only accounts without permissions, newest first, 20 a page, with search, exact e-mail and ordering', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    const emails = (all.body.results as ListedUser[]).map((u) => u.email);
    expect(emails).toEqual([
      'carla@example.com',
      'bob_100@example.com',
      'alice.walker@example.com',
      'demo@fotodrop.test',
    ]);
    expect(all.body.pagination).toEqual({ total: 4, num_pages: 1, page_size: 20, page_number: 1 });
    expect(emails).not.toContain('staff@fotodrop.test');
    expect(emails).not.toContain('organiser@fotodrop.test');
    expect(emails).not.toContain('helpdesk@example.com');

    const byName = await list('?search=ALICE');
    expect((byName.body.results as ListedUser[]).map((u) => u.email)).toEqual(['alice.walker@example.com']);
    const fullName = await list(`?search=${encodeURIComponent('carla alv')}`);
    expect((fullName.body.results as ListedUser[]).map((u) => u.email)).toEqual(['carla@example.com']);
    // % and _ are searched as letters, not as wildcards.
    expect((await list(`?search=${encodeURIComponent('%')}`)).body.results).toEqual([]);
    const underscore = await list(`?search=${encodeURIComponent('b_1')}`);
    expect((underscore.body.results as ListedUser[]).map((u) => u.email)).toEqual(['bob_100@example.com']);
    const exact = await list('?email=DEMO@fotodrop.test');
    expect((exact.body.results as ListedUser[]).map((u) => u.id)).toEqual([demoId]);
    expect((await list('?email=demo@fotodrop')).body.results).toEqual([]);

    const byLastName = await list('?ordering=last_name');
    expect((byLastName.body.results as ListedUser[]).map((u) => u.last_name)).toEqual([
      'Alvarez',
      'Demo',
      'Stone',
      'Walker',
    ]);
    const byEmailDesc = await list('?ordering=-email');
    expect((byEmailDesc.body.results as ListedUser[])[0]!.email).toBe('demo@fotodrop.test');

    const page2 = await list('?ordering=email&page_size=3&page=2');
    expect((page2.body.results as ListedUser[]).map((u) => u.email)).toEqual(['demo@fotodrop.test']);
    expect(page2.body.pagination).toEqual({ total: 4, num_pages: 2, page_size: 3, page_number: 2 });
    expect((await list('?page=9')).body.results).toEqual([]);

    expect((await list('?ordering=password_hash')).status).toBe(400);
    expect((await list('?page=0')).status).toBe(400);
    expect((await list('?page_size=101')).status).toBe(400);
  });

  it('opens a session as the user that acts as them, records the start, and leaves their last sign-in alone', async () => {
    const lastLogin = (
      (await sql('select last_login_at from users where id = $1', [demoId])).rows[0] as {
        last_login_at: unknown;
      }
    ).last_login_at;
    const answer = await impersonate(demoId);
    expect(answer.status).toBe(200);
    expect(answer.body.token_type).toBe('Token');
    const token = answer.body.token as string;
    const me = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token });
    expect(me.body).toMatchObject({ id: demoId, email: 'demo@fotodrop.test' });
    expect((await call(h.app, 'GET', '/api/v3/checkins/', undefined, { token })).status).toBe(200);

    const [start] = await trail();
    expect(start).toMatchObject({
      action: 'start',
      impersonator_email: 'staff@fotodrop.test',
      user_id: demoId,
      user_email: 'demo@fotodrop.test',
      end_reason: null,
      user_agent: AGENT,
    });
    expect(start!.ip).toMatch(/\d/);
    const after = (await sql('select last_login_at from users where id = $1', [demoId])).rows[0] as {
      last_login_at: unknown;
    };
    expect(after.last_login_at).toEqual(lastLogin);
    await call(h.app, 'POST', '/api/api/v1/logout/', undefined, { token });
  });

  it('refuses paying, the password, deleting the account, consent and impersonating again in such a session', async () => {
    const token = (await impersonate(demoId)).body.token as string;
    const send = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
      call(h.app, method, url, body, { token });
    const refused = [
      await send('POST', '/api/v3/orders/', { payment_method: 'stripe' }),
      await send('POST', '/api/v3/orders/confirm-payment/', {
        transaction_id: 'pi_1',
        payment_method: 'stripe',
      }),
      await send('PATCH', '/api/payments/v1/stripe/payment-methods/pm_1/set-default/', {}),
      await send('POST', '/api/payments/v1/stripe/payment-methods/pm_1/detach/', {}),
      await send('POST', '/api/api/v1/password/change/', {
        old_password: 'Fotodrop-demo1',
        new_password1: 'Another-pass-2026',
        new_password2: 'Another-pass-2026',
      }),
      await send('POST', '/api/v1/users/me/delete/', { password: 'Fotodrop-demo1' }),
      await send('PATCH', '/api/v2/users/me/', { marketing_consent: true }),
      await send('POST', '/api/impersonate/user/impersonate/', { user: demoId }),
    ];
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body.code).toBe('impersonation_forbidden');
    }
    // Nothing changed: the password still works, the account is there, consent unchanged.
    await logIn('demo@fotodrop.test', 'Fotodrop-demo1');
    const row = (await sql('select marketing_consent from users where id = $1', [demoId])).rows[0] as {
      marketing_consent: boolean;
    };
    expect(row.marketing_consent).toBe(false);
    // Reading and harmless changes still work: the staff member sees what the user sees.
    expect((await send('PATCH', '/api/v2/users/me/', { language: 'en' })).status).toBe(200);
    await call(h.app, 'POST', '/api/api/v1/logout/', undefined, { token });
  });

  it('returning (logout of the impersonated token) ends the session and records the end; the staff session stays', async () => {
    const before = (await trail()).length;
    const token = (await impersonate(demoId)).body.token as string;
    const out = await call(h.app, 'POST', '/api/api/v1/logout/', undefined, {
      token,
      headers: { 'user-agent': AGENT },
    });
    expect(out.status).toBe(200);
    expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token })).status).toBe(401);
    expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: staff })).body.email).toBe(
      'staff@fotodrop.test',
    );
    const rows = (await trail()).slice(before);
    expect(rows.map((r) => [r.action, r.end_reason])).toEqual([
      ['start', null],
      ['end', 'logout'],
    ]);
    expect(rows[1]!.token_id).toBe(rows[0]!.token_id);
    expect(rows[1]).toMatchObject({
      user_id: demoId,
      impersonator_email: 'staff@fotodrop.test',
      user_agent: AGENT,
    });
  });

  it('an impersonated session ends after an hour, never extended, and the end is recorded when it is next used', async () => {
    const before = (await trail()).length;
    const token = (await impersonate(demoId)).body.token as string;
    const started = h.clock.now;
    try {
      h.clock.now = new Date(started.getTime() + 59 * 60_000);
      expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token })).status).toBe(200);
      h.clock.now = new Date(started.getTime() + 61 * 60_000);
      const late = await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token });
      expect(late.status).toBe(401);
      expect(late.body.code).toBe('token_expired');
      // The staff member's own session is a normal one and still valid.
      expect((await call(h.app, 'GET', '/api/v2/users/me/', undefined, { token: staff })).status).toBe(200);
    } finally {
      h.clock.now = started;
    }
    const rows = (await trail()).slice(before);
    expect(rows.map((r) => [r.action, r.end_reason])).toEqual([
      ['start', null],
      ['end', 'expired'],
    ]);
  });

  it('never impersonates staff, organisers, oneself or nobody; bad input is a 400', async () => {
    const before = (await trail()).length;
    expect((await impersonate(await userId('organiser@fotodrop.test'))).status).toBe(403);
    expect((await impersonate(await userId('helpdesk@example.com'))).status).toBe(403);
    const self = await impersonate(await userId('staff@fotodrop.test'));
    expect(self.status).toBe(400);
    expect(self.body.data).toEqual({ fields: { user: ['impersonation.self'] } });
    expect((await impersonate(999_999)).status).toBe(404);
    expect((await impersonate('abc')).status).toBe(400);
    expect(
      (await call(h.app, 'POST', '/api/impersonate/user/impersonate/', {}, { token: staff })).status,
    ).toBe(400);
    expect((await trail()).length).toBe(before);
  });

  it('keeps the trail append-only', async () => {
    await expect(sql('update impersonation_audit set ip = $1', ['1.2.3.4'])).rejects.toThrow(/append-only/);
    await expect(sql('delete from impersonation_audit')).rejects.toThrow(/append-only/);
    expect((await trail()).length).toBeGreaterThan(0);
  });

  it('limits each staff member to 60 attempts an hour; another staff member is not held back', async () => {
    const staffOf = async (email: string) => {
      const token = await signUp(email);
      await usersRepository(h.database.db).grant(await userId(email), [IMPERSONATE_PERMISSION]);
      return token;
    };
    const busy = await staffOf('busy.staff@example.com');
    const other = await staffOf('other.staff@example.com');
    for (let i = 0; i < 60; i += 1) expect((await impersonate(demoId, busy)).status).toBe(200);
    const over = await impersonate(demoId, busy);
    expect(over.status).toBe(429);
    expect(Number(over.raw.headers['retry-after'])).toBeGreaterThan(0);
    expect((await impersonate(demoId, other)).status).toBe(200);
  });
});
