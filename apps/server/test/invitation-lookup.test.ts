import { INVITATION_TTL_DAYS } from '@fotodrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/services/accounts/rate-limiter';
import { BACKENDS } from './databases';
import { call } from './harness';
import {
  ACCEPT_URL,
  LOOKUP_URL,
  membersUrl,
  NEW_ACCOUNT,
  NEW_PASSWORD,
  startTeamHarness,
  type TeamHarness,
} from './team-fixture';

/**
 * Issue 18: the invitation page tells who invited whom to what before accepting, and a new account
 * gives the sign-up form's consents there, landing in the console without the terms page.
 */
describe.each(BACKENDS)('invitation lookup and consents on %s', (backend) => {
  let t: TeamHarness;
  let orgId: number;
  let ownerToken: string;
  const sql = async (text: string, params: unknown[] = []) =>
    (await t.h.database.executeSql(text, params)).rows as Record<string, unknown>[];
  const lookup = (token: string, ip?: string) =>
    t.h.app.inject({
      method: 'POST',
      url: LOOKUP_URL,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token }),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const invite = async (email: string, role: string) => {
    const before = t.sentTo(email);
    const invited = await call(t.h.app, 'POST', membersUrl(orgId), { email, role }, { token: ownerToken });
    expect(invited.status).toBe(201);
    return t.tokenOf(await t.nextInvitation(email, before));
  };

  beforeAll(async () => {
    t = await startTeamHarness(backend);
  });
  afterAll(() => t?.h.close());

  it('shows the new owner the organisation, role, inviter and e-mail, and asks the consents', async () => {
    const created = await call(
      t.h.app,
      'POST',
      '/api/organiser/v1/organisations/',
      {
        name: 'Lakeside Runs',
        app_name: 'lakeside',
        country: 'SI',
        currency: 'EUR',
        owner_email: 'rosa@lakeside.test',
      },
      { token: t.staff },
    );
    expect(created.status).toBe(201);
    orgId = created.body.id as number;
    const token = t.tokenOf(await t.invitationLink('rosa@lakeside.test'));
    const looked = await lookup(token);
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toEqual({
      organisation: { name: 'Lakeside Runs' },
      role: 'owner',
      email: 'rosa@lakeside.test',
      invited_by: 'Sam Staff',
      expires_at: new Date(t.h.clock.now.getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
      account_exists: false,
    });

    // a new account without the consents: both named, nothing stored, the link still works
    const bare = await call(t.h.app, 'POST', ACCEPT_URL, { token, password: NEW_PASSWORD });
    expect(bare.status).toBe(400);
    expect(bare.body.data).toEqual({
      fields: { is_adult: ['signup.adult_required'], accept_terms: ['signup.terms_required'] },
    });
    const nothing = await call(t.h.app, 'POST', ACCEPT_URL, { token });
    expect(nothing.body.data).toEqual({
      fields: {
        password: ['field.required'],
        is_adult: ['signup.adult_required'],
        accept_terms: ['signup.terms_required'],
      },
    });
    const refused = await call(t.h.app, 'POST', ACCEPT_URL, {
      token,
      password: NEW_PASSWORD,
      is_adult: true,
      accept_terms: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ fields: { accept_terms: ['signup.terms_required'] } });
    expect(await sql(`select id from users where email = 'rosa@lakeside.test'`)).toEqual([]);
    expect((await lookup(token)).statusCode).toBe(200);

    const accepted = await call(t.h.app, 'POST', ACCEPT_URL, {
      token,
      ...NEW_ACCOUNT,
      first_name: 'Rosa',
      last_name: 'Rivers',
    });
    expect(accepted.status).toBe(200);
    ownerToken = accepted.body.token as string;
    const [row] = await sql(
      `select policies_accepted_version, policies_accepted_at, declared_adult_at, marketing_consent
         from users where email = 'rosa@lakeside.test'`,
    );
    // the edition the harness requires (its REQUIRED_POLICIES_VERSION), as sign-up records it
    expect(row).toMatchObject({ policies_accepted_version: 1, marketing_consent: false });
    expect(new Date(row?.declared_adult_at as string).getTime()).toBe(t.h.clock.now.getTime());
    expect(new Date(row?.policies_accepted_at as string).getTime()).toBe(t.h.clock.now.getTime());
    // the policies are accepted: the console opens without the terms page
    const me = await call(t.h.app, 'GET', '/api/v2/users/me/', undefined, { token: ownerToken });
    expect(me.body.accepted_required_policies).toBe(true);
    expect((await call(t.h.app, 'GET', membersUrl(orgId), undefined, { token: ownerToken })).status).toBe(
      200,
    );

    const used = await lookup(token);
    expect(used.statusCode).toBe(410);
    expect(used.json()).toMatchObject({
      code: 'invitation_used',
      message: expect.stringContaining('Sign in'),
    });
  });

  it('names the inviting owner, and says the account exists so no consents are asked', async () => {
    const token = await invite('organiser@fotodrop.test', 'manager');
    const looked = await lookup(token);
    expect(looked.json()).toMatchObject({
      organisation: { name: 'Lakeside Runs' },
      role: 'manager',
      email: 'organiser@fotodrop.test',
      invited_by: 'Rosa Rivers',
      account_exists: true,
    });
    // the existing account joins with its password alone; its own consents stay as they were
    const [before] = await sql(`select declared_adult_at from users where email = 'organiser@fotodrop.test'`);
    const joined = await call(t.h.app, 'POST', ACCEPT_URL, { token, password: 'Fotodrop-organiser1' });
    expect(joined.status).toBe(200);
    expect(joined.body.organisation).toMatchObject({ name: 'Lakeside Runs', role: 'manager' });
    expect(await sql(`select declared_adult_at from users where email = 'organiser@fotodrop.test'`)).toEqual([
      before,
    ]);
  });

  it('tells an unknown link from an expired one, and refuses bad input', async () => {
    const unknown = await lookup('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'invitation_not_found',
      message: 'This invitation link is not valid.',
    });

    const token = await invite('late@lakeside.test', 'support');
    const saved = t.h.clock.now;
    t.h.clock.now = new Date(saved.getTime() + INVITATION_TTL_DAYS * 86_400_000 + 60_000);
    try {
      const late = await lookup(token);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({
        code: 'invitation_expired',
        message: "This invitation has expired. Ask the organisation's owner for a new one.",
      });
    } finally {
      t.h.clock.now = saved;
    }

    const empty = await lookup('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data).toEqual({ fields: { token: ['field.required'] } });
    const huge = await lookup('x'.repeat(10_000));
    expect(huge.json().data).toEqual({ fields: { token: ['invitation.invalid'] } });
  });

  it('shares one budget per address with accepting, and other addresses go on', async () => {
    const token = await invite('limited@lakeside.test', 'photographer');
    const flood = '10.7.7.7';
    // all but one of the hour's attempts made already (set directly: a thousand requests add nothing)
    await sql('insert into rate_limits (key, count, window_started_at) values ($1, $2, $3)', [
      `invitation:ip:${flood}`,
      LIMITS.loginPerIp.max - 1,
      t.h.clock.now.toISOString(),
    ]);
    expect((await lookup(token, flood)).statusCode).toBe(200);
    const stopped = await lookup(token, flood);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    const accepting = await t.h.app.inject({
      method: 'POST',
      url: ACCEPT_URL,
      remoteAddress: flood,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token, ...NEW_ACCOUNT }),
    });
    expect(accepting.statusCode).toBe(429);
    expect(await sql(`select id from users where email = 'limited@lakeside.test'`)).toEqual([]);
    expect((await lookup(token, '10.7.7.8')).statusCode).toBe(200);
  });
});
